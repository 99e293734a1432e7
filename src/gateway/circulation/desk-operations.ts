import type { Kysely, Transaction } from 'kysely';
import { DESK_MENUS, type DeskReason } from '../../shared/api/circulation.ts';
import type { VerifyMode } from '../../shared/api/circulation-verify.ts';
import { checkBorrow, checkRenew } from '../../shared/domain/borrowing/circulation-checks.ts';
import { endOfLocalDay, parseInstant, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { BorrowingRules, OpenLoan, SchoolCalendar } from '../../shared/domain/borrowing/schemas.ts';
import { holds } from '../access/permissions.ts';
import { branchScope } from '../access/access-scope.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { identityMayBorrow, readerContext, resourceTypeKey } from '../borrow-rules/borrow-rule-store.ts';
import { checkCopyChange, changeCopy } from '../collection/copy-change.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { AppError } from '../http/app-error.ts';
import type { CallContext } from '../http/handler-types.ts';
import {
  classNameOf, copyByBarcode, deskReaderOf, deskReaderParts, openLoanOfCopy, readerById, readerContextFrom, recordTransaction, toDeskLoan, withNewLoan,
  type DeskCopyRow, type DeskLoanRow, type DeskReaderParts,
} from './circulation-store.ts';
import { deskReason, deskRefusal, fromRule, unlendableReason } from './desk-refusal.ts';
import { hasVerifiedVisit } from './verify-store.ts';
import { holdForLend, holdWaitsFor, onLent, onReturned, readyForLend } from '../holds/hold-store.ts';

/**
 * Lend, return and renew one copy: the desk's writes, shared by every screen that circulates books
 * (the desk, deferred return, batch circulation, the class corner). Each runs in one transaction:
 * the rules module decides on the reader's loans and the copy as read inside it, the copy moves
 * through the shared state machine (copy-change.ts), and the database has the last word on "one
 * open loan per copy" (loans_open_copy_uq): two desks lending the same book at once get one loan
 * and one refusal. The school's rules and calendar are read before the transaction, from memory once
 * loaded (rules-cache.ts: they are configuration, not what desks race for; a batch passes them in
 * once), and queries inside it run one after another: they share the transaction's one
 * connection. A refusal is an AppError whose data holds every reason (deskRefusal), so a batch can
 * report each row's.
 */

export const nowIso = () => new Date().toISOString();

type Db = Kysely<Database> | Transaction<Database>;

/** The signed-in staff user and the school every query is scoped by. */
export function staffOf(ctx: CallContext): { userId: number; schoolId: number } {
  const schoolId = requireSchool(ctx);
  return { userId: requireUser(ctx).userId, schoolId };
}

export async function holdsDeskMenu(ctx: CallContext, userId: number, schoolId: number): Promise<boolean> {
  const perms = await ctx.app.permissions.of(userId, schoolId);
  return DESK_MENUS.some((m) => holds(perms, m));
}

/** For calls the contract gives no permission: any desk menu (or '*'), else 403. */
export async function requireDesk(ctx: CallContext): Promise<{ userId: number; schoolId: number }> {
  const staff = staffOf(ctx);
  if (!(await holdsDeskMenu(ctx, staff.userId, staff.schoolId))) throw AppError.forbidden();
  return staff;
}

/** Why the desk cannot act on the copy of `barcode` at all: unknown here, or outside the caller's branches. */
export function copyReasons(copy: DeskCopyRow | undefined, barcode: string, branchIds: readonly number[] | null): DeskReason[] {
  if (!copy) return [deskReason('copyNotFound', { barcode })];
  if (branchIds && !branchIds.includes(copy.branch_id)) return [deskReason('outsideBranches', { barcode })];
  return [];
}

/** The holder's name for an alreadyOnLoan reason (outside a failed transaction: read afresh). */
async function onLoanReason(ctx: CallContext, schoolId: number, copy: DeskCopyRow): Promise<DeskReason> {
  const loan = await openLoanOfCopy(ctx.app.db, schoolId, copy.id);
  return deskReason('alreadyOnLoan', { barcode: copy.barcode, name: loan?.reader_name ?? '' });
}

/** What a batch loads once for all its rows; each write loads it itself when not given. */
export interface DeskSetup {
  branchIds: readonly number[] | null;
  rules: BorrowingRules;
  /** The school's borrow verification (verify-handlers.ts). */
  verifyMode: VerifyMode;
}

/** The caller's branches and the school's rules, both from memory once loaded (permissions.ts, rules-cache.ts). */
export async function deskSetup(ctx: CallContext, schoolId: number): Promise<DeskSetup> {
  const [scope, { rules, verifyMode }] = await Promise.all([branchScope(ctx), ctx.app.schoolRules.of(schoolId)]);
  return { branchIds: scope.ids, rules, verifyMode };
}

export interface LendOptions {
  /**
   * Staff lending on the reader's behalf without the reader at the desk (batch circulation) skip
   * the school's borrow verification; the desk never does.
   */
  skipVerify?: boolean;
}

/**
 * Lends the copy of `barcode` to the reader `readerUserId` for the signed-in staff user, or
 * throws the desk's refusal with every reason. `loanedAt` (default now) is when the loan began:
 * an offline desk's upload gives the time it was lent there.
 */
export async function lendCopy(ctx: CallContext, readerUserId: number, barcode: string, setup?: DeskSetup, loanedAt?: string, opts: LendOptions = {}) {
  const { userId, schoolId } = staffOf(ctx);
  const { branchIds, rules, verifyMode } = setup ?? (await deskSetup(ctx, schoolId));
  const now = loanedAt ?? nowIso();
  // Borrow verification (verify-handlers.ts): when the school requires it, this desk user must have
  // verified the reader (PIN or card) within the visit window, else the loan is refused.
  const verifyNeeded = !opts.skipVerify && verifyMode !== 'off' && !hasVerifiedVisit(ctx.app, schoolId, readerUserId, userId);
  let copy: DeskCopyRow | undefined;
  try {
    return await writeTx(ctx.app.db, async (trx) => {
      const user = await readerById(trx, schoolId, readerUserId);
      copy = await copyByBarcode(trx, schoolId, barcode);
      const reasons = copyReasons(copy, barcode, branchIds);
      let dueAt = '';
      let held: Awaited<ReturnType<typeof holdForLend>> = 'free';
      // Read once: the check counts these loans, and the reply lists them with the new one.
      let parts: DeskReaderParts | undefined;
      if (!user) reasons.unshift(deskReason('readerNotFound'));
      else {
        parts = await deskReaderParts(trx, schoolId, user);
        // The title's resource type: its quota and loan days, and whether it is lent to this identity at all.
        const typeId = copy?.resource_type_id ?? null;
        const item = { ResourceTypeID: resourceTypeKey(typeId), IdentityMayBorrow: await identityMayBorrow(trx, schoolId, typeId, user.identity) };
        const check = checkBorrow(readerContextFrom(user, parts), item, now, rules);
        if (check.ok) dueAt = check.dueAt;
        else reasons.unshift(...check.reasons.map(fromRule));
        if (verifyNeeded) reasons.unshift(deskReason('verifyRequired', { name: user.name }));
      }
      if (copy && !reasons.some((r) => r.Code === 'outsideBranches')) {
        const open = await openLoanOfCopy(trx, schoolId, copy.id);
        if (open) reasons.push(deskReason('alreadyOnLoan', { barcode: copy.barcode, name: open.reader_name }));
        else {
          // A copy kept for a hold (to fetch, or on the hold shelf) is lent only to that hold's reader.
          held = user ? await holdForLend(trx, schoolId, copy, user.id) : 'free';
          const kept = copy.circ_state === 'reserved' || copy.circ_state === 'reserving';
          if (held === null || (kept && held === 'free') || (!kept && !checkCopyChange(copy, 'borrow').ok)) {
            reasons.push(unlendableReason(copy.barcode, copy.circ_state, copy.storage_area));
          }
        }
      }
      if (reasons.length || !user || !copy || !parts) throw deskRefusal(ctx.t, 'borrow', reasons);
      const actor = { schoolId, userId, now, calendar: rules.Calendar };
      const lent = held && held !== 'free' ? await readyForLend(trx, actor, copy, held) : copy;

      const loan = (await insertLoanQuery.first(trx, { schoolId, copyId: copy.id, userId: user.id, now, dueAt, staffId: userId }))!;
      await changeCopy(trx, lent, 'borrow', { userId, at: now, detail: { loanId: loan.id, readerId: user.id } });
      await onLent(trx, actor, user.id, copy.title_id, copy.id, loan.id);
      const txId = await recordTransaction(trx, { school_id: schoolId, kind: 'borrow', loan_id: loan.id, copy_id: copy.id, reader_id: user.id, staff_id: userId, at: now });
      // The new loan as the database now holds it: the reply lists it with the others, read before.
      const lentRow: DeskLoanRow = {
        id: loan.id, copy_id: copy.id, user_id: user.id, loaned_at: now, due_at: dueAt, renew_count: 0, returned_at: null,
        barcode: copy.barcode, call_no: copy.call_no, title: copy.title, resource_type_id: copy.resource_type_id,
      };
      const reader = await deskReaderOf(trx, schoolId, user, { lang: ctx.lang, dataDir: ctx.app.config.dataDir, now, rules }, withNewLoan(parts, lentRow));
      return { TransactionID: txId, Loan: toDeskLoan(lentRow, rules.Calendar, now), Reader: reader };
    });
  } catch (err) {
    // Another desk lent the copy between our read and our insert: the partial unique index refused the second open loan.
    if (isUniqueViolation(err) && copy) throw deskRefusal(ctx.t, 'borrow', [await onLoanReason(ctx, schoolId, copy)]);
    throw err;
  }
}

// The lend's and the return's own writes, built and compiled once (db/prepared.ts).
const insertLoanQuery = prepared((db, p: { schoolId: number; copyId: number; userId: number; now: string; dueAt: string; staffId: number }) => db.insertInto('loans')
  .values({ school_id: p.schoolId, copy_id: p.copyId, user_id: p.userId, loaned_at: p.now, due_at: p.dueAt, returned_at: null, renew_count: 0, loaned_by: p.staffId })
  .returning('id'));
const closeLoanQuery = prepared((db, p: { returnedAt: string; staffId: number; loanId: number; schoolId: number }) => db.updateTable('loans')
  .set({ returned_at: p.returnedAt, returned_by: p.staffId })
  .where('id', '=', p.loanId).where('school_id', '=', p.schoolId).where('returned_at', 'is', null));

type OpenLoanRow = NonNullable<Awaited<ReturnType<typeof openLoanOfCopy>>>;

/**
 * The copy of `barcode` and its open loan, as a return (today's, or a deferred one on `returnDay`)
 * would close it, and when: `now`, or the end of `returnDay` in the school's time zone (as an
 * instant in UTC, like every other returned_at). Refused as the desk refuses a return, and a
 * `returnDay` after today or before the loan's day.
 */
export async function loanToReturn(
  db: Db, ctx: CallContext, schoolId: number, branchIds: readonly number[] | null, calendar: SchoolCalendar,
  barcode: string, now: string, returnDay?: string,
): Promise<{ copy: DeskCopyRow; loan: OpenLoanRow; returnedAt: string }> {
  const copy = await copyByBarcode(db, schoolId, barcode);
  const reasons = copyReasons(copy, barcode, branchIds);
  if (reasons.length || !copy) throw deskRefusal(ctx.t, 'return', reasons);
  const loan = await openLoanOfCopy(db, schoolId, copy.id);
  if (!loan) throw deskRefusal(ctx.t, 'return', [deskReason('notOnLoan', { barcode: copy.barcode })]);
  if (returnDay == null) return { copy, loan, returnedAt: now };
  const offset = calendar.UtcOffsetMinutes;
  const today = toLocalDay(now, offset);
  const loanDay = toLocalDay(loan.loaned_at, offset);
  if (returnDay > today) throw deskRefusal(ctx.t, 'return', [deskReason('returnDayFuture', { day: returnDay, today })]);
  if (returnDay < loanDay) throw deskRefusal(ctx.t, 'return', [deskReason('returnDayBeforeLoan', { barcode: copy.barcode, day: returnDay, loanDay })]);
  // Today's deferred return is simply a return now (the end of today is still to come).
  const returnedAt = returnDay === today ? now : new Date(parseInstant(endOfLocalDay(returnDay, offset))).toISOString();
  return { copy, loan, returnedAt };
}

/** Whose loan a return closes, with their class (or department). */
export async function returnReaderOf(db: Db, ctx: CallContext, schoolId: number, loan: OpenLoanRow) {
  return {
    UserID: loan.user_id, ReaderID: loan.reader_id, Name: loan.reader_name,
    ClassName: await classNameOf(db, schoolId, loan.reader_dept_id, ctx.lang),
  };
}

export interface ReturnSetup {
  branchIds: readonly number[] | null;
  calendar: SchoolCalendar;
}

export async function returnSetup(ctx: CallContext, schoolId: number): Promise<ReturnSetup> {
  const [scope, { rules }] = await Promise.all([branchScope(ctx), ctx.app.schoolRules.of(schoolId)]);
  return { branchIds: scope.ids, calendar: rules.Calendar };
}

/**
 * Returns a copy by its barcode, from any reader, in any branch the user's role covers: now (the
 * desk), or as of `returnDay` (a deferred return; the day goes in the copy event's detail). Either
 * way the journal's transaction is dated now, so the desk's undo takes it back.
 */
export async function returnCopy(ctx: CallContext, barcode: string, returnDay?: string, setup?: ReturnSetup) {
  const { userId, schoolId } = staffOf(ctx);
  const { branchIds, calendar } = setup ?? (await returnSetup(ctx, schoolId));
  const now = nowIso();
  return writeTx(ctx.app.db, async (trx) => {
    const { copy, loan, returnedAt } = await loanToReturn(trx, ctx, schoolId, branchIds, calendar, barcode, now, returnDay);
    // `returned_at is null` in the WHERE: a second return of the same loan (a retry racing the first) changes nothing.
    const done = await closeLoanQuery.run(trx, { returnedAt, staffId: userId, loanId: loan.id, schoolId });
    if (Number(done.numAffectedRows) !== 1) throw deskRefusal(ctx.t, 'return', [deskReason('notOnLoan', { barcode: copy.barcode })]);
    const detail = { loanId: loan.id, readerId: loan.user_id, ...(returnDay != null ? { returnDay } : {}) };
    const back = await changeCopy(trx, copy, 'return', { userId, at: now, detail });
    // A copy another reader waits for goes to the hold shelf, not back to the shelves.
    const hold = await onReturned(trx, { schoolId, userId, now, calendar }, { ...copy, storage_area: back.storage, circ_state: back.circ }, ctx.lang);
    const txId = await recordTransaction(trx, { school_id: schoolId, kind: 'return', loan_id: loan.id, copy_id: copy.id, reader_id: loan.user_id, staff_id: userId, at: now });
    return {
      TransactionID: txId,
      Loan: toDeskLoan({ ...loan, returned_at: returnedAt }, calendar, now),
      Reader: await returnReaderOf(trx, ctx, schoolId, loan),
      Hold: hold,
    };
  });
}

/** Renews the loan of the copy of `barcode` under the rules, or throws the desk's refusal. */
export async function renewCopy(ctx: CallContext, barcode: string, setup?: DeskSetup) {
  const { userId, schoolId } = staffOf(ctx);
  const { branchIds, rules } = setup ?? (await deskSetup(ctx, schoolId));
  return renewIn(ctx, { schoolId, userId, rules, ownerId: null }, async (trx) => {
    const copy = await copyByBarcode(trx, schoolId, barcode);
    const reasons = copyReasons(copy, barcode, branchIds);
    if (reasons.length || !copy) throw deskRefusal(ctx.t, 'renew', reasons);
    return copy;
  });
}

/**
 * A reader renews their own open loan `loanId` (the portal): the desk's rules exactly, in any
 * branch; a loan of someone else, or one already returned, is not found for them.
 */
export async function renewOwnLoan(ctx: CallContext, loanId: number) {
  const { userId, schoolId } = staffOf(ctx);
  const { rules } = await ctx.app.schoolRules.of(schoolId);
  return renewIn(ctx, { schoolId, userId, rules, ownerId: userId }, async (trx) => {
    const own = await trx.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select('c.barcode')
      .where('l.school_id', '=', schoolId).where('l.id', '=', loanId).where('l.user_id', '=', userId).where('l.returned_at', 'is', null)
      .executeTakeFirst();
    const copy = own && (await copyByBarcode(trx, schoolId, own.barcode));
    if (!copy) throw AppError.notFound('reader-account:errors.loanNotFound');
    return copy;
  });
}

/**
 * The renewal itself, on the copy `find` names: the rules module decides on the reader's loans as
 * read inside the transaction. `ownerId`: only a loan of this reader (self-service) is renewed.
 */
async function renewIn(
  ctx: CallContext, o: { schoolId: number; userId: number; rules: BorrowingRules; ownerId: number | null },
  find: (trx: Transaction<Database>) => Promise<DeskCopyRow>,
) {
  const { schoolId, userId, rules } = o;
  const now = nowIso();
  return writeTx(ctx.app.db, async (trx) => {
    const copy = await find(trx);
    const loan = await openLoanOfCopy(trx, schoolId, copy.id);
    const user = loan && (o.ownerId == null || loan.user_id === o.ownerId) && (await readerById(trx, schoolId, loan.user_id));
    if (!loan || !user) throw deskRefusal(ctx.t, 'renew', [deskReason('notOnLoan', { barcode: copy.barcode })]);
    const reader = await readerContext(trx, schoolId, user);
    const open: OpenLoan = reader.Loans.find((l) => l.LoanID === String(loan.id))
      ?? { LoanID: String(loan.id), ResourceTypeID: resourceTypeKey(copy.resource_type_id), LoanedAt: loan.loaned_at, DueAt: loan.due_at, RenewCount: loan.renew_count };
    const check = checkRenew(reader, open, now, rules);
    const reasons = check.ok ? [] : check.reasons.map(fromRule);
    // Like Koha and FOLIO: a copy another reader waits for goes back to the queue, not to a renewal.
    if (await holdWaitsFor(trx, schoolId, copy.title_id, loan.user_id)) reasons.push(deskReason('holdWaiting', { barcode: copy.barcode }));
    if (!check.ok || reasons.length) throw deskRefusal(ctx.t, 'renew', reasons);
    // The old due date and count in the WHERE: a renewal racing another changes nothing twice.
    const done = await trx.updateTable('loans').set({ due_at: check.dueAt, renew_count: check.renewCount })
      .where('id', '=', loan.id).where('school_id', '=', schoolId).where('returned_at', 'is', null)
      .where('due_at', '=', loan.due_at).where('renew_count', '=', loan.renew_count).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw deskRefusal(ctx.t, 'renew', [deskReason('notOnLoan', { barcode: copy.barcode })]);
    await changeCopy(trx, copy, 'renew', { userId, at: now, detail: { loanId: loan.id, dueBefore: loan.due_at, dueAfter: check.dueAt } });
    const txId = await recordTransaction(trx, {
      school_id: schoolId, kind: 'renew', loan_id: loan.id, copy_id: copy.id, reader_id: user.id, staff_id: userId, at: now,
      due_before: loan.due_at, due_after: check.dueAt,
    });
    return {
      TransactionID: txId,
      Loan: toDeskLoan({ ...loan, due_at: check.dueAt, renew_count: check.renewCount }, rules.Calendar, now),
      PreviousDueAt: loan.due_at,
    };
  });
}
