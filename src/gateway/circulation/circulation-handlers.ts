import { circulationCalls as C, UNDO_WINDOW_MS } from '../../shared/api/circulation.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { changeCopy } from '../collection/copy-change.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { reopenForUndo, unshelveForUndo } from '../holds/hold-store.ts';
import { copyByBarcode, deskReaderOf, openLoanOfCopy, openLoansOf, readerById, readerByCard, recordTransaction, toDeskLoan, type DeskReaderRow } from './circulation-store.ts';
import {
  holdsDeskMenu, lendCopy, loanToReturn, nowIso, renewCopy, requireDesk, returnCopy, returnReaderOf, returnSetup, staffOf,
} from './desk-operations.ts';

/**
 * The circulation desk's calls (contract: shared/api/circulation.ts). The writes themselves are
 * desk-operations.ts, shared with every other screen that circulates books.
 */

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
      const { rules } = await ctx.app.schoolRules.of(schoolId);
      return { Kind: 'reader' as const, Reader: await deskReaderOf(db, schoolId, user, { lang: ctx.lang, dataDir: ctx.app.config.dataDir, now, rules }) };
    }
    const copy = await copyByBarcode(db, schoolId, input.BarCode);
    if (!copy) return { Kind: 'none' as const };
    // Shown whatever the caller's branches: a write on it is refused with outsideBranches, which says more than "unknown".
    const [loan, { rules }] = await Promise.all([openLoanOfCopy(db, schoolId, copy.id), ctx.app.schoolRules.of(schoolId)]);
    return {
      Kind: 'copy' as const,
      Copy: {
        CopyID: copy.id, Barcode: copy.barcode, Title: copy.title, CallNo: copy.call_no, State: copy.circ_state,
        Loan: loan ? { ...toDeskLoan(loan, rules.Calendar, now), UserID: loan.user_id, ReaderID: loan.reader_id, ReaderName: loan.reader_name } : null,
      },
    };
  }),

  'circulation.literatureCirc': handler(C.literatureCirc, (input, ctx) => lendCopy(ctx, input.UserID, input.Barcode)),

  'circulation.literatureReturn': handler(C.literatureReturn, (input, ctx) => returnCopy(ctx, input.Barcode)),

  'circulation.getDeferredItem': handler(C.getDeferredItem, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const { branchIds, calendar } = await returnSetup(ctx, schoolId);
    const db = ctx.app.db;
    const { loan, returnedAt } = await loanToReturn(db, ctx, schoolId, branchIds, calendar, input.Barcode, nowIso(), input.ReturnDay);
    // Judged as of the end of that day; the loan itself stays open.
    return { Loan: toDeskLoan(loan, calendar, returnedAt), Reader: await returnReaderOf(db, ctx, schoolId, loan) };
  }),

  'circulation.deferredReturn': handler(C.deferredReturn, (input, ctx) => returnCopy(ctx, input.Barcode, input.ReturnDay)),

  'circulation.renew': handler(C.renew, (input, ctx) => renewCopy(ctx, input.Barcode)),

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
        if (!tx || tx.kind === 'undo' || tx.kind === 'due') throw AppError.notFound();
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
          if (Number(changed.numUpdatedRows) === 1) {
            const back = await changeCopy(trx, copy, 'return', { userId, at: now, detail });
            // A loan that fulfilled a hold: the hold is open again, the copy back on the hold shelf.
            const calendar = (await loadCalendar(trx, schoolId)).calendar;
            const titleId = (await trx.selectFrom('copies').select('title_id').where('id', '=', copy.id).executeTakeFirstOrThrow()).title_id;
            await reopenForUndo(trx, { schoolId, userId, now, calendar }, tx.loan_id, { ...copy, title_id: titleId, storage_area: back.storage, circ_state: back.circ });
          }
        } else if (tx.kind === 'return') {
          // Reopening may clash with a loan made since (not through the desk): loans_open_copy_uq decides.
          changed = await loan.set({ returned_at: null, returned_by: null }).where('returned_at', 'is not', null).where('cancelled', '=', 0).executeTakeFirst();
          // The return put it on the hold shelf: that reader goes back to the queue, keeping their place.
          if (Number(changed.numUpdatedRows) === 1) await unshelveForUndo(trx, schoolId, copy.id);
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
    const [loans, { rules }] = await Promise.all([openLoansOf(ctx.app.db, schoolId, user.id), ctx.app.schoolRules.of(schoolId)]);
    const now = nowIso();
    return { List: loans.map((l) => toDeskLoan(l, rules.Calendar, now)) };
  }),
} satisfies HandlerMapFor<typeof C>;
