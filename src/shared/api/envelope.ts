import { z } from 'zod';

/**
 * Every /micro reply is wrapped as { code, success, message, data }.
 * The spec's success rule: code === 0 OR success === true.
 */
export const ServiceCode = {
  ok: 0,
  failed: 1,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  /** The session was signed out elsewhere: the client removes the user and goes to log out. */
  signedOutElsewhere: 99997,
  /** The gateway's "token expired": the client refreshes once, exactly as for HTTP 401. */
  tokenExpired: 99998,
} as const;
export type ServiceCode = (typeof ServiceCode)[keyof typeof ServiceCode];

export interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    success: z.boolean(),
    message: z.string(),
    data: data.nullable(),
  });
}

/**
 * One rule for every reply (README "How the API answers"): the HTTP status tells the kind of
 * outcome and the envelope's code repeats it, so no failure ever travels as HTTP 200.
 * 200 ok (code 0) · 400 bad input (data.Issues names each field) · 401 not signed in or token
 * expired (code 401 or 99998) · 403 no operation permission, or another school · 404 what the
 * request names does not exist · 405 method not allowed · 409 the library's rules or the current
 * state refuse it (duplicate, in use, card lost, limit reached) · 413 · 415 · 429 too many ·
 * 500 server fault · 503 busy, retry.
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 503] as const;

export const issueSchema = z.object({ Path: z.string(), Message: z.string() });
export type ApiIssue = z.infer<typeof issueSchema>;

/** Every failing reply: a non-zero code, success false, a message in the caller's language. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int().refine((c) => c !== 0),
  success: z.literal(false),
  message: z.string().min(1),
  data: z.unknown(),
});
/** A 400's data: each problem with the field it concerns. */
export const badRequestDataSchema = z.object({ Issues: z.array(issueSchema) }).loose();

/** Loose shape used before the call-specific data schema is applied. */
export const anyEnvelopeSchema = z.object({
  code: z.number().int(),
  success: z.boolean().optional(),
  message: z.string().optional(),
  msg: z.string().optional(),
  data: z.unknown().optional(),
});

export function isSuccess(e: { code?: number; success?: boolean }): boolean {
  return e.code === 0 || e.success === true;
}

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { code: ServiceCode.ok, success: true, message, data };
}

export function fail(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { code, success: false, message, data };
}
