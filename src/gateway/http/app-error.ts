import { ServiceCode } from '../../shared/api/envelope.ts';

/**
 * A business or request error with an i18n key; the error handler translates it into the
 * request's language and replies with the envelope (never a bare 500 for a bad request).
 */
export class AppError extends Error {
  readonly code: number;
  readonly key: string;
  readonly params: Record<string, unknown>;
  readonly status: number;
  readonly data: unknown;

  constructor(
    code: number,
    key: string,
    opts: { params?: Record<string, unknown>; status?: number; data?: unknown } = {},
  ) {
    super(key);
    this.code = code;
    this.key = key;
    this.params = opts.params ?? {};
    // No failure travels as HTTP 200: a code outside the HTTP range is a refusal (409).
    this.status = opts.status ?? (code >= 400 && code < 600 ? code : 409);
    this.data = opts.data ?? null;
  }

  static badRequest(key: string, params?: Record<string, unknown>, data?: unknown) {
    return new AppError(ServiceCode.badRequest, key, { params, data, status: 400 });
  }
  static unauthorized(key = 'errors:loginAgain') {
    return new AppError(ServiceCode.unauthorized, key, { status: 401 });
  }
  static forbidden(key = 'errors:noPermission') {
    return new AppError(ServiceCode.forbidden, key, { status: 403 });
  }
  static notFound(key = 'errors:notFound', params?: Record<string, unknown>) {
    return new AppError(ServiceCode.notFound, key, { params, status: 404 });
  }
  static conflict(key: string, params?: Record<string, unknown>, data?: unknown) {
    return new AppError(ServiceCode.conflict, key, { params, data, status: 409 });
  }
  /**
   * The library's rules or the current state refuse a well-formed request: HTTP 409 with the
   * envelope (never a 200 with a non-zero code; see ERROR_STATUSES). The client toasts the message.
   */
  static refused(key: string, params?: Record<string, unknown>, data?: unknown) {
    return AppError.conflict(key, params, data);
  }
}
