import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inList } from '../access/access-scope.ts';
import { addDays } from '../../shared/domain/borrowing/local-days.ts';
import { localDayStartUtc } from '../charts/rank-period.ts';
import { STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';

export const WEEDED_STORAGE = STORAGE_AREAS.weeded;

/**
 * The queries of the accession registers. A copy's accession is its batch's acceptance day when
 * the batch was accepted, else the instant it was catalogued (created_at); its weeding is the
 * latest 'weed' event of a copy now in the weeded area (storage 3), or, for a copy weeded before
 * the history existed (imported or seeded so), its last change (updated_at). Restored copies are
 * back in the collection and count as never weeded; deleted copies (a cataloguing mistake) were
 * never in the register. Values are list prices summed as integer cents.
 */

export interface LedgerScope {
  schoolId: number;
  /** The school calendar's offset from UTC: days are the school's local days. */
  offset: number;
  /** The caller's branches and resource types (null: all). */
  branchIds: number[] | null;
  typeIds: number[] | null;
  lang: 'zh-CN' | 'en-US';
}

export interface LedgerFilter {
  branchId?: number | undefined;
  resourceTypeId?: number | undefined;
  batchIds?: readonly number[] | undefined;
}

type QB = ExpressionBuilder<Database & { c: Database['copies']; b: Database['batches'] }, 'c' | 'b'>;

/** The start (inclusive) and end (exclusive) UTC instants of a span of local days. */
export function instantsOf(s: LedgerScope, from: string | undefined, to: string | undefined): { start?: string; end?: string } {
  return {
    start: from ? localDayStartUtc(from, s.offset) : undefined,
    end: to ? localDayStartUtc(addDays(to, 1), s.offset) : undefined,
  };
}

/**
 * Copies of the school with their batch, under the scope and filters. Titles are not joined (a
 * register of 200,000 copies would look each one up): the resource type is a subquery, and the
 * lists join titles for the lines of their page only. With batches named, the school column is
 * kept out of the index choice (unary +) so the batch index answers: statistics taken before the
 * copies had batches would otherwise send the planner through the whole school's copies.
 */
export function copiesIn(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter) {
  let q = db.selectFrom('copies as c')
    .leftJoin('batches as b', 'b.id', 'c.batch_id')
    .where(f.batchIds?.length ? sql<number>`+c.school_id` : sql<number>`c.school_id`, '=', s.schoolId);
  if (s.branchIds) q = q.where('c.branch_id', 'in', inList(s.branchIds));
  const types = (ids: number[]) => db.selectFrom('titles').select('id').where('school_id', '=', s.schoolId).where('resource_type_id', 'in', ids);
  if (s.typeIds) q = q.where('c.title_id', 'in', types(inList(s.typeIds)));
  if (f.branchId != null) q = q.where('c.branch_id', '=', f.branchId);
  if (f.resourceTypeId != null) q = q.where('c.title_id', 'in', types([f.resourceTypeId]));
  if (f.batchIds?.length) q = q.where('c.batch_id', 'in', [...f.batchIds]);
  return q;
}

/**
 * The instant a weeded copy was weeded (null for a copy in the collection). A correlated lookup
 * through the copy's history index, evaluated only for the weeded copies (a few percent): joining
 * an aggregate of all weedings instead made every register scan it once per copy.
 */
export const weededAt = (): Expression<string | null> => sql<string | null>`(case when c.storage_area = ${sql.lit(WEEDED_STORAGE)} then coalesce((select max(e.at) from copy_events e where e.copy_id = c.id and e.school_id = c.school_id and e.event = 'weed'), c.updated_at) end)`;
/** Integer cents of a copy's list price. */
export const centsOf = (): Expression<number> => sql<number>`round(c.price * 100)`;

/**
 * Accessioned within [from, to] (either end may be open): copies of a batch accepted then, or
 * copies catalogued then that have no accepted batch. Written as batch ids and a creation-time
 * range so each side can use its index (copies_batch_ix, copies_school_created_ix).
 */
export function accessionWithin(eb: QB, s: LedgerScope, from: string | undefined, to: string | undefined): Expression<SqlBool> {
  const { start, end } = instantsOf(s, from, to);
  let accepted = eb.selectFrom('batches').select('batches.id').where('batches.school_id', '=', s.schoolId).where('batches.accepted_on', 'is not', null);
  if (from) accepted = accepted.where('batches.accepted_on', '>=', from);
  if (to) accepted = accepted.where('batches.accepted_on', '<=', to);
  const catalogued = [eb.or([eb('c.batch_id', 'is', null), eb('b.accepted_on', 'is', null)])];
  if (from) catalogued.push(eb('c.created_at', '>=', start!));
  if (to) catalogued.push(eb('c.created_at', '<', end!));
  return eb.or([eb('c.batch_id', 'in', accepted), eb.and(catalogued)]);
}

/** Weeded within [from, to] (local days, both included). */
export function weededWithin(eb: QB, s: LedgerScope, from: string, to: string): Expression<SqlBool> {
  const { start, end } = instantsOf(s, from, to);
  return eb.and([eb('c.storage_area', '=', WEEDED_STORAGE), eb(weededAt(), '>=', start!), eb(weededAt(), '<', end!)]);
}

/** The reason of each copy's latest weeding ('' when it gave none). */
export async function weedReasons(db: Kysely<Database>, schoolId: number, copyIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!copyIds.length) return out;
  const rows = await db.selectFrom('copy_events').select(['copy_id', 'detail', 'at'])
    .where('school_id', '=', schoolId).where('event', '=', 'weed').where('copy_id', 'in', [...copyIds])
    .orderBy('at', 'asc').orderBy('id', 'asc').execute();
  for (const r of rows) {
    let reason = '';
    try {
      const d = JSON.parse(r.detail) as { reason?: unknown };
      if (typeof d.reason === 'string') reason = d.reason;
    } catch { /* a malformed history row has no reason */ }
    out.set(r.copy_id, reason);
  }
  return out;
}

/** Yuan from integer cents, exact to the cent. */
export const yuan = (cents: number): number => Math.round(cents) / 100;
