/** A failed gateway call. `message` is either the server's text or an i18n key (`isKey`). */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly callId: string;
  readonly isKey: boolean;
  /** The envelope's data of a refusal, when the gateway sent one (e.g. the conflicting readers). */
  readonly data: unknown;
  constructor(opts: { message: string; code: number; status: number; callId: string; isKey?: boolean; data?: unknown }) {
    super(opts.message);
    this.name = 'ApiError';
    this.code = opts.code;
    this.status = opts.status;
    this.callId = opts.callId;
    this.isKey = opts.isKey ?? false;
    this.data = opts.data ?? null;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
