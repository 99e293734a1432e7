import type { Transaction } from 'kysely';
import { lossCalls as L, suggestedCents, type LossKind } from '../../shared/api/loss.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import { PLACEABLE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { branchFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { deptOptions, deptSubtree } from '../circulation/records-store.ts';
import { changeCopy } from '../collection/copy-change.ts';
import { copyGoneFromHold, offerToQueue } from '../holds/hold-store.ts';
import { writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { exportLossJob } from './loss-export.ts';
import {
  copyPriceCents, findLostCopies, findRecords, lossCopyByBarcode, nextBillNo, openLoanWithReader, openRecordOfCopy,
  readLossSettings, recordById, recordRow, toCents, toYuan, writeLossSettings,
  type LossCopyRow, type LossFilters, type LossScope, type OpenLoanRow,
} from './loss-store.ts';

/**
 * The lost books (contract: shared/api/loss.ts). A loss closes the loan it is registered against
 * and marks the copy lost through the state machine, in one transaction; found again sends the copy
 * back to an area and the record becomes retrieved; a write-off weeds a copy on loan or lost. The
 * desk's journal (circ_transactions) is left alone: its kinds are the desk's own (borrow, return,
 * renew, undo); the loss record and the copy's history (copy_events) are the loss's journal.
 */

const nowIso = () => new Date().toISOString();

async function scopeOf(ctx: CallContext): Promise<LossScope> {
  const { schoolId } = requireUser(ctx);
  const [branchIds, cal] = await Promise.all([branchFilter(ctx), loadCalendar(ctx.app.db, schoolId)]);
  return { schoolId, branchIds, utcOffsetMinutes: cal.calendar.UtcOffsetMinutes, lang: ctx.lang };
}

/** Named, not hidden: "outside your branches" says more than "no such book". */
function requireBranch(s: LossScope, branchId: number, barcode: string) {
  if (s.branchIds && !s.branchIds.includes(branchId)) {
    throw new AppError(ServiceCode.forbidden, 'loss:refused.outsideBranches', { params: { barcode }, status: 403 });
  }
}

async function copyOf(db: Transaction<Database> | CallContext['app']['db'], s: LossScope, barcode: string): Promise<LossCopyRow> {
  const copy = await lossCopyByBarcode(db, s.schoolId, barcode);
  if (!copy) throw AppError.notFound('loss:refused.copyNotFound', { barcode });
  requireBranch(s, copy.branch_id, copy.barcode);
  return copy;
}

const deptName = (lang: string, r: { dept_name: string | null; dept_en_name: string | null }) => (lang === 'en-US' && r.dept_en_name) || r.dept_name || '';

/** The school's local year of an instant (bill numbers restart each year). */
const localYear = (at: string, offset: number) => new Date(Date.parse(at) + offset * 60_000).getUTCFullYear();

interface NewRecord {
  copy: LossCopyRow;
  loan: OpenLoanRow | undefined;
  kind: LossKind;
  suggested: number;
  amount: number;
  amountReason: string;
  note: string;
  userId: number;
  at: string;
}

async function insertRecord(trx: Transaction<Database>, s: LossScope, r: NewRecord): Promise<number> {
  const bill = await nextBillNo(trx, s.schoolId, localYear(r.at, s.utcOffsetMinutes));
  const row = await trx.insertInto('loss_records').values({
    school_id: s.schoolId, bill_no: bill, copy_id: r.copy.id, barcode: r.copy.barcode, title: r.copy.title, call_no: r.copy.call_no,
    branch_id: r.copy.branch_id, area_id: r.copy.area_id, price_cents: copyPriceCents(r.copy), kind: r.kind,
    loan_id: r.loan?.id ?? null, reader_id: r.loan?.user_id ?? null, reader_card: r.loan?.reader_id ?? '', reader_name: r.loan?.name ?? '',
    dept_id: r.loan?.dept_id ?? null, registered_at: r.at, registered_by: r.userId,
    suggested_cents: r.suggested, amount_cents: r.amount, amount_reason: r.amountReason, state: 'notCompensated', note: r.note,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Closes an open loan without a return: the reader no longer holds the book (loans stay as history). */
async function closeLoan(trx: Transaction<Database>, schoolId: number, loanId: number, how: 'lost' | 'weeded', userId: number, at: string) {
  await trx.updateTable('loans').set({ returned_at: at, returned_by: userId, closed_as: how })
    .where('school_id', '=', schoolId).where('id', '=', loanId).where('returned_at', 'is', null).execute();
}

/** A record of the school in the caller's branches, or 404/403. */
async function ownRecord(trx: Transaction<Database>, s: LossScope, id: number) {
  const row = await recordRow(trx, s.schoolId, id);
  if (!row) throw AppError.notFound('loss:refused.recordNotFound');
  requireBranch(s, row.branch_id, row.barcode);
  return row;
}

const notOpen = (row: { bill_no: string; state: string }) =>
  AppError.refused('loss:refused.notOpen', { bill: row.bill_no, state: { $t: `loss:state.${row.state}` } });

const filtersOf = (q: { DateFrom?: string; DateTo?: string; Reader?: string; Book?: string; BillNo?: string; State?: LossFilters['state']; Kind?: LossFilters['kind'] }): LossFilters =>
  ({ from: q.DateFrom, to: q.DateTo, reader: q.Reader, book: q.Book, billNo: q.BillNo, state: q.State, kind: q.Kind });

async function deptFilter(ctx: CallContext, schoolId: number, deptId: number | undefined) {
  if (deptId == null) return undefined;
  const ids = await deptSubtree(ctx.app.db, schoolId, deptId);
  if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
  return ids;
}

export const lossHandlers = {
  'loss.getCopy': handler(L.getCopy, async (input, ctx) => {
    const s = await scopeOf(ctx);
    const db = ctx.app.db;
    const copy = await copyOf(db, s, input.Barcode);
    const [loan, settings, open] = await Promise.all([
      openLoanWithReader(db, s.schoolId, copy.id), readLossSettings(db, s.schoolId), openRecordOfCopy(db, s.schoolId, copy.id),
    ]);
    const price = copyPriceCents(copy);
    return {
      CopyID: copy.id, Barcode: copy.barcode, Title: copy.title, CallNo: copy.call_no,
      BranchName: (s.lang === 'en-US' && copy.branch_en_name) || copy.branch_name || '',
      AreaName: (s.lang === 'en-US' && copy.area_en_name) || copy.area_name || '',
      Storage: copy.storage_area, State: copy.circ_state, Price: toYuan(price), SuggestedAmount: toYuan(suggestedCents(price, settings)),
      Loan: loan ? {
        LoanID: loan.id, UserID: loan.user_id, ReaderID: loan.reader_id, ReaderName: loan.name, ClassName: deptName(s.lang, loan),
        LoanedAt: loan.loaned_at, DueAt: loan.due_at,
      } : null,
      OpenRecord: open ? (await recordById(db, s, open.id)) ?? null : null,
    };
  }),

  'loss.getReaderLoans': handler(L.getReaderLoans, async (input, ctx) => {
    const s = await scopeOf(ctx);
    const db = ctx.app.db;
    const reader = await db.selectFrom('users').leftJoin('departments as d', 'd.id', 'users.dept_id')
      .select(['users.id', 'users.reader_id', 'users.name', 'd.name as dept_name', 'd.en_name as dept_en_name'])
      .where('users.school_id', '=', s.schoolId).where('users.reader_id', '=', input.ReaderID).executeTakeFirst();
    if (!reader) throw AppError.notFound('errors:readerNotFound');
    let q = db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
      .select(['l.id', 'l.loaned_at', 'l.due_at', 'c.barcode', 'c.price', 'c.discount_price', 'c.branch_id', 't.title'])
      .where('l.school_id', '=', s.schoolId).where('l.user_id', '=', reader.id).where('l.returned_at', 'is', null);
    if (s.branchIds) q = q.where('c.branch_id', 'in', s.branchIds.length ? [...s.branchIds] : [-1]);
    const [loans, settings] = await Promise.all([q.orderBy('l.loaned_at').orderBy('l.id').execute(), readLossSettings(db, s.schoolId)]);
    return {
      UserID: reader.id, ReaderID: reader.reader_id, Name: reader.name, ClassName: deptName(s.lang, reader),
      Loans: loans.map((l) => ({
        LoanID: l.id, Barcode: l.barcode, Title: l.title, Price: toYuan(copyPriceCents(l)),
        SuggestedAmount: toYuan(suggestedCents(copyPriceCents(l), settings)), LoanedAt: l.loaned_at, DueAt: l.due_at,
      })),
    };
  }),

  'loss.register': handler(L.register, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx);
    const settings = await readLossSettings(ctx.app.db, s.schoolId);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const copy = await copyOf(trx, s, input.Barcode);
      const loan = await openLoanWithReader(trx, s.schoolId, copy.id);
      if (input.Kind === 'borrower' && !loan) throw AppError.refused('loss:refused.noLoan', { barcode: copy.barcode });
      if (input.Kind === 'shelf' && loan) throw AppError.refused('loss:refused.onLoan', { barcode: copy.barcode, name: loan.name });
      const at = nowIso();
      // The state machine refuses a copy already lost, weeded or on the hold shelf, naming its state.
      const forHold = copy.circ_state === 'reserving';
      await changeCopy(trx, copy, 'markLost', { userId, at, detail: { kind: input.Kind, loanId: loan?.id ?? null } });
      if (loan) await closeLoan(trx, s.schoolId, loan.id, 'lost', userId, at);
      // A copy that was to be fetched for a hold: the hold takes another copy or waits.
      if (forHold) await copyGoneFromHold(trx, { schoolId: s.schoolId, userId, now: at, calendar: (await loadCalendar(trx, s.schoolId)).calendar }, copy.id);
      const suggested = suggestedCents(copyPriceCents(copy), settings);
      const amount = input.Amount == null ? suggested : toCents(input.Amount);
      if (amount !== suggested && !input.AmountReason) throw AppError.badRequest('loss:required.reason');
      return insertRecord(trx, s, {
        copy, loan, kind: input.Kind, suggested, amount, amountReason: amount === suggested ? '' : input.AmountReason, note: input.Note, userId, at,
      });
    });
    return (await recordById(ctx.app.db, s, id))!;
  }),

  'loss.getRecords': handler(L.getRecords, async (input, ctx) => {
    const s = await scopeOf(ctx);
    const deptIds = await deptFilter(ctx, s.schoolId, input.DeptID);
    return findRecords(ctx.app.db, s, { ...filtersOf(input), deptIds }, 'newest', input.Page, input.Rows);
  }),

  'loss.exportRecords': handler(L.exportRecords, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx);
    const deptIds = await deptFilter(ctx, s.schoolId, input.DeptID);
    const DataID = await ctx.app.jobs.start(exportLossJob({ app: ctx.app, lang: ctx.lang, scope: s, userId, filters: { ...filtersOf(input), deptIds } }));
    return { DataID };
  }),

  'loss.getDeptOptions': handler(L.getDeptOptions, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return deptOptions(ctx.app.db, schoolId, ctx.lang);
  }),

  'loss.getOpen': handler(L.getOpen, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return findRecords(ctx.app.db, s, { ...filtersOf(input), state: 'notCompensated' }, 'oldest', input.Page, input.Rows);
  }),

  'loss.searchBills': handler(L.searchBills, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return findRecords(ctx.app.db, s, filtersOf(input), 'newest', input.Page, input.Rows);
  }),

  'loss.compensate': handler(L.compensate, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await ownRecord(trx, s, input.ID);
      if (row.state !== 'notCompensated') throw notOpen(row);
      const note = input.Note ? (row.note ? `${row.note}\n${input.Note}` : input.Note) : row.note;
      await trx.updateTable('loss_records').set({
        state: 'compensated', paid_cents: input.PayWay === 'waived' ? 0 : toCents(input.PaidAmount), pay_way: input.PayWay,
        paid_at: nowIso(), paid_by: userId, note,
      }).where('id', '=', row.id).where('school_id', '=', s.schoolId).execute();
    });
    return (await recordById(ctx.app.db, s, input.ID))!;
  }),

  'loss.adjust': handler(L.adjust, async (input, ctx) => {
    requireUser(ctx);
    const s = await scopeOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await ownRecord(trx, s, input.ID);
      if (row.state !== 'notCompensated') throw notOpen(row);
      await trx.updateTable('loss_records').set({ amount_cents: toCents(input.Amount), amount_reason: input.AmountReason })
        .where('id', '=', row.id).where('school_id', '=', s.schoolId).execute();
    });
    return (await recordById(ctx.app.db, s, input.ID))!;
  }),

  'loss.refund': handler(L.refund, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await ownRecord(trx, s, input.ID);
      if (row.state !== 'retrieved' || !row.paid_cents || row.refund_cents != null) throw AppError.refused('loss:refused.noRefund', { bill: row.bill_no });
      if (toCents(input.RefundAmount) > row.paid_cents) throw AppError.refused('loss:refused.refundTooMuch', { paid: toYuan(row.paid_cents).toFixed(2) });
      const note = input.Note ? (row.note ? `${row.note}\n${input.Note}` : input.Note) : row.note;
      await trx.updateTable('loss_records').set({ refund_cents: toCents(input.RefundAmount), refunded_at: nowIso(), refunded_by: userId, note })
        .where('id', '=', row.id).where('school_id', '=', s.schoolId).execute();
    });
    return (await recordById(ctx.app.db, s, input.ID))!;
  }),

  'loss.found': handler(L.found, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx);
    const out = await writeTx(ctx.app.db, async (trx) => {
      const copy = await copyOf(trx, s, input.Barcode);
      const areaId = input.AreaID ?? copy.area_id;
      const area = areaId == null ? undefined : await trx.selectFrom('collection_areas as a').innerJoin('branches as b', 'b.id', 'a.branch_id')
        .select(['a.id', 'a.branch_id', 'a.storage_area', 'a.name', 'a.en_name', 'b.name as branch_name', 'b.en_name as branch_en_name'])
        .where('a.school_id', '=', s.schoolId).where('a.id', '=', areaId).executeTakeFirst();
      if (!area) throw input.AreaID != null ? AppError.notFound('loss:refused.areaNotFound') : AppError.refused('loss:refused.noArea', { barcode: copy.barcode });
      requireBranch(s, area.branch_id, copy.barcode);
      const at = nowIso();
      await changeCopy(trx, copy, 'found', { userId, at, target: { branchId: area.branch_id, areaId: area.id, storage: area.storage_area } });
      // Back on a lending shelf: a reader waiting for the title gets it (to fetch).
      const actor = { schoolId: s.schoolId, userId, now: at, calendar: (await loadCalendar(trx, s.schoolId)).calendar };
      await offerToQueue(trx, actor, { ...copy, storage_area: area.storage_area, area_id: area.id, circ_state: 'available' });
      const open = await openRecordOfCopy(trx, s.schoolId, copy.id);
      if (open) {
        await trx.updateTable('loss_records').set({ state: 'retrieved', retrieved_at: at, retrieved_by: userId })
          .where('id', '=', open.id).where('school_id', '=', s.schoolId).execute();
      }
      return {
        copy, open,
        areaName: (s.lang === 'en-US' && area.en_name) || area.name,
        branchName: (s.lang === 'en-US' && area.branch_en_name) || area.branch_name,
      };
    });
    return {
      Barcode: out.copy.barcode, Title: out.copy.title, BranchName: out.branchName, AreaName: out.areaName,
      Record: out.open ? (await recordById(ctx.app.db, s, out.open.id)) ?? null : null,
      WasCompensated: out.open?.state === 'compensated',
    };
  }),

  'loss.getAreas': handler(L.getAreas, async (_input, ctx) => {
    const s = await scopeOf(ctx);
    let q = ctx.app.db.selectFrom('collection_areas as a').innerJoin('branches as b', 'b.id', 'a.branch_id')
      .select(['a.id', 'a.name', 'a.en_name', 'b.name as branch_name', 'b.en_name as branch_en_name'])
      .where('a.school_id', '=', s.schoolId).where('a.storage_area', 'in', [...PLACEABLE_AREAS]);
    if (s.branchIds) q = q.where('a.branch_id', 'in', s.branchIds.length ? [...s.branchIds] : [-1]);
    const rows = await q.orderBy('b.sort').orderBy('b.id').orderBy('a.sort').orderBy('a.id').execute();
    const en = s.lang === 'en-US';
    return rows.map((r) => ({ ID: r.id, Name: `${(en && r.branch_en_name) || r.branch_name} · ${(en && r.en_name) || r.name}` }));
  }),

  'loss.getRetrieveRecords': handler(L.getRetrieveRecords, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return findRecords(ctx.app.db, s, { ...filtersOf(input), dateOf: 'retrieved', state: 'retrieved' }, 'retrievedNewest', input.Page, input.Rows);
  }),

  'loss.getLostCopies': handler(L.getLostCopies, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return findLostCopies(ctx.app.db, s, input.SearchKey, input.Page, input.Rows);
  }),

  'loss.borrowingBookWeeding': handler(L.borrowingBookWeeding, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await scopeOf(ctx);
    const settings = await readLossSettings(ctx.app.db, s.schoolId);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const copy = await copyOf(trx, s, input.Barcode);
      const loan = await openLoanWithReader(trx, s.schoolId, copy.id);
      const at = nowIso();
      let record = await openRecordOfCopy(trx, s.schoolId, copy.id);
      let kind: LossKind = input.Kind;
      if (loan) {
        if (kind === 'shelf') throw AppError.refused('loss:refused.onLoan', { barcode: copy.barcode, name: loan.name });
        // On loan: lost first (the state machine weeds only what is on the shelf or lost), then weeded.
        await changeCopy(trx, copy, 'markLost', { userId, at, detail: { kind, loanId: loan.id, writeOff: true } });
        await closeLoan(trx, s.schoolId, loan.id, 'weeded', userId, at);
        copy.storage_area = 6;
        copy.circ_state = 'lost';
      } else if (copy.circ_state !== 'lost') {
        throw AppError.refused('loss:refused.notLostOrOnLoan', { barcode: copy.barcode });
      } else if (kind === 'borrower') kind = 'shelf';
      await changeCopy(trx, copy, 'weed', { userId, at, detail: { reason: 'loss', kind } });
      if (!record) {
        const suggested = suggestedCents(copyPriceCents(copy), settings);
        const newId = await insertRecord(trx, s, { copy, loan, kind, suggested, amount: suggested, amountReason: '', note: input.Note, userId, at });
        record = await recordRow(trx, s.schoolId, newId);
      }
      await trx.updateTable('loss_records').set({ written_off_at: at, written_off_by: userId })
        .where('id', '=', record!.id).where('school_id', '=', s.schoolId).execute();
      return record!.id;
    });
    return { Barcode: input.Barcode, Record: (await recordById(ctx.app.db, s, id))! };
  }),

  'loss.getSettings': handler(L.getSettings, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return readLossSettings(ctx.app.db, schoolId);
  }),

  'loss.saveSettings': handler(L.saveSettings, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeLossSettings(ctx.app.db, schoolId, input);
    return input;
  }),
} satisfies HandlerMapFor<typeof L>;
