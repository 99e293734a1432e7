import type { z } from 'zod';

/** The /micro/library/web1.0 prefix the spec writes as {lib}. */
export const LIB = '/micro/library/web1.0';

export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call:
 * - none: anonymous (sign-in, captcha, platform config)
 * - optional: anonymous or signed in; the school comes from the token, else the SchoolID header
 * - user: a signed-in user (authorization-code token); school = the token's school
 * - client: a user token or a client-credentials token
 */
export type CallAuth = 'none' | 'optional' | 'user' | 'client';

/**
 * One gateway call: the single source of truth shared by the gateway (routes, validation, OpenAPI)
 * and the renderer (typed client). `input` is the JSON body for POST, the query string for GET.
 * `data` is the envelope's data. `raw` calls (OAuth token endpoint, file download) are not enveloped.
 */
export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** `<domain>.<action>`, unique. */
  id: string;
  method: HttpMethod;
  /** Exactly as in shared/spec/endpoints.json, or our own design under {lib}/<Area>/<Action>. */
  path: string;
  input: I;
  data: O;
  auth: CallAuth;
  /** Permission key checked on the server (role must hold it, or '*'). */
  perm?: string;
  /** false: the client shows no error toast for this call (spec: user/get). */
  toast?: boolean;
  /** Not wrapped in the envelope (OAuth token endpoint, file download). */
  raw?: boolean;
  /** The spec names this call (counted by spec:coverage); false for our own designs. */
  spec: boolean;
  /**
   * A stricter per-address rate limit: 'login' for sign-in style calls; 'public' for what answers
   * without a token (pre-sign-in pages): anonymous requests are limited, signed-in ones are not.
   */
  rateLimit?: 'login' | 'public';
  /**
   * The operation log (gateway/operation-log): by default a signed-in user's call is logged when it
   * changed data. 'always': also when refused (the desk's transactions); 'never': a read that
   * writes only its own bookkeeping, or a personal preference.
   */
  log?: 'always' | 'never';
  /**
   * A third-party app (registered by the school, consented to by the user on /connect/oauth) may
   * make this call when its token carries this scope; it may make no call without one.
   */
  appScope?: AppScope;
}

/** What a third-party app may be allowed to read of the user who consents (all read-only). */
export const APP_SCOPES = ['library.profile', 'library.loans'] as const;
export type AppScope = (typeof APP_SCOPES)[number];

export function defineCall<I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>): CallDef<I, O> {
  return def;
}

export type CallInput<C> = C extends CallDef<infer I, z.ZodType> ? z.input<I> : never;
export type CallData<C> = C extends CallDef<z.ZodType, infer O> ? z.output<O> : never;
