import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CollectionQuery } from '../../shared/api/collection.ts';
import { settlesCopies } from '../../shared/domain/batch-rules.ts';
import type { CopyRow } from '../../shared/api/copy-row.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { startsWith, titlesMatching, type MatchedIds } from '../search/title-index.ts';
import { inList } from '../access/access-scope.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { dbKindOf } from '../db/connect.ts';

/** Queries of the collection; every one is scoped by the school, and by the caller's branches. */

type Filters = Omit<CollectionQuery, 'Page' | 'Rows'>;

function base(db: Db, schoolId: number, branchIds: readonly number[] | null) {
  let q = db.selectFrom('copies as c')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('branches as b', 'b.id', 'c.branch_id')
    .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
    .leftJoin('batches as bt', 'bt.id', 'c.batch_id')
    .where('c.school_id', '=', schoolId);
  if (branchIds) q = q.where('c.branch_id', 'in', inList(branchIds));
  return q;
}

/**
 * The ids of the copies matching the filters, from `copies` alone (title conditions as
 * subqueries): a page is cut from these before any join, so a search matching 10,000 copies joins
 * 20 of them, not 10,000. A key is searched in one of two forms (see listCopies): `union`, each
 * kind of match its own index lookup, united into the ids of the copies found (an OR across
 * columns would read every copy to find a few); or `filter`, one condition tested on each copy,
 * for a key that matches so many that walking the copies in barcode order finds a page at once.
 */
function matching(db: Db, schoolId: number, branchIds: readonly number[] | null, f: Filters, form: 'union' | 'filter' = 'union') {
  let q = db.selectFrom('copies as c').where('c.school_id', '=', schoolId);
  if (branchIds) q = q.where('c.branch_id', 'in', inList(branchIds));
  if (f.BranchID) q = q.where('c.branch_id', '=', f.BranchID);
  if (f.AreaID) q = q.where('c.area_id', '=', f.AreaID);
  if (f.Storage) q = q.where('c.storage_area', '=', f.Storage);
  if (f.CircState) q = q.where('c.circ_state', '=', f.CircState);
  if (f.BatchID) q = q.where('c.batch_id', '=', f.BatchID);
  if (f.ShelfMark) q = q.where('c.shelf_mark', '=', f.ShelfMark);
  if (f.ClassNo) q = q.where('c.title_id', 'in', db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where(startsWith('class_no', f.ClassNo)));
  const key = f.SearchKey?.trim();
  if (key) {
    // A scanned barcode, a tag, the start of a call number, an ISBN (any form), or words of the
    // title, author, series or subjects (the word index).
    const isbn13 = /^[\d\-\sXx]{10,17}$/.test(key) ? toIsbn13(key.replace(/[-\s]/g, '')) : null;
    const byIsbn = isbn13 ? db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('isbn13', '=', isbn13) : null;
    const words = titlesMatching(db, schoolId, key);
    if (form === 'filter') {
      return q.where((eb) => eb.or([
        eb('c.barcode', '=', key),
        eb('c.rfid', '=', key.toUpperCase()),
        startsWith('c.call_no', key.toUpperCase()),
        ...(byIsbn ? [eb('c.title_id', 'in', byIsbn)] : []),
        ...(words ? [eb('c.title_id', 'in', words)] : []),
      ]));
    }
    const copies = () => db.selectFrom('copies').select('id').where('school_id', '=', schoolId);
    const arms = [
      copies().where('barcode', '=', key),
      copies().where('rfid', '=', key.toUpperCase()),
      copies().where(startsWith('call_no', key.toUpperCase())),
      ...(byIsbn ? [copies().where('title_id', 'in', byIsbn)] : []),
      ...(words ? [db.selectFrom('copies').select('id').where('title_id', 'in', words)] : []),
    ];
    q = q.where('c.id', 'in', arms.slice(1).reduce((acc, arm) => acc.union(arm), arms[0]!));
  }
  return q;
}

