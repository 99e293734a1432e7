import {
  CLASS_CORNER_MENUS, CLASS_CORNER_OPS, classCornerCalls as C, type CornerItem, type CornerReasonCode,
} from '../../shared/api/class-corner.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import { addDays, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { checkCopyChange, changeCopy } from '../collection/copy-change.ts';
import { PLACEABLE_AREAS, storageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import { branchScope } from '../access/access-scope.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { classScope, type ClassScope } from '../access/class-scope.ts';
import { holds } from '../access/permissions.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import {
  classById, classesOf, copyByBarcode, deptNameOf, findItems, findOpenLoans, findRoster, loanById, openItemOfCopy, openLoanOfCopy,
  openLoansOfReader, ranksOf, ruleOf, toCornerLoan, topBooksOf, usageOf, type CornerCopyRow, type ListScope,
} from './class-corner-store.ts';

/**
 * The class corner's calls (contract: shared/api/class-corner.ts). Every call names or reaches a
 * class, and the caller must act for it (access/class-scope.ts: library staff, who hold the
 * placing operation, for every class; class librarians and head teachers for their own): any
 * other class is 403. Placing and taking back move the copy through the shared state machine
 * (allocate to storage area 8 and back); lending and returning write only the corner's ledger.
 */

/** Library staff: whoever may place books in corners acts for every class. */
const STAFF_KEY = CLASS_CORNER_OPS.place;
const TOP_BOOKS = 10;

/** Plain values, or { $t: key } for a word the error handler translates (a copy's state, its area). */
type Params = Record<string, unknown>;

/** A refusal in the caller's language (class-corner:reason.<code>), its code in data. */
function refused(code: CornerReasonCode, params: Params = {}): AppError {
  if (code === 'copyNotFound' || code === 'readerNotFound') return new AppError(ServiceCode.notFound, `class-corner:reason.${code}`, { status: 404, params, data: { Code: code } });
  return AppError.refused(`class-corner:reason.${code}`, params, { Code: code });
}

interface Caller {
  userId: number;
  schoolId: number;
  scope: ClassScope;
}

async function callerOf(ctx: CallContext): Promise<Caller> {
  const schoolId = requireSchool(ctx);
  const { userId } = requireUser(ctx);
  return { userId, schoolId, scope: await classScope(ctx, STAFF_KEY) };
}

/** Calls shared by every class screen: any class-corner menu (or '*'), else 403. */
async function requireCornerMenu(ctx: CallContext, c: Caller): Promise<void> {
  const perms = await ctx.app.permissions.of(c.userId, c.schoolId);
  if (!Object.values(CLASS_CORNER_MENUS).some((m) => holds(perms, m))) throw AppError.forbidden();
}

/** The class the request names: outside the caller's classes 403, not a class of this school 404. */
async function requireClass(ctx: CallContext, c: Caller, deptId: number) {
  c.scope.require(deptId);
  const cls = await classById(ctx.app.db, c.schoolId, deptId, ctx.lang);
  if (!cls) throw AppError.notFound('class-corner:classNotFound');
  return cls;
}

async function listScope(ctx: CallContext, c: Caller, deptId: number): Promise<ListScope> {
  const cal = await loadCalendar(ctx.app.db, c.schoolId);
  const offset = cal.calendar.UtcOffsetMinutes;
  return { schoolId: c.schoolId, deptId, offset, today: toLocalDay(new Date().toISOString(), offset) };
}

/** What the state machine says about placing an available copy in a corner (storage area 8). */
function placeRefusal(copy: CornerCopyRow): AppError | null {
  if (copy.circ_state === 'available' && checkCopyChange(copy, 'allocate', 8).ok) return null;
  return refused('copyNotPlaceable', {
    barcode: copy.barcode,
    state: { $t: `catalogue:circ.${copy.circ_state}` },
    area: { $t: `catalogue:storage.${storageAreaName(copy.storage_area) ?? 'cataloguing'}` },
  });
}

/** The area a moved copy keeps: its own, else the first of its branch (allocate needs one). */
async function areaOf(ctx: CallContext, schoolId: number, copy: CornerCopyRow): Promise<number | null> {
  if (copy.area_id != null) return copy.area_id;
  const a = await ctx.app.db.selectFrom('collection_areas').select('id').where('school_id', '=', schoolId).where('branch_id', '=', copy.branch_id)
    .orderBy('sort').orderBy('id').limit(1).executeTakeFirst();
  return a?.id ?? null;
}

