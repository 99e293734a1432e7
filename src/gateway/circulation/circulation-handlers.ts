import type { Kysely, Transaction } from 'kysely';
import { circulationCalls as C, DESK_MENUS, UNDO_WINDOW_MS, type DeskReason } from '../../shared/api/circulation.ts';
import { checkBorrow, checkRenew } from '../../shared/domain/borrowing/circulation-checks.ts';
import { endOfLocalDay, parseInstant, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { OpenLoan, SchoolCalendar } from '../../shared/domain/borrowing/schemas.ts';
import { holds } from '../access/permissions.ts';
import { branchScope } from '../access/access-scope.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { loadCalendar, loadRules, readerContext } from '../borrow-rules/borrow-rule-store.ts';
import { checkCopyChange, changeCopy } from '../collection/copy-change.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import {
  classNameOf, copyByBarcode, deskReaderOf, loanById, openLoanOfCopy, openLoansOf, readerById, readerByCard, recordTransaction, toDeskLoan,
  type DeskCopyRow, type DeskReaderRow,
} from './circulation-store.ts';
import { deskReason, deskRefusal, fromRule, unlendableReason } from './desk-refusal.ts';

/**
 * The circulation desk (contract: shared/api/circulation.ts). Each write runs in one transaction:
 * the rules module decides on the reader's loans and the copy as read inside it, the copy moves
 * through the shared state machine (copy-change.ts), and the database has the last word on "one
 * open loan per copy" (loans_open_copy_uq): two desks lending the same book at once get one loan
 * and one refusal. The school's rules and calendar are read before the transaction (they are
 * configuration, not what desks race for), and queries inside it run one after another: they
 * share the transaction's one connection.
 */

const nowIso = () => new Date().toISOString();

type Db = Kysely<Database> | Transaction<Database>;

/** The signed-in staff user and the school every query is scoped by. */
function staffOf(ctx: CallContext): { userId: number; schoolId: number } {
  const schoolId = requireSchool(ctx);
  return { userId: requireUser(ctx).userId, schoolId };
}

async function holdsDeskMenu(ctx: CallContext, userId: number, schoolId: number): Promise<boolean> {
  const perms = await ctx.app.permissions.of(userId, schoolId);
  return DESK_MENUS.some((m) => holds(perms, m));
}

/** For calls the contract gives no permission: any desk menu (or '*'), else 403. */
async function requireDesk(ctx: CallContext): Promise<{ userId: number; schoolId: number }> {
  const staff = staffOf(ctx);
  if (!(await holdsDeskMenu(ctx, staff.userId, staff.schoolId))) throw AppError.forbidden();
  return staff;
}

/** Why the desk cannot act on the copy of `barcode` at all: unknown here, or outside the caller's branches. */
function copyReasons(copy: DeskCopyRow | undefined, barcode: string, branchIds: readonly number[] | null): DeskReason[] {
  if (!copy) return [deskReason('copyNotFound', { barcode })];
  if (branchIds && !branchIds.includes(copy.branch_id)) return [deskReason('outsideBranches', { barcode })];
  return [];
}

/** The holder's name for an alreadyOnLoan reason (outside a failed transaction: read afresh). */
async function onLoanReason(ctx: CallContext, schoolId: number, copy: DeskCopyRow): Promise<DeskReason> {
  const loan = await openLoanOfCopy(ctx.app.db, schoolId, copy.id);
  return deskReason('alreadyOnLoan', { barcode: copy.barcode, name: loan?.reader_name ?? '' });
}

type OpenLoanRow = NonNullable<Awaited<ReturnType<typeof openLoanOfCopy>>>;

/**
 * The copy of `barcode` and its open loan, as a return (today's, or a deferred one on `returnDay`)
 * would close it, and when: `now`, or the end of `returnDay` in the school's time zone (as an
 * instant in UTC, like every other returned_at). Refused as the desk refuses a return, and a
 * `returnDay` after today or before the loan's day.
 */