const COLUMNS = [
  'c.id', 'c.barcode', 'c.rfid', 'c.title_id', 't.title', 't.author', 't.isbn', 't.publisher', 'c.call_no', 'c.branch_id', 'b.name as branch_name', 'b.en_name as branch_en_name',
  'c.area_id', 'a.name as area_name', 'a.en_name as area_en_name', 'c.shelf_mark', 'c.storage_area', 'c.circ_state', 'c.price', 'c.discount_price',
  'c.batch_id', 'bt.batch_no', 'bt.state as batch_state', 'c.note', 'c.updated_at', 'c.created_at', 'c.school_id',
] as const;

type Raw = Awaited<ReturnType<ReturnType<typeof selectCopies>['executeTakeFirstOrThrow']>>;
function selectCopies(db: Db, schoolId: number, branchIds: readonly number[] | null) {
  return base(db, schoolId, branchIds).select([...COLUMNS]);
}

export function toCopyRow(r: Raw): CopyRow {
  return {
    ID: r.id, Barcode: r.barcode, RFID: r.rfid ?? '', TitleID: r.title_id, Title: r.title, Author: r.author, ISBN: r.isbn, CallNo: r.call_no,
    BranchID: r.branch_id, BranchName: r.branch_name, BranchEnName: r.branch_en_name, AreaID: r.area_id, AreaName: r.area_name ?? '', AreaEnName: r.area_en_name ?? '',
    ShelfMark: r.shelf_mark, Storage: r.storage_area, CircState: r.circ_state, Price: Number(r.price), DiscountPrice: Number(r.discount_price),
    BatchID: r.batch_id, BatchNo: r.batch_no ?? '', BatchClosed: settlesCopies(r.batch_state), Note: r.note, UpdateTime: String(r.updated_at || r.created_at),
  };
}

/**
 * PostgreSQL: a key whose words match at least this many titles is searched in the `filter` form,
 * and counted only up to COUNT_UP_TO. On the 100k fixture a word of 3,673 titles (7,346 copies):
 * the page 75 → 1 ms, the exact count 25–40 ms whatever the plan, counting to 1,001 1.5 ms. Below
 * it the `union` form wins (a word of 300 titles: 3 ms against 42, walking the whole index for 20).
 */
const DENSE_TITLES = 1000;
const COUNT_UP_TO = 1000;

export interface ListOptions {
  /** Count every match (an export's progress), however long it takes. */
  exactTotal?: boolean;
  /** The thresholds above, for tests. */
  denseTitles?: number;
  countUpTo?: number;
}

