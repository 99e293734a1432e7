import ky, { type KyInstance } from 'ky';
import { z } from 'zod';
import { anyEnvelopeSchema, isSuccess, ServiceCode } from '../../shared/api/envelope.ts';
import type { CallData, CallDef, CallInput } from '../../shared/api/contract.ts';
import { authCalls, tokenSchema } from '../../shared/api/auth.ts';
import { ApiError } from './api-error.ts';
import { AuthFailure, createRefreshQueue, type AttemptOutcome } from './refresh-queue.ts';
import { authorizationHeader, sessionStore } from './session-store.ts';
import { currentLanguage } from './language.ts';
import { toast } from './toast-store.ts';
import { refreshFromMain } from './token-keeper.ts';
import { workstationHeader } from './workstation.ts';

// The CSP has no 'unsafe-eval': zod must not compile validators with new Function. Set here, on
// the first import of the client, which comes before any reply is parsed.
z.config({ jitless: true });

/**
 * One ky client for every /micro call: bearer, school, language and workstation headers; the envelope rule
 * (success = code 0 or success true); error toasts for 2 s unless the call or caller opts out;
 * 401/99998 -> one refresh in flight and one replay per request (refresh-queue.ts); 99997 ->
 * signed out elsewhere; 403 -> "no operation permission"; zod parsing of `data`.
 */
type FetchFn = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

interface ClientConfig {
  baseUrl: string;
  fetch: FetchFn | undefined;
  /** Strict parsing throws on a data mismatch (dev, tests); production logs and continues. */
  strict: boolean;
}

const config: ClientConfig = {
  baseUrl: typeof window !== 'undefined' ? window.location.origin : 'http://localhost',
  fetch: undefined,
  strict: !import.meta.env.PROD,
};

let http: KyInstance;
let bare: KyInstance;

function build(): void {
  const common = {
    retry: 0,
    timeout: 60_000,
    throwHttpErrors: false,
    baseUrl: config.baseUrl,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  };
  http = ky.create({
    ...common,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const s = sessionStore.get();
          const auth = authorizationHeader(s.token);
          if (auth) request.headers.set('Authorization', auth);
          const school = s.user?.SchoolID ?? s.searchSchool;
          if (school != null) request.headers.set('SchoolID', String(school));
          request.headers.set('Accept-Language', currentLanguage());
          const station = workstationHeader();
          if (station) request.headers.set('X-Workstation', station);
        },
      ],
    },
  });
  // The refresh goes on a client without the hooks, so it never carries the expired bearer
  // and can never re-enter the refresh logic.
  bare = ky.create(common);
}
build();

export function configureApiClient(patch: Partial<ClientConfig>): void {
  Object.assign(config, patch);
  build();
}

export function apiBaseUrl(): string {
  return config.baseUrl;
}

/** Resolves a gateway-relative address (e.g. a job's ResultFile) against the gateway origin. */
export function apiUrl(path: string): string {
  return new URL(path, config.baseUrl).toString();
}

export interface AuthHandlers {
  onExpired: () => void;
  onSignedOutElsewhere: () => void;
}
/**
 * Set by tests; otherwise auth-flow.ts's, loaded on the first failure: sign-in and its strings
 * stay out of a screen's first load, and auth-flow imports this client, not the other way round.
 */
let handlers: AuthHandlers | null = null;
export function setAuthHandlers(h: AuthHandlers | null): void {
  handlers = h;
}
function onAuthFailure(which: keyof AuthHandlers): void {
  if (handlers) handlers[which]();
  else void import('./auth-flow.ts').then((m) => m.authHandlers[which]());
}

async function refreshToken(): Promise<boolean> {
  // The desktop: main refreshes once for every window and keeps the refresh token.
  const fromMain = await refreshFromMain();
  if (fromMain != null) return fromMain;
  const current = sessionStore.get().token;
  if (!current?.refresh_token) return false;
  const res = await bare.post(authCalls.refreshToken.path, {
    json: { refreshToken: current.refresh_token },
    headers: { 'Accept-Language': currentLanguage() },
  });
  if (!res.ok) return false;
  const env = anyEnvelopeSchema.safeParse(await res.json().catch(() => null));
  if (!env.success || !isSuccess(env.data)) return false;
  const token = tokenSchema.safeParse(env.data.data);
  if (!token.success) return false;
  // Keep the old refresh token if the server did not rotate it.
  sessionStore.setToken({ ...token.data, refresh_token: token.data.refresh_token ?? current.refresh_token });
  return true;
}

