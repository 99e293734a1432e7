import { isForeignKeyViolation, isUniqueViolation } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Maps the database's own answer to a clear message: a duplicate code (also in a race the
 * pre-check could not see) and a record still referenced by another module (a foreign key).
 */
export async function guardWrite<T>(code: string | null, inUseKey: string | null, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (code != null && isUniqueViolation(err)) throw AppError.conflict('errors:basic.codeExists', { code });
    if (inUseKey != null && isForeignKeyViolation(err)) throw AppError.conflict(inUseKey, { count: 1 });
    throw err;
  }
}

export const nowIso = () => new Date().toISOString();
export const flag = (b: boolean) => (b ? 1 : 0);
