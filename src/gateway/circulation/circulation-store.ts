import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DeskLoan, DeskReader, DeskReason } from '../../shared/api/circulation.ts';
import { checkBorrow } from '../../shared/domain/borrowing/circulation-checks.ts';
import { isOverdue } from '../../shared/domain/borrowing/due-dates.ts';
import { daysBetween, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { ReasonCode } from '../../shared/domain/borrowing/reasons.ts';
import type { BorrowingRules, SchoolCalendar } from '../../shared/domain/borrowing/schemas.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { CircTransactionsTable, Database } from '../db/schema.ts';
import { departmentChain, openLoanCopies, readerContextOf, type DeptLink, type ReaderRow } from '../borrow-rules/borrow-rule-store.ts';
import { borrowLimitOf } from '../borrow-rules/borrow-limit.ts';
import { prepared } from '../db/prepared.ts';
import { photoUrl } from '../readers/photo-store.ts';
import { fromRule } from './desk-refusal.ts';

/** Queries of the circulation desk; every one is scoped by the school. */

type Db = Kysely<Database> | Transaction<Database>;

export type DeskReaderRow = ReaderRow & { photo: string };

const READER_COLUMNS = ['id', 'name', 'reader_id', 'identity', 'dept_id', 'status', 'expire_at', 'photo'] as const;

// The desk's hot queries are prepared (db/prepared.ts): built and compiled once, run with new values.
const readerByIdQuery = prepared((db, p: { schoolId: number; userId: number }) =>
  db.selectFrom('users').select(READER_COLUMNS).where('school_id', '=', p.schoolId).where('id', '=', p.userId));

export function readerById(db: Db, schoolId: number, userId: number): Promise<DeskReaderRow | undefined> {
  return readerByIdQuery.first(db, { schoolId, userId });
}

const readerByCardQuery = prepared((db, p: { schoolId: number; card: string }) =>
  db.selectFrom('users').select(READER_COLUMNS).where('school_id', '=', p.schoolId).where('reader_id', '=', p.card));

/** A scanned reader card (reader_id is unique per school). */
export function readerByCard(db: Db, schoolId: number, card: string): Promise<DeskReaderRow | undefined> {
  return readerByCardQuery.first(db, { schoolId, card });
}

const copyByBarcodeQuery = prepared((db, p: { schoolId: number; barcode: string }) => db.selectFrom('copies as c')
  .innerJoin('titles as t', 't.id', 'c.title_id')
  .select(['c.id', 'c.school_id', 'c.barcode', 'c.storage_area', 'c.circ_state', 'c.area_id', 'c.branch_id', 'c.call_no', 'c.title_id', 't.title', 't.resource_type_id'])
  .where('c.school_id', '=', p.schoolId)
  .where('c.barcode', '=', p.barcode));

/** A copy by its barcode, with what the state machine (copy-change.ts) and the desk need. */
export function copyByBarcode(db: Db, schoolId: number, barcode: string) {
  return copyByBarcodeQuery.first(db, { schoolId, barcode });
}
export type DeskCopyRow = NonNullable<Awaited<ReturnType<typeof copyByBarcode>>>;

function loanRows(db: Db, schoolId: number) {
  return db.selectFrom('loans as l')
    .innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['l.id', 'l.copy_id', 'l.user_id', 'l.loaned_at', 'l.due_at', 'l.renew_count', 'l.returned_at', 'c.barcode', 'c.call_no', 't.title'])
    .where('l.school_id', '=', schoolId);
}
export type LoanRow = Awaited<ReturnType<ReturnType<typeof loanRows>['executeTakeFirstOrThrow']>>;

export function loanById(db: Db, schoolId: number, loanId: number): Promise<LoanRow | undefined> {
  return loanRows(db, schoolId).where('l.id', '=', loanId).executeTakeFirst();
}

