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
