import { sql, type Kysely, type Transaction } from 'kysely';
import type { ItemKind, NotExpectedReason, StocktakeCounts, StocktakeItem } from '../../shared/api/stocktaking.ts';
import type { Database } from '../db/schema.ts';

/**
 * The queries of stocktaking. What a stocktake counts, in one place:
 * - expected: the snapshot at the start — copies whose home area is in scope, on a shelf (storage
 *   1, 2, 4, 5, 8, 9) and available, locked or waiting to be fetched for a hold;
 * - found / misplaced / not expected: what each scanned copy was at its (latest) scan;
 * - missing: expected, not scanned, and still supposed to be on a shelf now — or marked lost by the close;
 * - left: expected, not scanned, but lent (or lost, weeded …) since the start: not on the shelf, not missing.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const SHELVED_STORAGE = [1, 2, 4, 5, 8, 9] as const;
export const EXPECTED_CIRC = ['available', 'locked', 'reserving'] as const;

const inList = (ids: readonly number[]) => (ids.length ? [...ids] : [-1]);

/** SQL: the copy `c` is where the snapshot expects it (on a shelf, not lent). */
const shelvable = sql<boolean>`(c.storage_area in (${sql.join(SHELVED_STORAGE)}) and c.circ_state in (${sql.join(EXPECTED_CIRC)}))`;

/** Why a copy is not expected on a shelf of this stocktake, or null when it is. */
export function notExpectedReason(copy: { storage_area: number; circ_state: string; area_id: number | null }, areaIds: readonly number[]): NotExpectedReason | null {
  if (copy.storage_area === 3) return 'weeded';
  if (copy.storage_area === 6 || copy.circ_state === 'lost') return 'lost';
  if (copy.circ_state === 'borrowed') return 'borrowed';
  if (copy.circ_state === 'returned-not-received') return 'claimedReturned';
  if (copy.circ_state === 'reserved') return 'onHoldShelf';
  if (copy.area_id == null) return 'noArea';
  if (!areaIds.includes(copy.area_id)) return 'outsideScope';
  return null;
}

export async function stocktakeRow(db: Db, schoolId: number, id: number) {
  return db.selectFrom('stocktakes').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
}

export async function stocktakeAreas(db: Db, schoolId: number, id: number) {
  return db.selectFrom('stocktake_areas as sa').innerJoin('collection_areas as a', 'a.id', 'sa.area_id')
    .innerJoin('branches as b', 'b.id', 'a.branch_id')
    .select(['a.id', 'a.name', 'a.en_name', 'a.branch_id', 'b.name as branch_name', 'b.en_name as branch_en_name'])
    .where('sa.school_id', '=', schoolId).where('sa.stocktake_id', '=', id).orderBy('b.sort').orderBy('a.sort').orderBy('a.id').execute();
}

/** Snapshots the expected copies of a new stocktake; returns how many. */
export async function snapshotExpected(trx: Transaction<Database>, schoolId: number, stocktakeId: number, areaIds: readonly number[]): Promise<void> {
  await trx.insertInto('stocktake_items').columns(['school_id', 'stocktake_id', 'copy_id', 'expected', 'home_area_id'])
    .expression((eb) => eb.selectFrom('copies as c')
      .select([sql.lit(schoolId).as('school_id'), sql.lit(stocktakeId).as('stocktake_id'), 'c.id', sql.lit(1).as('expected'), 'c.area_id'])
      .where('c.school_id', '=', schoolId).where('c.area_id', 'in', inList(areaIds))
      .where('c.storage_area', 'in', [...SHELVED_STORAGE]).where('c.circ_state', 'in', [...EXPECTED_CIRC]))
    .execute();
}

/**
 * The copy events that can take a copy off its shelf. Every change of a copy's state goes through
 * collection/copy-change.ts and leaves one of these in copy_events, so the copies expected at the
 * start that are no longer on a shelf are found from the events since the start (few) instead of
 * checking the state of every unseen copy (tens of thousands in a whole-library stocktake).
 */