const openLoanOfCopyQuery = prepared((db, p: { schoolId: number; copyId: number }) => loanRows(db, p.schoolId)
  .innerJoin('users as u', 'u.id', 'l.user_id')
  .select(['u.reader_id', 'u.name as reader_name', 'u.dept_id as reader_dept_id'])
  .where('l.copy_id', '=', p.copyId)
  .where('l.returned_at', 'is', null));

/** The open loan of a copy (at most one: loans_open_copy_uq), with its reader. */
export function openLoanOfCopy(db: Db, schoolId: number, copyId: number) {
  return openLoanOfCopyQuery.first(db, { schoolId, copyId });
}

/** A reader's open loans, oldest first. */
export function openLoansOf(db: Db, schoolId: number, userId: number): Promise<LoanRow[]> {
  return loanRows(db, schoolId).where('l.user_id', '=', userId).where('l.returned_at', 'is', null).orderBy('l.loaned_at').orderBy('l.id').execute();
}

/**
 * A loan as the desk shows it. Overdue is judged on the school's calendar days at `now`, or at
 * the return for a returned loan (how late it came back).
 */
export function toDeskLoan(r: LoanRow, calendar: SchoolCalendar, now: string): DeskLoan {
  const at = r.returned_at ?? now;
  const overdue = isOverdue(r.due_at, at, calendar);
  const days = overdue ? daysBetween(toLocalDay(r.due_at, calendar.UtcOffsetMinutes), toLocalDay(at, calendar.UtcOffsetMinutes)) : 0;
  return {
    LoanID: r.id, CopyID: r.copy_id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no,
    LoanedAt: r.loaned_at, DueAt: r.due_at, RenewCount: r.renew_count, Overdue: overdue, OverdueDays: days, ReturnedAt: r.returned_at,
  };
}

/** The name of the reader's class (students) or department (staff), '' when none. */
export async function classNameOf(db: Db, schoolId: number, deptId: number | null, lang: Language): Promise<string> {
  if (deptId == null) return '';
  const d = await deptNameQuery.first(db, { schoolId, deptId });
  return d ? deptName(d, lang) : '';
}

const deptNameQuery = prepared((db, p: { schoolId: number; deptId: number }) =>
  db.selectFrom('departments').select(['name', 'en_name']).where('school_id', '=', p.schoolId).where('id', '=', p.deptId));

const deptName = (d: { name: string; en_name: string }, lang: Language) => (lang === 'en-US' && d.en_name ? d.en_name : d.name);

/**
 * A reader's open loans, oldest first, as the desk lists them (LoanRow) and the rules count them
 * (openLoanCopies): one query serves both.
 */
const deskLoanCopiesQuery = prepared((db, p: { schoolId: number; userId: number }) => openLoanCopies(db, p.schoolId, p.userId)
  .select(['loans.copy_id', 'loans.user_id', 'loans.returned_at', 'copies.barcode', 'copies.call_no', 'titles.title'])
  .orderBy('loans.loaned_at').orderBy('loans.id'));

/** An open loan as the desk lists it, with its title's resource type for the rules. */
export type DeskLoanRow = LoanRow & { resource_type_id: number | null };

function deskLoanCopies(db: Db, schoolId: number, userId: number): Promise<DeskLoanRow[]> {
  return deskLoanCopiesQuery.all(db, { schoolId, userId });
}

/** What deskReaderOf reads about a reader: the department chain (class, grade, class name) and the open loans. */
export interface DeskReaderParts {
  chain: DeptLink[];
  loans: DeskLoanRow[];
}

export async function deskReaderParts(db: Db, schoolId: number, user: DeskReaderRow): Promise<DeskReaderParts> {
  const chain = await departmentChain(db, schoolId, user.dept_id);
  return { chain, loans: await deskLoanCopies(db, schoolId, user.id) };
}

/** The rules module's view of the reader from the parts (as readerContext reads it). */
export const readerContextFrom = (user: DeskReaderRow, parts: DeskReaderParts) => readerContextOf(user, parts.chain, parts.loans);

