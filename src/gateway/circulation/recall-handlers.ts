import { RECALL_MENU, recallCalls as R, type OverdueLoan, type RecallSendResult, type RecallSlip } from '../../shared/api/circulation-recall.ts';
import { inList } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { deptOptions, deptSubtree, localDay, type RecordScope } from './records-store.ts';
import { scopeOf } from './records-handlers.ts';
import { addressesOf, findOverdue, recallScopeOf, recordNotices } from './recall-store.ts';

/**
 * 催还 (contract: shared/api/circulation-recall.ts): the overdue list with its reminders, the
 * slips to print, and the reminders themselves (printed slips recorded, e-mails sent and recorded).
 * Print and send take loan ids; every one must be an overdue loan the caller sees, else nothing happens.
 */

/** Who asks: the records' scope (school, branches, calendar) and the classes a head teacher is limited to. */
async function recallScope(ctx: CallContext): Promise<RecordScope & { classes: number[] | null }> {
  const { userId } = requireUser(ctx);
  const s = await scopeOf(ctx);
  return { ...s, classes: await recallScopeOf(ctx.app.db, s.schoolId, userId, RECALL_MENU) };
}

/** The overdue loans named by `ids`, by class then reader; refused (409, with the others) unless all are. */
async function overdueLoans(ctx: CallContext, s: RecordScope & { classes: number[] | null }, ids: readonly number[]): Promise<OverdueLoan[]> {
  const unique = [...new Set(ids)];
  const { List } = await findOverdue(ctx.app.db, s, { loanIds: unique, scopeDeptIds: s.classes }, 'class', 1, unique.length);
  if (List.length < unique.length) {
    const found = new Set(List.map((l) => l.LoanID));
    const missing = unique.filter((id) => !found.has(id));
    throw AppError.conflict('circulation-recall:refused.notOverdue', { count: missing.length }, { LoanIDs: missing });
  }
  return List;
}

/** One slip per reader, in the list's order (class, then card number). */
function slipsOf(loans: readonly OverdueLoan[]): RecallSlip[] {
  const byReader = new Map<number, RecallSlip>();
  for (const l of loans) {
    let slip = byReader.get(l.UserID);
    if (!slip) byReader.set(l.UserID, (slip = { UserID: l.UserID, ReaderID: l.ReaderID, ReaderName: l.ReaderName, ClassID: l.ClassID, ClassName: l.ClassName, Books: [] }));
    slip.Books.push({ LoanID: l.LoanID, Barcode: l.Barcode, Title: l.Title, DueDay: l.DueDay, OverdueDays: l.OverdueDays });
  }
  return [...byReader.values()];
}

async function schoolNameOf(ctx: CallContext, schoolId: number): Promise<string> {
  const s = await ctx.app.db.selectFrom('schools').select(['name', 'en_name']).where('id', '=', schoolId).executeTakeFirst();
  return (ctx.lang === 'en-US' && s?.en_name) || s?.name || '';
}

/** The reminder e-mail of one reader, in the caller's language. */
function reminderMail(ctx: CallContext, school: string, slip: RecallSlip, day: string): { subject: string; text: string } {
  const books = slip.Books.map((b) => ctx.t('circulation-recall:mail.book', { title: b.Title, barcode: b.Barcode, due: b.DueDay, days: b.OverdueDays }));
  return {
    subject: ctx.t('circulation-recall:mail.subject', { school, count: slip.Books.length }),
    text: [
      ctx.t('circulation-recall:mail.greeting', { name: slip.ReaderName }),
      '',
      ctx.t('circulation-recall:mail.intro', { count: slip.Books.length, className: slip.ClassName, card: slip.ReaderID }),
      '',
      ...books,
      '',
      ctx.t('circulation-recall:mail.closing'),
      '',
      ctx.t('circulation-recall:mail.signature', { school, day }),
    ].join('\n'),
  };
}

