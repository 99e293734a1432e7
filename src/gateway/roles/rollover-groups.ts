import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RolloverPlan } from '../../shared/api/rollover.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The pluggable permission-group step of the rollover. Borrowing permission groups (slice E,
 * migration 0008) and a grade → group mapping do not exist yet, so the step reports itself skipped
 * with the reason; once a mapping exists, this returns the moves and rollover-apply records them.
 */
export async function planGroupMoves(_db: Db, _schoolId: number): Promise<{ moves: RolloverPlan['GroupMoves']; skipped: string | null }> {
  return { moves: [], skipped: 'roles:rollover.skip.noGroupMapping' };
}