export async function listCopies(db: Db, schoolId: number, branchIds: readonly number[] | null, q: CollectionQuery, opts: ListOptions = {}) {
  // Barcode order is stable and what a scanner list expects; shelf order needs the call-number
  // sort key (shared call-number.ts), which is not a column yet.
  const pageOf = (form?: 'union' | 'filter') => matching(db, schoolId, branchIds, q, form).orderBy('c.barcode').limit(q.Rows).offset((q.Page - 1) * q.Rows);
  const countAll = async () => Number((await matching(db, schoolId, branchIds, q).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const key = q.SearchKey?.trim();
  let page: { id: number }[];
  let total: number;
  let exact = true;
  const sqlite = dbKindOf(db) === 'sqlite';
  // PostgreSQL: the titles the key's words match, which decide the form (see DENSE_TITLES).
  const words = key && !sqlite && !opts.exactTotal ? titlesMatching(db, schoolId, key) : null;
  if (key && sqlite) {
    // A search gathers and sorts all its copies before the page anyway, so on SQLite (one
    // connection: the two queries below would run one after the other) the total rides on the
    // page's rows, a window over the whole match, and the search runs once (a word matching 6,700
    // copies of the 200k fixture: 13 → 8 ms). Only a page past the end asks for the count alone.
    // PostgreSQL runs the two at once on two connections, and a window there would turn the
    // page's top-20 sort into a sort of every match (the same search: 60 → 90 ms).
    const rows = await pageOf().select(['c.id', sql<number>`count(*) over ()`.as('n')]).execute();
    page = rows;
    total = rows.length ? Number(rows[0]!.n) : q.Page > 1 ? await countAll() : 0;
  } else if (words && (await atLeast(db, words, opts.denseTitles ?? DENSE_TITLES))) {
    const upTo = opts.countUpTo ?? COUNT_UP_TO;
    const [rows, found] = await Promise.all([pageOf('filter').select('c.id').execute(), wordCopiesUpTo(db, schoolId, branchIds, q, words, upTo + 1)]);
    page = rows;
    exact = found <= upTo;
    // The other ways a key matches (barcode, tag, call number, ISBN) add a few copies at most:
    // counted exactly only when the words alone did not pass the bound (other filters narrowed it).
    total = exact ? await countAll() : upTo;
  } else {
    // Without a key the page is read in barcode order off the index and stops after its rows; a
    // window would read every copy first (200,000: 4 → 50 ms).
    [page, total] = await Promise.all([pageOf().select('c.id').execute(), countAll()]);
  }
  const ids = page.map((r) => r.id);
  const rows = ids.length ? new Map((await selectCopies(db, schoolId, branchIds).where('c.id', 'in', ids).execute()).map((r) => [r.id, r])) : new Map();
  return { List: ids.flatMap((id) => (rows.has(id) ? [toCopyRow(rows.get(id)!)] : [])), Total: total, TotalExact: exact };
}

/**
 * How many copies within the filters belong to the titles the key's words match, counted up to
 * `limit`: title by title, each an index lookup (a lateral join the planner may not flatten, OFFSET
 * 0), so counting stops after about limit ÷ 2 titles wherever their copies lie. Flattened, it
 * scans the copies table until the limit, from wherever PostgreSQL's synchronized scans start:
 * 1 ms or 35 ms by turns for the same search.
 */
async function wordCopiesUpTo(db: Db, schoolId: number, branchIds: readonly number[] | null, q: CollectionQuery, words: MatchedIds, limit: number): Promise<number> {
  const copies = matching(db, schoolId, branchIds, { ...q, SearchKey: undefined }).select('c.id').where(sql<boolean>`c.title_id = w.title_id`).offset(0);
  const r = await sql<{ n: number | string }>`select count(*) as n from (select 1 from (select distinct title_id from (${words}) u) w cross join lateral (${copies}) x limit ${limit}) y`.execute(db);
  return Number(r.rows[0]!.n);
}

/** Whether the matched titles number at least `n` (an index-only count that stops there). */
async function atLeast(db: Db, words: MatchedIds, n: number): Promise<boolean> {
  const r = await db.selectFrom(words.limit(n).as('w')).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(r.n) >= n;
}

/** Count and sums in whole cents, so 3 × 0.1 is 0.30 on both databases. */
export async function sumCopies(db: Db, schoolId: number, branchIds: readonly number[] | null, f: Filters) {
  const r = await matching(db, schoolId, branchIds, f).select([
    (e) => e.fn.countAll().as('n'),
    sql<number>`coalesce(sum(round(c.price * 100)), 0)`.as('price'),
    sql<number>`coalesce(sum(round(c.discount_price * 100)), 0)`.as('paid'),
  ]).executeTakeFirstOrThrow();
  return { Count: Number(r.n), Price: Number(r.price) / 100, DiscountPrice: Number(r.paid) / 100 };
}

export async function copyById(db: Db, schoolId: number, branchIds: readonly number[] | null, id: number) {
  return selectCopies(db, schoolId, branchIds).where('c.id', '=', id).executeTakeFirst();
}

export async function copyByCode(db: Db, schoolId: number, branchIds: readonly number[] | null, code: string, rfidToo: boolean) {
  let q = selectCopies(db, schoolId, branchIds);
  q = rfidToo ? q.where((eb) => eb.or([eb('c.barcode', '=', code), eb('c.rfid', '=', code.toUpperCase())])) : q.where('c.barcode', '=', code);
  return q.executeTakeFirst();
}

export async function historyOf(db: Kysely<Database>, schoolId: number, copyId: number) {
  const rows = await db.selectFrom('copy_events as e').leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.event', 'e.detail', 'e.at', 'u.name'])
    .where('e.school_id', '=', schoolId).where('e.copy_id', '=', copyId).orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(200).execute();
  return rows.map((r) => ({ ID: r.id, Event: r.event, Detail: r.detail, At: r.at, User: r.name ?? '' }));
}