export const recallHandlers = {
  'circulationRecall.overdueReviews': handler(R.overdueReviews, async (input, ctx) => {
    const s = await recallScope(ctx);
    let deptIds: number[] | undefined;
    if (input.DeptID != null) {
      const ids = await deptSubtree(ctx.app.db, s.schoolId, input.DeptID);
      if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
      deptIds = ids;
    }
    return findOverdue(ctx.app.db, s, {
      anything: input.SearchKey, deptIds, scopeDeptIds: s.classes, identity: input.Identity, branchId: input.BranchID, minDays: input.MinDays, reminded: input.Reminded,
    }, input.Sort, input.Page, input.Rows);
  }),

  'circulationRecall.options': handler(R.options, async (_input, ctx) => {
    const s = await recallScope(ctx);
    let q = ctx.app.db.selectFrom('branches').select(['id', 'name', 'en_name', 'sort']).where('school_id', '=', s.schoolId);
    if (s.branchIds) q = q.where('id', 'in', inList(s.branchIds));
    const [Depts, branches] = await Promise.all([deptOptions(ctx.app.db, s.schoolId, ctx.lang), q.orderBy('sort').orderBy('id').execute()]);
    return { Depts: s.classes ? Depts.filter((d) => s.classes!.includes(d.ID)) : Depts, Branches: branches.map((b) => ({ ID: b.id, Name: (ctx.lang === 'en-US' && b.en_name) || b.name })) };
  }),

  'circulationRecall.slips': handler(R.slips, async (input, ctx) => {
    const s = await recallScope(ctx);
    const loans = await overdueLoans(ctx, s, input.LoanIDs);
    return { SchoolName: await schoolNameOf(ctx, s.schoolId), Day: localDay(s.now, s.calendar.UtcOffsetMinutes), Slips: slipsOf(loans) };
  }),

  'circulationRecall.send': handler(R.send, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const s = await recallScope(ctx);
    const db = ctx.app.db;
    const slips = slipsOf(await overdueLoans(ctx, s, input.LoanIDs));
    const rows = (slip: RecallSlip) => slip.Books.map((b) => ({ loanId: b.LoanID, userId: slip.UserID }));
    const base = (slip: RecallSlip) => ({ UserID: slip.UserID, ReaderID: slip.ReaderID, ReaderName: slip.ReaderName, Loans: slip.Books.length });
    if (input.Channel === 'print') {
      await recordNotices(db, s.schoolId, slips.flatMap(rows), 'print', userId, new Date().toISOString());
      return { Recorded: slips.reduce((n, x) => n + x.Books.length, 0), Results: slips.map((x): RecallSendResult => ({ ...base(x), Outcome: 'sent', To: [] })) };
    }
    const school = await schoolNameOf(ctx, s.schoolId);
    const day = localDay(s.now, s.calendar.UtcOffsetMinutes);
    const addresses = await addressesOf(db, s.schoolId, slips.map((x) => x.UserID));
    const results: RecallSendResult[] = [];
    let recorded = 0;
    // One message per reader, one after another: each sent message is recorded at once, so a
    // failure half-way leaves exactly the readers reported as sent recorded.
    for (const slip of slips) {
      const to = addresses.get(slip.UserID) ?? [];
      if (!to.length) {
        results.push({ ...base(slip), Outcome: 'noEmail', To: [] });
        continue;
      }
      try {
        await ctx.app.sso.mailer.send({ to: to.join(', '), ...reminderMail(ctx, school, slip, day) });
      } catch (err) {
        ctx.app.log.warn({ err, userId: slip.UserID }, 'overdue reminder e-mail failed');
        results.push({ ...base(slip), Outcome: 'failed', To: to });
        continue;
      }
      await recordNotices(db, s.schoolId, rows(slip), 'email', userId, new Date().toISOString());
      recorded += slip.Books.length;
      results.push({ ...base(slip), Outcome: 'sent', To: to });
    }
    return { Recorded: recorded, Results: results };
  }),
} satisfies HandlerMapFor<typeof R>;