const OFF_SHELF_EVENTS = ['borrow', 'markLost', 'weed', 'reserveReady', 'claimReturned', 'delete'];

/** Counts of some stocktakes, per home area when `byArea` (else one row per stocktake with area null). */
export async function countRows(db: Db, schoolId: number, ids: readonly number[], byArea = false) {
  const n = (cond: ReturnType<typeof sql<boolean>>) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;
  let q = db.selectFrom('stocktake_items as i')
    .select([
      'i.stocktake_id',
      n(sql`i.expected = 1`).as('expected'),
      n(sql`i.kind = 'found'`).as('found'),
      n(sql`i.kind = 'misplaced'`).as('misplaced'),
      n(sql`i.kind = 'notExpected'`).as('not_expected'),
      n(sql`i.expected = 1 and i.found_at is null`).as('unseen'),
      n(sql`i.expected = 1 and i.kind in ('found', 'misplaced')`).as('expected_seen'),
    ])
    .where('i.school_id', '=', schoolId).where('i.stocktake_id', 'in', inList(ids))
    .groupBy('i.stocktake_id');
  // Expected, unseen, not marked by a close, and taken off the shelf since the start (lent, lost …).
  let left = db.selectFrom('stocktakes as s')
    .innerJoin('copy_events as e', (j) => j.onRef('e.school_id', '=', 's.school_id').onRef('e.at', '>=', 's.started_at'))
    .innerJoin('stocktake_items as i', (j) => j.onRef('i.stocktake_id', '=', 's.id').onRef('i.copy_id', '=', 'e.copy_id'))
    .leftJoin('copies as c', 'c.id', 'i.copy_id')
    .select(['i.stocktake_id', sql<number>`count(distinct i.id)`.as('n')])
    .where('s.school_id', '=', schoolId).where('s.id', 'in', inList(ids)).where('e.event', 'in', OFF_SHELF_EVENTS)
    .where('i.expected', '=', 1).where('i.found_at', 'is', null).where('i.marked', '=', 0)
    .where(sql<boolean>`not coalesce(${shelvable}, false)`)
    .groupBy('i.stocktake_id');
  if (byArea) {
    q = q.select('i.home_area_id').groupBy('i.home_area_id');
    left = left.select('i.home_area_id').groupBy('i.home_area_id');
  }
  const [rows, lefts] = await Promise.all([q.execute(), left.execute()]);
  const areaOf = (r: object) => (byArea ? (r as { home_area_id: number | null }).home_area_id : null);
  return rows.map((r) => {
    const l = Number(lefts.find((x) => x.stocktake_id === r.stocktake_id && areaOf(x) === areaOf(r))?.n ?? 0);
    return {
      stocktakeId: r.stocktake_id, areaId: areaOf(r),
      expected: Number(r.expected), found: Number(r.found), misplaced: Number(r.misplaced), notExpected: Number(r.not_expected),
      missing: Number(r.unseen) - l, left: l, expectedSeen: Number(r.expected_seen),
    };
  });
}

