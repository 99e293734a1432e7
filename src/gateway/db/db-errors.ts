import { AppError } from '../http/app-error.ts';

/**
 * Constraint and concurrency errors of both drivers, told apart by code: PostgreSQL's SQLSTATE
 * (`code`) and node:sqlite's extended result code (`errcode`), with the message as a fallback.
 */
interface DriverError {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
}

const asDriverError = (err: unknown): DriverError => (err && typeof err === 'object' ? (err as DriverError) : {});
const messageOf = (e: DriverError) => (typeof e.message === 'string' ? e.message : '');

// SQLite extended codes: SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY, _FOREIGNKEY.
const SQLITE_UNIQUE = new Set([2067, 1555]);
const SQLITE_FOREIGN_KEY = 787;

/** True for a unique or primary-key violation on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = asDriverError(err);
  if (e.code === '23505') return true; // PostgreSQL unique_violation (primary keys too)
  if (typeof e.errcode === 'number' && SQLITE_UNIQUE.has(e.errcode)) return true;
  return /UNIQUE constraint failed/i.test(messageOf(e));
}

/** True for a foreign-key violation (a missing parent, or a parent still referenced). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = asDriverError(err);
  if (e.code === '23503') return true; // PostgreSQL foreign_key_violation
  if (e.errcode === SQLITE_FOREIGN_KEY) return true;
  return /FOREIGN KEY constraint failed/i.test(messageOf(e));
}

/** PostgreSQL serialization_failure / deadlock_detected: the transaction may simply run again. */
export function isRetryableTxError(err: unknown): boolean {
  const { code } = asDriverError(err);
  return code === '40001' || code === '40P01';
}

/**
 * A database error a request can cause, as the AppError to answer with; null for anything else
 * (a real server error). Handlers that know the business meaning (a duplicate translation key)
 * map first; this is the safety net so a duplicate or a race is never a 500.
 */
export function databaseAppError(err: unknown): AppError | null {
  if (isUniqueViolation(err)) return AppError.conflict('errors:duplicate');
  if (isForeignKeyViolation(err)) return AppError.conflict('errors:referenced');
  if (isRetryableTxError(err)) return new AppError(503, 'errors:busy', { status: 503 });
  return null;
}
