import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { DEFAULT_LOSS_SETTINGS, lossSettingsSchema, type LossKind, type LossRecord, type LossSettings, type LossState, type PayWay } from '../../shared/api/loss.ts';
import { formatOffset } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { inList } from '../access/access-scope.ts';
import { containsText } from '../db/like.ts';
import type { Database } from '../db/schema.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';

/**
 * Queries of the lost books (contract: shared/api/loss.ts). Every query is scoped by the school
 * and, for branch-limited staff, by the branch the copy was in when it was lost. Money is stored
 * in integer cents and leaves as yuan with 2 decimals.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const SETTINGS_KEY = 'loss-rules';
export const readLossSettings = (db: Db, schoolId: number): Promise<LossSettings> =>
  readSetting(db, schoolId, SETTINGS_KEY, lossSettingsSchema, DEFAULT_LOSS_SETTINGS);
export const writeLossSettings = (db: Db, schoolId: number, s: LossSettings) => writeSetting(db, schoolId, SETTINGS_KEY, s);

export const toCents = (yuan: number): number => Math.round(yuan * 100);
export const toYuan = (cents: number): number => Math.round(cents) / 100;
const yuanOrNull = (cents: number | null): number | null => (cents == null ? null : toYuan(cents));

/** A copy's price for compensation: its discounted price if set, else its unit price (in cents). */
export const copyPriceCents = (c: { price: number; discount_price: number }): number => toCents(c.discount_price > 0 ? c.discount_price : c.price || 0);

/** Who asks: the school, the caller's branches (null = all), the school's UTC offset and the language. */
export interface LossScope {
  schoolId: number;
  branchIds: readonly number[] | null;
  utcOffsetMinutes: number;
  lang: Language;
}