export async function unknownCounts(db: Db, schoolId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom('stocktake_unknown').select(['stocktake_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId).where('stocktake_id', 'in', inList(ids)).groupBy('stocktake_id').execute();
  return new Map(rows.map((r) => [r.stocktake_id, Number(r.n)]));
}

export async function countsOf(db: Db, schoolId: number, id: number): Promise<StocktakeCounts> {
  const [rows, unknown] = await Promise.all([countRows(db, schoolId, [id]), unknownCounts(db, schoolId, [id])]);
  const r = rows[0];
  return {
    Expected: r?.expected ?? 0, Found: r?.found ?? 0, Missing: r?.missing ?? 0, Misplaced: r?.misplaced ?? 0,
    NotExpected: r?.notExpected ?? 0, Unknown: unknown.get(id) ?? 0, Left: r?.left ?? 0,
  };
}

/** Not-expected scans per area where they were scanned. */
export async function notExpectedByFoundArea(db: Db, schoolId: number, id: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('stocktake_items').select(['found_area_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId).where('stocktake_id', '=', id).where('kind', '=', 'notExpected').where('found_area_id', 'is not', null)
    .groupBy('found_area_id').execute();
  return new Map(rows.map((r) => [r.found_area_id!, Number(r.n)]));
}

/** The copies the close would mark (or, after it, did mark) — the "missing" list's condition. */
export function missingCondition() {
  return sql<boolean>`i.expected = 1 and i.found_at is null and (i.marked = 1 or ${shelvable})`;
}

export interface ItemQuery { schoolId: number; id: number; kind: ItemKind; areaId?: number; lang: string; page: number; rows: number }

/** One list of a stocktake's report, paged, with the copy's title, call number and areas. */
export async function findItems(db: Db, q: ItemQuery): Promise<{ List: StocktakeItem[]; Total: number }> {
  const en = q.lang === 'en-US';
  if (q.kind === 'unknown') {
    let base = db.selectFrom('stocktake_unknown as u').leftJoin('collection_areas as fa', 'fa.id', 'u.area_id').leftJoin('users as s', 's.id', 'u.by_user')
      .where('u.school_id', '=', q.schoolId).where('u.stocktake_id', '=', q.id);
    if (q.areaId) base = base.where('u.area_id', '=', q.areaId);
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.select(['u.id', 'u.code', 'u.at', 'fa.name as fa_name', 'fa.en_name as fa_en_name', 's.name as by_name'])
        .orderBy('u.id').limit(q.rows).offset((q.page - 1) * q.rows).execute(),
    ]);
    return {
      Total: Number(total.n),
      List: rows.map((r) => ({
        ID: r.id, Barcode: r.code, Title: '', CallNo: '', HomeArea: '', FoundArea: (en && r.fa_en_name) || r.fa_name || '', FoundShelf: '',
        Kind: 'unknown' as const, Reason: null, ScannedAt: r.at, ScannedBy: r.by_name ?? '', State: '',
      })),
    };
  }
  let base = db.selectFrom('stocktake_items as i').leftJoin('copies as c', 'c.id', 'i.copy_id').leftJoin('titles as t', 't.id', 'c.title_id')
    .leftJoin('collection_areas as ha', 'ha.id', 'i.home_area_id').leftJoin('collection_areas as fa', 'fa.id', 'i.found_area_id')
    .leftJoin('shelves as sh', 'sh.id', 'i.found_shelf_id').leftJoin('users as s', 's.id', 'i.found_by')
    .where('i.school_id', '=', q.schoolId).where('i.stocktake_id', '=', q.id);
  base = q.kind === 'missing' ? base.where(missingCondition()) : base.where('i.kind', '=', q.kind);
  if (q.areaId) base = q.kind === 'notExpected' ? base.where('i.found_area_id', '=', q.areaId) : base.where('i.home_area_id', '=', q.areaId);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select([
      'i.id', 'i.reason', 'i.found_at', 'c.barcode', 'c.call_no', 'c.circ_state', 't.title', 'ha.name as ha_name', 'ha.en_name as ha_en_name',
      'fa.name as fa_name', 'fa.en_name as fa_en_name', 'sh.code as shelf_code', 's.name as by_name',
    ]).orderBy('i.home_area_id').orderBy('c.call_no').orderBy('i.id').limit(q.rows).offset((q.page - 1) * q.rows).execute(),
  ]);
  return {
    Total: Number(total.n),
    List: rows.map((r) => ({
      ID: r.id, Barcode: r.barcode ?? '', Title: r.title ?? '', CallNo: r.call_no ?? '',
      HomeArea: (en && r.ha_en_name) || r.ha_name || '', FoundArea: (en && r.fa_en_name) || r.fa_name || '', FoundShelf: r.shelf_code ?? '',
      Kind: q.kind, Reason: (r.reason as NotExpectedReason | null) ?? null, ScannedAt: r.found_at, ScannedBy: r.by_name ?? '', State: r.circ_state ?? '',
    })),
  };
}