/**
 * The parts once `loan` is made (in the transaction that read them): the new loan in its place,
 * oldest first, as reading the loans again would give them.
 */
export function withNewLoan(parts: DeskReaderParts, loan: DeskLoanRow): DeskReaderParts {
  const after = (r: LoanRow) => r.loaned_at > loan.loaned_at || (r.loaned_at === loan.loaned_at && r.id > loan.id);
  const at = parts.loans.findIndex(after);
  const loans = at < 0 ? [...parts.loans, loan] : [...parts.loans.slice(0, at), loan, ...parts.loans.slice(at)];
  return { chain: parts.chain, loans };
}

/**
 * What refuses any loan now whatever the book: card, group and overdue reasons. Quota reasons are
 * left out (the Limits show them; a type's quota depends on the book).
 */
const BLOCK_CODES: ReadonlySet<ReasonCode> = new Set(['cardLost', 'cardExpired', 'cardDisabled', 'noGroup', 'ambiguousGroup', 'borrowingNotPermitted', 'overdueBlocksBorrowing']);

export interface ReaderViewOptions {
  lang: Language;
  dataDir: string;
  now: string;
  rules: BorrowingRules;
}

/**
 * A reader at a glance: card, limits (as GetUserBorrowLimitV2), open loans and blocks. The queries
 * run one after another: inside a transaction they share one connection. `parts`: what the caller
 * read already (a lend, through withNewLoan).
 */
export async function deskReaderOf(db: Db, schoolId: number, user: DeskReaderRow, o: ReaderViewOptions, parts?: DeskReaderParts): Promise<DeskReader> {
  const p = parts ?? (await deskReaderParts(db, schoolId, user));
  const reader = readerContextFrom(user, p);
  // The chain starts at the reader's own department: its name is the class name.
  const className = p.chain[0] ? deptName(p.chain[0], o.lang) : '';
  const limits = await borrowLimitOf(db, schoolId, user, o.rules, reader, o.now, o.lang);
  // No book yet: an untyped item ("") stands for "any book".
  const check = checkBorrow(reader, { ResourceTypeID: '' }, o.now, o.rules);
  const blocks: DeskReason[] = check.ok ? [] : check.reasons.filter((r) => BLOCK_CODES.has(r.code)).map(fromRule);
  return {
    UserID: user.id, ReaderID: user.reader_id, Name: user.name, Identity: user.identity, ClassName: className,
    Photo: photoUrl(o.dataDir, schoolId, user.photo),
    CardStatus: user.status, CardExpiresAt: user.expire_at?.slice(0, 10) ?? null,
    Limits: limits,
    Loans: p.loans.map((l) => toDeskLoan(l, o.rules.Calendar, o.now)),
    Blocks: blocks,
  };
}

/** Appends a row to the desk's journal; returns its id. */
export async function recordTransaction(trx: Transaction<Database>, row: Insertable<CircTransactionsTable>): Promise<number> {
  const { school_id: schoolId, kind, loan_id: loanId, copy_id: copyId, reader_id: readerId, staff_id: staffId, at, ...more } = row;
  // A lend or a return (every scan at the desk) has no more columns: the prepared insert.
  if (Object.values(more).every((v) => v === undefined)) {
    const r = await plainTransactionQuery.first(trx, { schoolId, kind, loanId, copyId, readerId, staffId, at });
    return r!.id;
  }
  const r = await trx.insertInto('circ_transactions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

const plainTransactionQuery = prepared((db, p: { schoolId: number; kind: CircTransactionsTable['kind']; loanId: number; copyId: number; readerId: number; staffId: number; at: string }) =>
  db.insertInto('circ_transactions')
    .values({ school_id: p.schoolId, kind: p.kind, loan_id: p.loanId, copy_id: p.copyId, reader_id: p.readerId, staff_id: p.staffId, at: p.at })
    .returning('id'));