async function loanToReturn(
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
async function returnReaderOf(db: Db, ctx: CallContext, schoolId: number, loan: OpenLoanRow) {
  const reader = await readerById(db, schoolId, loan.user_id);
  return {
    UserID: loan.user_id, ReaderID: loan.reader_id, Name: loan.reader_name,
    ClassName: await classNameOf(db, schoolId, reader?.dept_id ?? null, ctx.lang),
  };
}

/**
 * Returns a copy by its barcode, from any reader, in any branch the user's role covers: now (the
 * desk), or as of `returnDay` (a deferred return; the day goes in the copy event's detail). Either
 * way the journal's transaction is dated now, so the desk's undo takes it back.
 */
async function returnCopy(ctx: CallContext, barcode: string, returnDay?: string) {
  const { userId, schoolId } = staffOf(ctx);
  const [scope, cal] = await Promise.all([branchScope(ctx), loadCalendar(ctx.app.db, schoolId)]);
  const now = nowIso();
  return writeTx(ctx.app.db, async (trx) => {
    const { copy, loan, returnedAt } = await loanToReturn(trx, ctx, schoolId, scope.ids, cal.calendar, barcode, now, returnDay);
    // `returned_at is null` in the WHERE: a second return of the same loan (a retry racing the first) changes nothing.
    const done = await trx.updateTable('loans').set({ returned_at: returnedAt, returned_by: userId })
      .where('id', '=', loan.id).where('school_id', '=', schoolId).where('returned_at', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw deskRefusal(ctx.t, 'return', [deskReason('notOnLoan', { barcode: copy.barcode })]);
    // Holds come later: a copy another reader waits for will go to the hold shelf here ('reserveReady') instead of 'return'.
    const detail = { loanId: loan.id, readerId: loan.user_id, ...(returnDay != null ? { returnDay } : {}) };
    await changeCopy(trx, copy, 'return', { userId, at: now, detail });
    const txId = await recordTransaction(trx, { school_id: schoolId, kind: 'return', loan_id: loan.id, copy_id: copy.id, reader_id: loan.user_id, staff_id: userId, at: now });
    return {
      TransactionID: txId,
      Loan: toDeskLoan({ ...loan, returned_at: returnedAt }, cal.calendar, now),
      Reader: await returnReaderOf(trx, ctx, schoolId, loan),
    };
  });
}

/** The undo's own refusals (circulation:undo.*): a message, no reasons list. */
const undoRefused = (what: 'tooLate' | 'notYours' | 'notLast' | 'already') =>
  AppError.refused(`circulation:undo.${what}`, what === 'tooLate' ? { minutes: UNDO_WINDOW_MS / 60_000 } : {});

export const circulationHandlers = {
  'circulation.getCircUserInfoByBarCode': handler(C.getCircUserInfoByBarCode, async (input, ctx) => {
    const { schoolId } = await requireDesk(ctx);
    const db = ctx.app.db;
    const now = nowIso();
    // A card number and a barcode should never coincide; if they do, the reader wins (a desk
    // session starts with the card).
    const user = await readerByCard(db, schoolId, input.BarCode);
    if (user) {
      const rules = await loadRules(db, schoolId);
      return { Kind: 'reader' as const, Reader: await deskReaderOf(db, schoolId, user, { lang: ctx.lang, dataDir: ctx.app.config.dataDir, now, rules }) };
    }
    const copy = await copyByBarcode(db, schoolId, input.BarCode);
    if (!copy) return { Kind: 'none' as const };
    // Shown whatever the caller's branches: a write on it is refused with outsideBranches, which says more than "unknown".
    const [loan, cal] = await Promise.all([openLoanOfCopy(db, schoolId, copy.id), loadCalendar(db, schoolId)]);
    return {
      Kind: 'copy' as const,
      Copy: {
        CopyID: copy.id, Barcode: copy.barcode, Title: copy.title, CallNo: copy.call_no, State: copy.circ_state,
        Loan: loan ? { ...toDeskLoan(loan, cal.calendar, now), UserID: loan.user_id, ReaderID: loan.reader_id, ReaderName: loan.reader_name } : null,
      },
    };
  }),

  'circulation.literatureCirc': handler(C.literatureCirc, async (input, ctx) => {
    const { userId, schoolId } = staffOf(ctx);
    const [scope, rules] = await Promise.all([branchScope(ctx), loadRules(ctx.app.db, schoolId)]);
    const now = nowIso();
    let copy: DeskCopyRow | undefined;
    try {
      return await writeTx(ctx.app.db, async (trx) => {
        const user = await readerById(trx, schoolId, input.UserID);
        copy = await copyByBarcode(trx, schoolId, input.Barcode);
        const reasons = copyReasons(copy, input.Barcode, scope.ids);
        let dueAt = '';
        if (!user) reasons.unshift(deskReason('readerNotFound'));
        else {
          // Copies carry no resource type yet: every book counts as untyped ("").
          const check = checkBorrow(await readerContext(trx, schoolId, user), { ResourceTypeID: '' }, now, rules);
          if (check.ok) dueAt = check.dueAt;
          else reasons.unshift(...check.reasons.map(fromRule));
        }
        if (copy && !reasons.some((r) => r.Code === 'outsideBranches')) {
          const open = await openLoanOfCopy(trx, schoolId, copy.id);
          if (open) reasons.push(deskReason('alreadyOnLoan', { barcode: copy.barcode, name: open.reader_name }));
          // 'reserved' is lendable only to the reader the hold is for: until holds exist, to nobody.
          else if (copy.circ_state === 'reserved' || !checkCopyChange(copy, 'borrow').ok) {
            reasons.push(unlendableReason(copy.barcode, copy.circ_state, copy.storage_area));
          }
        }
        if (reasons.length || !user || !copy) throw deskRefusal(ctx.t, 'borrow', reasons);

        const loan = await trx.insertInto('loans')
          .values({ school_id: schoolId, copy_id: copy.id, user_id: user.id, loaned_at: now, due_at: dueAt, returned_at: null, renew_count: 0, loaned_by: userId })
          .returning('id').executeTakeFirstOrThrow();
        await changeCopy(trx, copy, 'borrow', { userId, at: now, detail: { loanId: loan.id, readerId: user.id } });
        const txId = await recordTransaction(trx, { school_id: schoolId, kind: 'borrow', loan_id: loan.id, copy_id: copy.id, reader_id: user.id, staff_id: userId, at: now });
        const reader = await deskReaderOf(trx, schoolId, user, { lang: ctx.lang, dataDir: ctx.app.config.dataDir, now, rules });
        return { TransactionID: txId, Loan: toDeskLoan((await loanById(trx, schoolId, loan.id))!, rules.Calendar, now), Reader: reader };
      });
    } catch (err) {
      // Another desk lent the copy between our read and our insert: the partial unique index refused the second open loan.
      if (isUniqueViolation(err) && copy) throw deskRefusal(ctx.t, 'borrow', [await onLoanReason(ctx, schoolId, copy)]);
      throw err;
    }
  }),

  'circulation.literatureReturn': handler(C.literatureReturn, (input, ctx) => returnCopy(ctx, input.Barcode)),

  'circulation.getDeferredItem': handler(C.getDeferredItem, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const [scope, cal] = await Promise.all([branchScope(ctx), loadCalendar(ctx.app.db, schoolId)]);
    const db = ctx.app.db;
    const { loan, returnedAt } = await loanToReturn(db, ctx, schoolId, scope.ids, cal.calendar, input.Barcode, nowIso(), input.ReturnDay);
    // Judged as of the end of that day; the loan itself stays open.
    return { Loan: toDeskLoan(loan, cal.calendar, returnedAt), Reader: await returnReaderOf(db, ctx, schoolId, loan) };
  }),

  'circulation.deferredReturn': handler(C.deferredReturn, (input, ctx) => returnCopy(ctx, input.Barcode, input.ReturnDay)),

  'circulation.renew': handler(C.renew, async (input, ctx) => {
    const { userId, schoolId } = staffOf(ctx);
    const [scope, rules] = await Promise.all([branchScope(ctx), loadRules(ctx.app.db, schoolId)]);
    const now = nowIso();
    return writeTx(ctx.app.db, async (trx) => {
      const copy = await copyByBarcode(trx, schoolId, input.Barcode);
      const reasons = copyReasons(copy, input.Barcode, scope.ids);
      if (reasons.length || !copy) throw deskRefusal(ctx.t, 'renew', reasons);
      const loan = await openLoanOfCopy(trx, schoolId, copy.id);
      const user = loan && (await readerById(trx, schoolId, loan.user_id));
      if (!loan || !user) throw deskRefusal(ctx.t, 'renew', [deskReason('notOnLoan', { barcode: copy.barcode })]);
      const reader = await readerContext(trx, schoolId, user);
      const open: OpenLoan = reader.Loans.find((l) => l.LoanID === String(loan.id))
        ?? { LoanID: String(loan.id), ResourceTypeID: '', LoanedAt: loan.loaned_at, DueAt: loan.due_at, RenewCount: loan.renew_count };
      const check = checkRenew(reader, open, now, rules);
      if (!check.ok) throw deskRefusal(ctx.t, 'renew', check.reasons.map(fromRule));
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
  }),

  /**
   * Undoes the caller's own transaction, if it is recent, not undone, and still the copy's latest
   * (nothing happened to the book since). The undo is a transaction too; nothing is deleted.
   */
  'circulation.undo': handler(C.undo, async (input, ctx) => {
    const { userId, schoolId } = await requireDesk(ctx);
    const now = nowIso();
    try {
      return await writeTx(ctx.app.db, async (trx) => {
        const tx = await trx.selectFrom('circ_transactions').selectAll().where('school_id', '=', schoolId).where('id', '=', input.TransactionID).executeTakeFirst();
        // An undo is not itself undone (scan the book again instead).
        if (!tx || tx.kind === 'undo') throw AppError.notFound();
        if (tx.staff_id !== userId) throw undoRefused('notYours');
        if (tx.undone_by != null) throw undoRefused('already');
        if (Date.parse(now) - Date.parse(tx.at) > UNDO_WINDOW_MS) throw undoRefused('tooLate');
        const latest = await trx.selectFrom('circ_transactions').select('id')
          .where('school_id', '=', schoolId).where('copy_id', '=', tx.copy_id).where('kind', '!=', 'undo').where('undone_by', 'is', null)
          .orderBy('id', 'desc').limit(1).executeTakeFirst();
        if (latest?.id !== tx.id) throw undoRefused('notLast');
        const copy = await trx.selectFrom('copies').select(['id', 'school_id', 'barcode', 'storage_area', 'circ_state', 'area_id'])
          .where('school_id', '=', schoolId).where('id', '=', tx.copy_id).executeTakeFirstOrThrow();
        const loan = trx.updateTable('loans').where('id', '=', tx.loan_id).where('school_id', '=', schoolId);
        const detail = { loanId: tx.loan_id, readerId: tx.reader_id, undoOf: tx.id };
        let changed;
        if (tx.kind === 'borrow') {
          changed = await loan.set({ cancelled: 1, returned_at: now, returned_by: userId }).where('returned_at', 'is', null).executeTakeFirst();
          if (Number(changed.numUpdatedRows) === 1) await changeCopy(trx, copy, 'return', { userId, at: now, detail });
        } else if (tx.kind === 'return') {
          // Reopening may clash with a loan made since (not through the desk): loans_open_copy_uq decides.
          changed = await loan.set({ returned_at: null, returned_by: null }).where('returned_at', 'is not', null).where('cancelled', '=', 0).executeTakeFirst();
          if (Number(changed.numUpdatedRows) === 1) await changeCopy(trx, copy, 'borrow', { userId, at: now, detail });
        } else {
          changed = await loan.set((eb) => ({ due_at: tx.due_before!, renew_count: eb('renew_count', '-', 1) }))
            .where('returned_at', 'is', null).where('due_at', '=', tx.due_after!).executeTakeFirst();
        }
        if (Number(changed.numUpdatedRows) !== 1) throw undoRefused('notLast');
        const undoId = await recordTransaction(trx, {
          school_id: schoolId, kind: 'undo', loan_id: tx.loan_id, copy_id: tx.copy_id, reader_id: tx.reader_id, staff_id: userId, at: now,
          due_before: tx.kind === 'renew' ? tx.due_after : null, due_after: tx.kind === 'renew' ? tx.due_before : null, undo_of: tx.id,
        });
        const marked = await trx.updateTable('circ_transactions').set({ undone_by: undoId })
          .where('id', '=', tx.id).where('school_id', '=', schoolId).where('undone_by', 'is', null).executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) throw undoRefused('already');
        return { TransactionID: undoId, Kind: tx.kind, Barcode: copy.barcode };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw undoRefused('notLast');
      throw err;
    }
  }),

  'circulation.getUserBorrowing': handler(C.getUserBorrowing, async (input, ctx) => {
    const { userId, schoolId } = staffOf(ctx);
    // Readers see their own loans; anyone else's need a desk.
    if (input.UserID !== userId && !(await holdsDeskMenu(ctx, userId, schoolId))) throw AppError.forbidden();
    const user: DeskReaderRow | undefined = await readerById(ctx.app.db, schoolId, input.UserID);
    if (!user) throw AppError.notFound('errors:readerNotFound');
    const [loans, cal] = await Promise.all([openLoansOf(ctx.app.db, schoolId, user.id), loadCalendar(ctx.app.db, schoolId)]);
    const now = nowIso();
    return { List: loans.map((l) => toDeskLoan(l, cal.calendar, now)) };
  }),
} satisfies HandlerMapFor<typeof C>;