/** The local midnight that starts `day`, as a UTC instant like toISOString() writes. */
const dayStart = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00${formatOffset(offset)}`)).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface LossFilters {
  from?: string;
  to?: string;
  /** Which instant the days bound: registered (default) or retrieved. */
  dateOf?: 'registered' | 'retrieved';
  deptIds?: readonly number[];
  reader?: string;
  book?: string;
  billNo?: string;
  state?: LossState;
  kind?: LossKind;
  id?: number;
  copyId?: number;
}

function recordQuery(db: Db, s: LossScope, f: LossFilters) {
  let q = db.selectFrom('loss_records as r')
    .leftJoin('users', (j) => j.onRef('users.id', '=', 'r.reader_id').on('users.school_id', '=', s.schoolId))
    .where('r.school_id', '=', s.schoolId);
  if (s.branchIds) q = q.where('r.branch_id', 'in', inList(s.branchIds));
  const col = f.dateOf === 'retrieved' ? 'r.retrieved_at' : 'r.registered_at';
  if (f.from) q = q.where(col, '>=', dayStart(f.from, s.utcOffsetMinutes));
  if (f.to) q = q.where(col, '<', dayStart(nextDay(f.to), s.utcOffsetMinutes));
  if (f.deptIds) q = q.where('r.dept_id', 'in', inList(f.deptIds));
  const reader = f.reader?.trim();
  if (reader) {
    q = q.where((eb) => eb.or([
      containsText('r.reader_card', reader), containsText('r.reader_name', reader),
      eb.and([eb('users.id', 'is not', null), eb.or([containsText('users.pinyin', reader), containsText('users.initials', reader)])]),
    ]));
  }
  const book = f.book?.trim();
  if (book) q = q.where(sql<SqlBool>`(${containsText('r.barcode', book)} or ${containsText('r.title', book)})`);
  const bill = f.billNo?.trim();
  if (bill) q = q.where(containsText('r.bill_no', bill));
  if (f.state) q = q.where('r.state', '=', f.state);
  if (f.kind) q = q.where('r.kind', '=', f.kind);
  if (f.id != null) q = q.where('r.id', '=', f.id);
  if (f.copyId != null) q = q.where('r.copy_id', '=', f.copyId);
  return q;
}

function recordRows(db: Db, s: LossScope, f: LossFilters) {
  // Staff columns have no foreign key (the record outlives the account): joined within the school only.
  return recordQuery(db, s, f)
    .leftJoin('users as rb', (j) => j.onRef('rb.id', '=', 'r.registered_by').on('rb.school_id', '=', s.schoolId))
    .leftJoin('users as pb', (j) => j.onRef('pb.id', '=', 'r.paid_by').on('pb.school_id', '=', s.schoolId))
    .leftJoin('users as tb', (j) => j.onRef('tb.id', '=', 'r.retrieved_by').on('tb.school_id', '=', s.schoolId))
    .leftJoin('departments as d', (j) => j.onRef('d.id', '=', 'r.dept_id').on('d.school_id', '=', s.schoolId))
    .selectAll('r')
    .select(['rb.name as registered_by_name', 'pb.name as paid_by_name', 'tb.name as retrieved_by_name', 'd.name as dept_name', 'd.en_name as dept_en_name']);
}
type RecordRow = Awaited<ReturnType<ReturnType<typeof recordRows>['executeTakeFirstOrThrow']>>;

function toRecord(r: RecordRow, lang: Language): LossRecord {
  return {
    ID: r.id, BillNo: r.bill_no, CopyID: r.copy_id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no,
    Price: toYuan(r.price_cents), Kind: r.kind as LossKind, LoanID: r.loan_id,
    ReaderID: r.reader_card, ReaderName: r.reader_name,
    ClassName: (lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
    RegisteredAt: r.registered_at, RegisteredBy: r.registered_by_name ?? '',
    SuggestedAmount: toYuan(r.suggested_cents), Amount: toYuan(r.amount_cents), AmountReason: r.amount_reason,
    State: r.state as LossState, PaidAmount: yuanOrNull(r.paid_cents), PayWay: (r.pay_way as PayWay | null) ?? null,
    PaidAt: r.paid_at, PaidBy: r.paid_by_name ?? '',
    RetrievedAt: r.retrieved_at, RetrievedBy: r.retrieved_by_name ?? '',
    RefundAmount: yuanOrNull(r.refund_cents), WrittenOffAt: r.written_off_at, Note: r.note,
  };
}

export type LossOrder = 'newest' | 'oldest' | 'retrievedNewest';

/** One page of records and how many there are in all. */
export async function findRecords(db: Db, s: LossScope, f: LossFilters, order: LossOrder, page: number, rows: number, o: { total?: boolean; beforeId?: number } = {}): Promise<{ List: LossRecord[]; Total: number }> {
  let q = recordRows(db, s, f);
  if (o.beforeId != null) q = q.where('r.id', '<', o.beforeId);
  q = order === 'oldest' ? q.orderBy('r.id') : order === 'retrievedNewest' ? q.orderBy('r.retrieved_at', 'desc').orderBy('r.id', 'desc') : q.orderBy('r.id', 'desc');
  const list = await q.limit(rows).offset((page - 1) * rows).execute();
  let total = list.length;
  if (o.total !== false) {
    const n = await recordQuery(db, s, f).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    total = Number(n.n);
  }
  return { List: list.map((r) => toRecord(r, s.lang)), Total: total };
}

export async function recordById(db: Db, s: LossScope, id: number): Promise<LossRecord | undefined> {
  const r = await recordRows(db, s, { id }).executeTakeFirst();
  return r && toRecord(r, s.lang);
}

/** The raw row of a record of the school (not branch-scoped: the caller checks the branch to name the refusal). */
export function recordRow(db: Db, schoolId: number, id: number) {
  return db.selectFrom('loss_records').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
}

/** The latest record of a copy that is still lost (not retrieved), if any. */
export function openRecordOfCopy(db: Db, schoolId: number, copyId: number) {
  return db.selectFrom('loss_records').selectAll()
    .where('school_id', '=', schoolId).where('copy_id', '=', copyId).where('state', '!=', 'retrieved')
    .orderBy('id', 'desc').executeTakeFirst();
}

/** The next bill number of the school: PC + year + a 5-digit serial that restarts each year. */
export async function nextBillNo(trx: Db, schoolId: number, year: number): Promise<string> {
  const prefix = `PC${year}`;
  const row = await trx.selectFrom('loss_records').select((eb) => eb.fn.max('bill_no').as('last'))
    .where('school_id', '=', schoolId).where('bill_no', 'like', `${prefix}%`).executeTakeFirst();
  const last = row?.last ? Number(String(row.last).slice(prefix.length)) : 0;
  return `${prefix}${String((Number.isFinite(last) ? last : 0) + 1).padStart(5, '0')}`;
}

/** A copy by barcode with what a loss needs: state, place, price and title. */
export function lossCopyByBarcode(db: Db, schoolId: number, barcode: string) {
  return db.selectFrom('copies as c')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
    .select([
      'c.id', 'c.school_id', 'c.barcode', 'c.storage_area', 'c.circ_state', 'c.area_id', 'c.branch_id', 'c.title_id', 'c.call_no', 'c.price', 'c.discount_price',
      't.title', 'b.name as branch_name', 'b.en_name as branch_en_name', 'a.name as area_name', 'a.en_name as area_en_name',
    ])
    .where('c.school_id', '=', schoolId)
    .where('c.barcode', '=', barcode)
    .executeTakeFirst();
}
export type LossCopyRow = NonNullable<Awaited<ReturnType<typeof lossCopyByBarcode>>>;

/** The open loan of a copy with its reader (at most one: loans_open_copy_uq). */
export function openLoanWithReader(db: Db, schoolId: number, copyId: number) {
  return db.selectFrom('loans as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('departments as d', 'd.id', 'u.dept_id')
    .select(['l.id', 'l.user_id', 'l.loaned_at', 'l.due_at', 'u.reader_id', 'u.name', 'u.dept_id', 'd.name as dept_name', 'd.en_name as dept_en_name'])
    .where('l.school_id', '=', schoolId).where('l.copy_id', '=', copyId).where('l.returned_at', 'is', null)
    .executeTakeFirst();
}
export type OpenLoanRow = NonNullable<Awaited<ReturnType<typeof openLoanWithReader>>>;

/** Copies lost now (storage area 6), newest loss first, with their latest record. */
export async function findLostCopies(db: Db, s: LossScope, key: string | undefined, page: number, rows: number) {
  let base = db.selectFrom('copies as c')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .where('c.school_id', '=', s.schoolId).where('c.storage_area', '=', 6);
  if (s.branchIds) base = base.where('c.branch_id', 'in', inList(s.branchIds));
  const k = key?.trim();
  if (k) base = base.where(sql<SqlBool>`(${containsText('c.barcode', k)} or ${containsText('t.title', k)})`);
  const latest = sql<number | null>`(select max(r2.id) from loss_records r2 where r2.school_id = c.school_id and r2.copy_id = c.id)`;
  const lostAt = sql<string | null>`(select max(e.at) from copy_events e where e.school_id = c.school_id and e.copy_id = c.id and e.event = 'markLost')`;
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.leftJoin('branches as b', 'b.id', 'c.branch_id')
      .leftJoin('loss_records as r', (j) => j.on('r.id', '=', latest))
      .select(['c.id', 'c.barcode', 'c.call_no', 'c.price', 'c.discount_price', 't.title', 'b.name as branch_name', 'b.en_name as branch_en_name', 'r.bill_no', 'r.reader_name', 'r.state'])
      .select(lostAt.as('lost_at'))
      .orderBy(lostAt, 'desc').orderBy('c.id', 'desc')
      .limit(rows).offset((page - 1) * rows).execute(),
  ]);
  return {
    Total: Number(count.n),
    List: list.map((r) => ({
      CopyID: r.id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no,
      BranchName: (s.lang === 'en-US' && r.branch_en_name) || r.branch_name || '',
      Price: toYuan(copyPriceCents(r)), LostAt: r.lost_at, BillNo: r.bill_no ?? '', ReaderName: r.reader_name ?? '',
      State: (r.state as LossState | null) ?? null,
    })),
  };
}
