import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The ledger tests' own count of school 1's collection at the end of `day` (a local date), copy
 * by copy and independent of the ledgers' code: a copy counts from its batch's acceptance day (or
 * the day it was catalogued) until the day it was weeded; value in integer cents.
 */
export async function ownLedgerBalance(
  db: Kysely<Database>, day: string, offsetMinutes: number, filter: { branchId?: number; batchIds?: number[] } = {},
): Promise<{ Titles: number; Copies: number; Value: number }> {
  const dayOf = (iso: string) => new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 10);
  let q = db.selectFrom('copies').leftJoin('batches', 'batches.id', 'copies.batch_id')
    .select(['copies.id', 'copies.title_id', 'copies.price', 'copies.created_at', 'copies.updated_at', 'copies.storage_area', 'batches.accepted_on'])
    .where('copies.school_id', '=', 1);
  if (filter.branchId) q = q.where('copies.branch_id', '=', filter.branchId);
  if (filter.batchIds) q = q.where('copies.batch_id', 'in', filter.batchIds);
  const copies = await q.execute();
  const weeds = await db.selectFrom('copy_events').select(['copy_id', 'at']).where('school_id', '=', 1).where('event', '=', 'weed').execute();
  const lastWeed = new Map<number, string>();
  for (const w of weeds) if (!lastWeed.has(w.copy_id) || lastWeed.get(w.copy_id)! < w.at) lastWeed.set(w.copy_id, w.at);
  const titles = new Set<number>();
  let n = 0;
  let cents = 0;
  for (const c of copies) {
    const registered = c.accepted_on ?? dayOf(c.created_at);
    if (registered > day) continue;
    if (c.storage_area === 3) {
      let weeded = dayOf(lastWeed.get(c.id) ?? c.updated_at);
      if (weeded < registered) weeded = registered;
      if (weeded <= day) continue;
    }
    titles.add(c.title_id);
    n++;
    cents += Math.round(c.price * 100);
  }
  return { Titles: titles.size, Copies: n, Value: cents / 100 };
}