export const classCornerHandlers = {
  'classCorner.getClasses': handler(C.getClasses, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireCornerMenu(ctx, c);
    const all = await classesOf(ctx.app.db, c.schoolId, c.scope.ids, ctx.lang);
    const key = input.SearchKey?.trim().toLowerCase();
    const hits = key ? all.filter((x) => x.Name.toLowerCase().includes(key)) : all;
    return { List: hits.slice((input.Page - 1) * input.Rows, input.Page * input.Rows), Total: hits.length, AllClasses: c.scope.ids == null };
  }),

  'classCorner.getItems': handler(C.getItems, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireClass(ctx, c, input.DeptID);
    return findItems(ctx.app.db, await listScope(ctx, c, input.DeptID), { key: input.SearchKey, state: input.State }, input.Page, input.Rows);
  }),

  'classCorner.getRoster': handler(C.getRoster, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireClass(ctx, c, input.DeptID);
    return findRoster(ctx.app.db, await listScope(ctx, c, input.DeptID), input.SearchKey, input.Page, input.Rows);
  }),

  'classCorner.getLoans': handler(C.getLoans, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireClass(ctx, c, input.DeptID);
    return findOpenLoans(ctx.app.db, await listScope(ctx, c, input.DeptID), input.OverdueOnly, input.Page, input.Rows);
  }),

  'classCorner.lend': handler(C.lend, async (input, ctx) => {
    const c = await callerOf(ctx);
    const cls = await requireClass(ctx, c, input.DeptID);
    const s = await listScope(ctx, c, input.DeptID);
    const now = new Date().toISOString();
    let copyId: number | null = null;
    try {
      return await writeTx(ctx.app.db, async (trx) => {
        const reader = await trx.selectFrom('users').select(['id', 'name', 'reader_id', 'dept_id'])
          .where('school_id', '=', c.schoolId).where('id', '=', input.UserID).executeTakeFirst();
        if (!reader) throw refused('readerNotFound');
        if (reader.dept_id !== input.DeptID) throw refused('notClassmate', { name: reader.name, class: cls.name });
        const copy = await copyByBarcode(trx, c.schoolId, input.Barcode);
        if (!copy) {
          // A card of another class scanned where a book was expected: say whose it is.
          const other = await trx.selectFrom('users').select(['name']).where('school_id', '=', c.schoolId).where('reader_id', '=', input.Barcode).executeTakeFirst();
          if (other) throw refused('notClassmate', { name: other.name, class: cls.name });
          throw refused('copyNotFound', { barcode: input.Barcode });
        }
        copyId = copy.id;
        const item = await openItemOfCopy(trx, c.schoolId, copy.id);
        if (!item || item.dept_id !== input.DeptID) throw refused('notInCorner', { barcode: copy.barcode, class: cls.name });
        // The stay is the corner's ledger; the copy itself must still be on the corner's shelf
        // (storage 8, available), not since lost, weeded, locked or moved by the library.
        if (copy.storage_area !== 8 || copy.circ_state !== 'available') {
          throw refused('notOnCornerShelf', {
            barcode: copy.barcode, state: { $t: `catalogue:circ.${copy.circ_state}` }, area: { $t: `catalogue:storage.${storageAreaName(copy.storage_area) ?? 'cataloguing'}` },
          });
        }
        const open = await openLoanOfCopy(trx, c.schoolId, copy.id);
        if (open) throw refused('alreadyLent', { barcode: copy.barcode, name: open.reader_name });
        const rule = await ruleOf(trx, c.schoolId, input.DeptID);
        const mine = await openLoansOfReader(trx, c.schoolId, reader.id);
        const late = mine.find((l) => l.due_day < s.today);
        if (late) throw refused('overdueBlocks', { name: reader.name, barcode: late.barcode });
        if (mine.length >= rule.MaxLoans) throw refused('limitReached', { name: reader.name, count: mine.length, max: rule.MaxLoans });
        const loan = await trx.insertInto('class_corner_loans').values({
          school_id: c.schoolId, dept_id: input.DeptID, item_id: item.id, copy_id: copy.id, user_id: reader.id,
          loaned_at: now, due_day: addDays(s.today, rule.LoanDays), returned_at: null, loaned_by: c.userId, returned_by: null,
        }).returning('id').executeTakeFirstOrThrow();
        const row = (await loanById(trx, c.schoolId, loan.id))!;
        const count = mine.length + 1;
        return {
          Loan: toCornerLoan(row, s.today, s.offset),
          Reader: { UserID: reader.id, ReaderID: reader.reader_id, Name: reader.name, OpenLoans: count, Overdue: 0 },
        };
      });
    } catch (err) {
      // Another desk lent the book between our read and our insert: cc_loans_open_copy_uq refused the second open loan.
      if (isUniqueViolation(err) && copyId != null) {
        const open = await openLoanOfCopy(ctx.app.db, c.schoolId, copyId);
        throw refused('alreadyLent', { barcode: input.Barcode, name: open?.reader_name ?? '' });
      }
      throw err;
    }
  }),

  'classCorner.returnBook': handler(C.returnBook, async (input, ctx) => {
    const c = await callerOf(ctx);
    const now = new Date().toISOString();
    const cal = await loadCalendar(ctx.app.db, c.schoolId);
    const offset = cal.calendar.UtcOffsetMinutes;
    const today = toLocalDay(now, offset);
    return writeTx(ctx.app.db, async (trx) => {
      const copy = await copyByBarcode(trx, c.schoolId, input.Barcode);
      if (!copy) throw refused('copyNotFound', { barcode: input.Barcode });
      const loan = await openLoanOfCopy(trx, c.schoolId, copy.id);
      if (!loan) {
        const item = await openItemOfCopy(trx, c.schoolId, copy.id);
        if (item) c.scope.require(item.dept_id);
        throw item ? refused('notLent', { barcode: copy.barcode }) : refused('notInCorner', { barcode: copy.barcode, class: '' });
      }
      c.scope.require(loan.dept_id);
      // `returned_at is null` in the WHERE: a retry racing the first return changes nothing.
      const done = await trx.updateTable('class_corner_loans').set({ returned_at: now, returned_by: c.userId })
        .where('id', '=', loan.id).where('school_id', '=', c.schoolId).where('returned_at', 'is', null).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw refused('notLent', { barcode: copy.barcode });
      return {
        Loan: toCornerLoan({ ...loan, returned_at: now }, today, offset),
        Reader: { UserID: loan.user_id, ReaderID: loan.reader_id, Name: loan.reader_name },
        ClassName: await deptNameOf(trx, c.schoolId, loan.dept_id, ctx.lang),
      };
    });
  }),

  'classCorner.placeItem': handler(C.placeItem, async (input, ctx) => {
    const c = await callerOf(ctx);
    const cls = await requireClass(ctx, c, input.DeptID);
    const branches = await branchScope(ctx);
    const now = new Date().toISOString();
    try {
      return await writeTx(ctx.app.db, async (trx) => {
        const copy = await copyByBarcode(trx, c.schoolId, input.Barcode);
        if (!copy) throw refused('copyNotFound', { barcode: input.Barcode });
        branches.require(copy.branch_id);
        const stay = await openItemOfCopy(trx, c.schoolId, copy.id);
        if (stay) throw refused('alreadyInCorner', { barcode: copy.barcode, class: await deptNameOf(trx, c.schoolId, stay.dept_id, ctx.lang) });
        const no = placeRefusal(copy);
        if (no) throw no;
        const areaId = await areaOf(ctx, c.schoolId, copy);
        // A copy with no area in a branch without areas: allocation has nowhere to record it.
        if (areaId == null) throw placeRefusal({ ...copy, circ_state: 'locked' }) ?? refused('copyNotPlaceable');
        const item = await trx.insertInto('class_corner_items').values({
          school_id: c.schoolId, dept_id: input.DeptID, copy_id: copy.id, from_storage: copy.storage_area, placed_at: now, placed_by: c.userId,
          removed_at: null, removed_by: null,
        }).returning('id').executeTakeFirstOrThrow();
        // The copy stays in its branch and area, but in storage area 8 (reading): the main desk lends nothing there.
        await changeCopy(trx, copy, 'allocate', { target: { branchId: copy.branch_id, areaId, storage: 8 }, userId: c.userId, at: now, detail: { classCorner: input.DeptID } });
        const listed: CornerItem = {
          ItemID: item.id, CopyID: copy.id, Barcode: copy.barcode, Title: copy.title, Author: copy.author, CallNo: copy.call_no, PlacedAt: now, State: 'onShelf', Loan: null,
        };
        return { Item: listed, ClassName: cls.name };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw refused('alreadyInCorner', { barcode: input.Barcode, class: '' });
      throw err;
    }
  }),

  'classCorner.removeItem': handler(C.removeItem, async (input, ctx) => {
    const c = await callerOf(ctx);
    const branches = await branchScope(ctx);
    const now = new Date().toISOString();
    return writeTx(ctx.app.db, async (trx) => {
      const copy = await copyByBarcode(trx, c.schoolId, input.Barcode);
      if (!copy) throw refused('copyNotFound', { barcode: input.Barcode });
      branches.require(copy.branch_id);
      const stay = await openItemOfCopy(trx, c.schoolId, copy.id);
      if (!stay) throw refused('notInCorner', { barcode: copy.barcode, class: '' });
      c.scope.require(stay.dept_id);
      const open = await openLoanOfCopy(trx, c.schoolId, copy.id);
      if (open) throw refused('alreadyLent', { barcode: copy.barcode, name: open.reader_name });
      const done = await trx.updateTable('class_corner_items').set({ removed_at: now, removed_by: c.userId })
        .where('id', '=', stay.id).where('school_id', '=', c.schoolId).where('removed_at', 'is', null).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw refused('notInCorner', { barcode: copy.barcode, class: '' });
      // Back where it came from, if the library has not moved it meanwhile (weeded, lost, stocktaken …: left as it is).
      let storage = copy.storage_area;
      const back = (PLACEABLE_AREAS as readonly number[]).includes(stay.from_storage) ? stay.from_storage : 2;
      const areaId = await areaOf(ctx, c.schoolId, copy);
      if (copy.storage_area === 8 && areaId != null && checkCopyChange(copy, 'allocate', back).ok) {
        await changeCopy(trx, copy, 'allocate', { target: { branchId: copy.branch_id, areaId, storage: back }, userId: c.userId, at: now, detail: { classCornerOut: stay.dept_id } });
        storage = back;
      }
      return { CopyID: copy.id, Barcode: copy.barcode, Title: copy.title, ClassName: await deptNameOf(trx, c.schoolId, stay.dept_id, ctx.lang), Storage: storage };
    });
  }),

  'classCorner.getRule': handler(C.getRule, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireCornerMenu(ctx, c);
    await requireClass(ctx, c, input.DeptID);
    return ruleOf(ctx.app.db, c.schoolId, input.DeptID);
  }),

  'classCorner.setRule': handler(C.setRule, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireClass(ctx, c, input.DeptID);
    const now = new Date().toISOString();
    await ctx.app.db.insertInto('class_corner_rules')
      .values({ school_id: c.schoolId, dept_id: input.DeptID, max_loans: input.MaxLoans, loan_days: input.LoanDays, updated_at: now, updated_by: c.userId })
      .onConflict((oc) => oc.columns(['school_id', 'dept_id']).doUpdateSet({ max_loans: input.MaxLoans, loan_days: input.LoanDays, updated_at: now, updated_by: c.userId }))
      .execute();
    return ruleOf(ctx.app.db, c.schoolId, input.DeptID);
  }),

  'classCorner.getUsage': handler(C.getUsage, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireClass(ctx, c, input.DeptID);
    const all = await usageOf(ctx.app.db, await listScope(ctx, c, input.DeptID), input.DateFrom, input.DateTo);
    const key = input.SearchKey?.trim().toLowerCase();
    const hits = all.filter((r) => (!input.NeverLent || r.Times === 0)
      && (!key || [r.Title, r.Author, r.Barcode].some((v) => v.toLowerCase().includes(key))));
    // Most lent first; never-lent ones last, by barcode.
    hits.sort((a, b) => b.Times - a.Times || a.Barcode.localeCompare(b.Barcode));
    const lent = hits.filter((r) => r.Times > 0).length;
    return {
      List: hits.slice((input.Page - 1) * input.Rows, input.Page * input.Rows),
      Total: hits.length,
      Totals: { Books: hits.length, Lent: lent, NeverLent: hits.length - lent, Loans: hits.reduce((n, r) => n + r.Times, 0) },
    };
  }),

  'classCorner.getRanks': handler(C.getRanks, async (input, ctx) => {
    const c = await callerOf(ctx);
    await requireClass(ctx, c, input.DeptID);
    const s = await listScope(ctx, c, input.DeptID);
    const [ranks, books] = await Promise.all([ranksOf(ctx.app.db, s, input.DateFrom, input.DateTo), topBooksOf(ctx.app.db, s, TOP_BOOKS, input.DateFrom, input.DateTo)]);
    return { List: ranks.slice((input.Page - 1) * input.Rows, input.Page * input.Rows), Total: ranks.length, Books: books };
  }),
} satisfies HandlerMapFor<typeof C>;
