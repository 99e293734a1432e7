import type { IpcError } from '../../shared/ipc/contract.ts';

/** A handler throws this to return a specific error code to the renderer (never a stack). */
export class HandlerError extends Error {
  readonly code: string;
  readonly details: unknown;
  constructor(code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'HandlerError';
    this.code = code;
    this.details = details;
  }
}

export function toIpcError(err: unknown): IpcError {
  if (err instanceof HandlerError) return { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) };
  // Unknown failures: a generic code; the message only, the stack stays in main's log.
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}