const queue = createRefreshQueue({
  refresh: refreshToken,
  onExpired: () => {
    toast.key('errors:authExpired');
    onAuthFailure('onExpired');
  },
  onSignedOutElsewhere: () => {
    toast.key('errors:signedOutElsewhere', 'warning');
    onAuthFailure('onSignedOutElsewhere');
  },
});

/** A new session began: auth failures may be reported again. */
export function resetAuthFailures(): void {
  queue.reset();
}

export interface CallOptions {
  /** false: no error toast for this call site (in addition to the call's own `toast: false`). */
  toast?: boolean;
  /** Sent unchanged on the first attempt and the replay, so the gateway can deduplicate. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function toQuery(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (input && typeof input === 'object') {
    for (const [k, v] of Object.entries(input)) {
      if (v === undefined || v === null) continue;
      out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
  }
  return out;
}

function fail(def: CallDef, status: number, code: number, message: string, isKey = false, data: unknown = null): never {
  throw new ApiError({ message, code, status, callId: def.id, isKey, data });
}

async function attempt<D>(def: CallDef, input: unknown, opts: CallOptions): Promise<AttemptOutcome<D>> {
  const headers: Record<string, string> = {};
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await http(def.path, {
      method: def.method,
      headers,
      ...(def.method === 'GET' ? { searchParams: toQuery(input) } : { json: input ?? {} }),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    fail(def, 0, -1, 'errors:network', true);
  }
  if (res.status === 401) return { kind: 'unauthorized' };
  const body: unknown = await res.json().catch(() => null);
  const env = anyEnvelopeSchema.safeParse(body);
  if (env.success && env.data.code === ServiceCode.tokenExpired) return { kind: 'unauthorized' };
  if (env.success && env.data.code === ServiceCode.signedOutElsewhere) return { kind: 'signedOutElsewhere' };
  if (res.status === 403) fail(def, 403, ServiceCode.forbidden, 'errors:noPermission', true);
  const serverMessage = env.success ? env.data.message || env.data.msg || '' : '';
  if (!res.ok) {
    if (serverMessage) fail(def, res.status, env.success ? env.data.code : res.status, serverMessage, false, env.success ? env.data.data : null);
    fail(def, res.status, res.status, res.status === 429 ? 'errors:tooManyRequests' : 'errors:server', true);
  }
  if (!env.success) fail(def, res.status, -1, 'errors:server', true);
  if (!isSuccess(env.data)) {
    if (serverMessage) fail(def, res.status, env.data.code, serverMessage, false, env.data.data);
    fail(def, res.status, env.data.code, 'errors:server', true, env.data.data);
  }
  const parsed = (def.data as z.ZodType).nullable().safeParse(env.data.data ?? null);
  if (parsed.success) return { kind: 'ok', value: parsed.data as D };
  if (config.strict) {
    throw new Error(`${def.id}: reply does not match the contract: ${z.prettifyError(parsed.error)}`);
  }
  console.warn(`${def.id}: reply does not match the contract`, parsed.error.issues);
  return { kind: 'ok', value: env.data.data as D };
}

function showError(e: unknown): void {
  if (e instanceof ApiError) {
    if (e.isKey) toast.key(e.message);
    else toast.text(e.message);
  }
}

/** Calls the gateway: `await call(homeCalls.getDashboard, {})` is typed from the contract. */
export async function call<C extends CallDef>(def: C, input: CallInput<C>, opts: CallOptions = {}): Promise<CallData<C>> {
  if (def.raw) throw new Error(`${def.id} is not an enveloped call`);
  // Defaults (Page 1 ...) are applied once here; the same body is sent on the replay.
  const body = def.input.parse(input ?? {});
  try {
    return await queue.execute(() => attempt<CallData<C>>(def, body, opts));
  } catch (e) {
    if (!(e instanceof AuthFailure) && def.toast !== false && opts.toast !== false) showError(e);
    throw e;
  }
}
