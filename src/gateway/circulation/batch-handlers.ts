import {
  BATCH_MENUS, circulationBatchCalls as B, CLASS_MAX_READERS, CONDITION_MAX, SET_DUE_KIND, UPLOAD_MAX_ROWS, UPLOAD_STATUSES,
  type BatchResult, type BatchRow, type Condition, type UploadRow, type UploadStatus,
} from '../../shared/api/circulation-batch.ts';
import { refusalDataSchema, wordReason, type DeskReason } from '../../shared/api/circulation.ts';
import { endOfLocalDay, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { classReaders, findOpenLoans, loanAsOf, loanStartedAt, openLoansToAct, type LoanFilters, type LoanScope } from './batch-store.ts';
import { localTime, kindOf, readOfflineFile } from './batch-upload-file.ts';
import { copyByBarcode, loanById, openLoanOfCopy, readerByCard, recordTransaction, toDeskLoan } from './circulation-store.ts';
import { copyReasons, deskSetup, lendCopy, nowIso, renewCopy, returnCopy, returnSetup, staffOf } from './desk-operations.ts';
import { deptOptions, deptSubtree } from './records-store.ts';

/**
 * Batch circulation (contract: shared/api/circulation-batch.ts). Every batch loads the rules and the
 * caller's branches once, then runs the desk's own writes (desk-operations.ts) row by row, each in
 * its own transaction: a refused row changes nothing and the reply says, row by row, exactly what
 * changed. An unexpected failure of one row is that row's refusal, never a 500 halfway through.
 */

type Translate = CallContext['t'];

/** A row's refusal: the desk's reasons when it has them, the message in the caller's language. */
function refusedRow(ctx: CallContext, row: number, barcode: string, err: unknown): BatchRow {
  if (!(err instanceof AppError)) {
    ctx.request.log.error({ err, row, barcode }, 'batch circulation row failed');
    return { Row: row, Barcode: barcode, Loan: null, Reader: null, Ok: false, Reasons: [], Message: ctx.t('errors:server'), PreviousDueAt: '' };
  }
  const parsed = refusalDataSchema.safeParse(err.data);
  return {
    Row: row, Barcode: barcode, Loan: null, Reader: null, Ok: false,
    Reasons: parsed.success ? parsed.data.Reasons : [], Message: ctx.t(err.key, err.params), PreviousDueAt: '',
  };
}

async function runRows<T>(ctx: CallContext, items: readonly T[], barcodeOf: (item: T) => string, run: (item: T, row: number) => Promise<BatchRow>): Promise<BatchResult> {
  const List: BatchRow[] = [];
  // One after another, in the order given: a class's second book for a reader sees the first.
  for (const [i, item] of items.entries()) {
    try {
      List.push(await run(item, i + 1));
    } catch (err) {
      List.push(refusedRow(ctx, i + 1, barcodeOf(item), err));
    }
  }
  const Done = List.filter((r) => r.Ok).length;
  return { List, Total: List.length, Done, Refused: List.length - Done };
}

const okRow = (row: number, barcode: string, more: Partial<BatchRow>): BatchRow =>
  ({ Row: row, Barcode: barcode, Loan: null, Reader: null, Ok: true, Reasons: [], Message: '', PreviousDueAt: '', ...more });

async function loanScopeOf(ctx: CallContext, branchIds: readonly number[] | null): Promise<LoanScope> {
  const { schoolId } = staffOf(ctx);
  const { calendar } = await returnSetup(ctx, schoolId);
  return { schoolId, branchIds, calendar, now: nowIso(), lang: ctx.lang };
}

/** A department of the caller's school and everything under it, or 404. */
async function deptIdsOf(ctx: CallContext, schoolId: number, deptId: number): Promise<number[]> {
  const ids = await deptSubtree(ctx.app.db, schoolId, deptId);
  if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
  return ids;
}

async function conditionFilters(ctx: CallContext, schoolId: number, c: Partial<Condition>): Promise<LoanFilters> {
  if (c.DueFrom && c.DueTo && c.DueFrom > c.DueTo) throw AppError.badRequest('circulation-batch:invalid.dueRange');
  return { ...c, ...(c.DeptID != null ? { deptIds: await deptIdsOf(ctx, schoolId, c.DeptID) } : {}) };
}

/** The loans a condition's action takes: refused with the count when more than CONDITION_MAX match. */
async function loansToAct(ctx: CallContext, c: Condition, branchIds: readonly number[] | null) {
  const s = await loanScopeOf(ctx, branchIds);
  const { loans, total } = await openLoansToAct(ctx.app.db, s, await conditionFilters(ctx, s.schoolId, c), CONDITION_MAX);
  if (total > CONDITION_MAX) throw AppError.refused('circulation-batch:condition.tooMany', { count: total, max: CONDITION_MAX });
  return { loans, scope: s };
}

/** Words a refusal's reasons (the first as the refusal's message, the rest as they are). */
function problemsOf(t: Translate, row: BatchRow): string[] {
  return [row.Message, ...row.Reasons.slice(1).map((r) => wordReason(t, r))].filter(Boolean);
}

const wordDesk = (t: Translate, r: DeskReason) => wordReason(t, r);

interface CheckedLine extends UploadRow {
  /** The reader's and copy's ids when found. */
  userId: number | null;
  copyId: number | null;
}

/**
 * The file's lines, each checked: a readable time not after now, a known kind, a reader and a copy
 * of the school (in the caller's branches), not a repeat of an earlier line; and whether it is
 * already in the system (an earlier upload of the same file): a borrow as a loan of that copy to
 * that reader begun at that time, a return as the copy's loan of that time returned since.
 */
async function checkLines(ctx: CallContext, fileName: string, content: string, branchIds: readonly number[] | null): Promise<CheckedLine[]> {
  const { schoolId } = staffOf(ctx);
  const { calendar } = await returnSetup(ctx, schoolId);
  const offset = calendar.UtcOffsetMinutes;
  const read = await readOfflineFile(fileName, Buffer.from(content, 'base64'), UPLOAD_MAX_ROWS);
  if ('error' in read) {
    if (read.error === 'tooMany') throw AppError.refused('circulation-batch:upload.tooMany', { max: UPLOAD_MAX_ROWS });
    throw AppError.refused(`circulation-batch:upload.${read.error}`);
  }
  const db = ctx.app.db;
  const now = Date.now();
  const seen = new Map<string, number>();
  const out: CheckedLine[] = [];
  for (const l of read.lines) {
    const problems: string[] = [];
    const time = localTime(l.time, offset);
    if (!time) problems.push(ctx.t('circulation-batch:upload.problem.time', { value: l.time }));
    else if (Date.parse(time.at) > now) problems.push(ctx.t('circulation-batch:upload.problem.future', { value: time.time }));
    const kind = kindOf(l.kind);
    if (!kind) problems.push(ctx.t('circulation-batch:upload.problem.kind', { value: l.kind }));
    const reader = l.reader ? await readerByCard(db, schoolId, l.reader) : undefined;
    if (!l.reader) problems.push(ctx.t('circulation-batch:upload.problem.noReader'));
    else if (!reader) problems.push(ctx.t('circulation-batch:upload.problem.reader', { value: l.reader }));
    const copy = l.barcode ? await copyByBarcode(db, schoolId, l.barcode) : undefined;
    if (!l.barcode) problems.push(ctx.t('circulation-batch:upload.problem.noBarcode'));
    else problems.push(...copyReasons(copy, l.barcode, branchIds).map((r) => wordDesk(ctx.t, r)));
    const key = `${time?.at ?? l.time}|${kind ?? l.kind}|${l.reader}|${l.barcode}`;
    const earlier = seen.get(key);
    if (earlier != null) problems.push(ctx.t('circulation-batch:upload.problem.repeat', { line: earlier }));
    else seen.set(key, l.line);
    out.push({
      Line: l.line, Time: time?.time ?? l.time, At: time?.at ?? '', Kind: kind ?? '', ReaderID: l.reader, ReaderName: reader?.name ?? '',
      Barcode: l.barcode, Title: copy?.title ?? '', Status: problems.length ? 'invalid' : 'ready', Problems: problems, DueAt: '',
      userId: reader?.id ?? null, copyId: copy?.id ?? null,
    });
  }
  return out;
}

/** Valid lines in the order they happened (the file's order for the same time). */
const inTimeOrder = (lines: CheckedLine[]) => lines.filter((l) => l.Status !== 'invalid').sort((a, b) => a.At.localeCompare(b.At) || a.Line - b.Line);

/** Whether the line is already in the system, judged now (after the lines before it were applied). */
async function alreadyApplied(ctx: CallContext, schoolId: number, l: CheckedLine): Promise<boolean> {
  const db = ctx.app.db;
  if (l.Kind === 'borrow') return !!(await loanStartedAt(db, schoolId, l.copyId!, l.userId!, l.At));
  const open = await openLoanOfCopy(db, schoolId, l.copyId!);
  if (open && open.loaned_at <= l.At) return false;
  const then = await loanAsOf(db, schoolId, l.copyId!, l.At);
  return !!(then?.returned_at && then.returned_at >= l.At);
}

function uploadResult(lines: CheckedLine[]) {
  const Counts = Object.fromEntries(UPLOAD_STATUSES.map((s) => [s, 0])) as Record<UploadStatus, number>;
  const List = lines.map(({ userId: _u, copyId: _c, ...row }) => {
    Counts[row.Status]++;
    return row;
  });
  return { List, Total: List.length, Counts };
}

export const circulationBatchHandlers = {
  'circulationBatch.batchCirc': handler(B.batchCirc, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const setup = await deskSetup(ctx, schoolId);
    return runRows(ctx, input.Items, (i) => i.Barcode, async (item, row) => {
      const done = await lendCopy(ctx, item.UserID, item.Barcode, setup, undefined, { skipVerify: true });
      const r = done.Reader;
      return okRow(row, item.Barcode, { Loan: done.Loan, Reader: { UserID: r.UserID, ReaderID: r.ReaderID, Name: r.Name, ClassName: r.ClassName } });
    });
  }),

  'circulationBatch.batchReturn': handler(B.batchReturn, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const setup = await returnSetup(ctx, schoolId);
    return runRows(ctx, input.Barcodes, (b) => b, async (barcode, row) => {
      const done = await returnCopy(ctx, barcode, undefined, setup);
      return okRow(row, barcode, { Loan: done.Loan, Reader: done.Reader });
    });
  }),

  'circulationBatch.getDeptOptions': handler(B.getDeptOptions, async (_input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const perms = await ctx.app.permissions.of(userId, schoolId);
    if (!Object.values(BATCH_MENUS).some((m) => holds(perms, m))) throw AppError.forbidden();
    return deptOptions(ctx.app.db, schoolId, ctx.lang);
  }),

  'circulationBatch.getClassReaders': handler(B.getClassReaders, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const deptIds = await deptIdsOf(ctx, schoolId, input.DeptID);
    const { rules } = await deskSetup(ctx, schoolId);
    return classReaders(ctx.app.db, { schoolId, deptIds, lang: ctx.lang, dataDir: ctx.app.config.dataDir, now: nowIso(), rules, limit: CLASS_MAX_READERS });
  }),

  'circulationBatch.getClassLoans': handler(B.getClassLoans, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const { branchIds } = await returnSetup(ctx, schoolId);
    const s = await loanScopeOf(ctx, branchIds);
    return findOpenLoans(ctx.app.db, s, { deptIds: await deptIdsOf(ctx, schoolId, input.DeptID) }, 1, 1000);
  }),

  'circulationBatch.conditionPreview': handler(B.conditionPreview, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const { branchIds } = await returnSetup(ctx, schoolId);
    const s = await loanScopeOf(ctx, branchIds);
    const { Page, Rows, ...c } = input;
    return findOpenLoans(ctx.app.db, s, await conditionFilters(ctx, schoolId, c), Page, Rows);
  }),

  'circulationBatch.conditionRenew': handler(B.conditionRenew, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const setup = await deskSetup(ctx, schoolId);
    const { loans } = await loansToAct(ctx, input, setup.branchIds);
    return runRows(ctx, loans, (l) => l.Barcode, async (l, row) => {
      const done = await renewCopy(ctx, l.Barcode, setup);
      return okRow(row, l.Barcode, {
        Loan: done.Loan, PreviousDueAt: done.PreviousDueAt,
        Reader: { UserID: l.UserID, ReaderID: l.ReaderID, Name: l.ReaderName, ClassName: l.ClassName },
      });
    });
  }),

  /**
   * A new due day for every loan the condition takes (a closure over a holiday): each loan in its
   * own transaction, only if it is still open with the due date read, journaled as SET_DUE_KIND with
   * the old and new due instants. A loan already due that day is left as it is and says so.
   */
  'circulationBatch.conditionSetDue': handler(B.conditionSetDue, async (input, ctx) => {
    const { userId, schoolId } = staffOf(ctx);
    const { branchIds, calendar } = await returnSetup(ctx, schoolId);
    const offset = calendar.UtcOffsetMinutes;
    const today = toLocalDay(nowIso(), offset);
    if (input.NewDueDay < today) throw AppError.refused('circulation-batch:due.past', { day: input.NewDueDay, today });
    const { NewDueDay, ...c } = input;
    const { loans } = await loansToAct(ctx, c, branchIds);
    const dueAt = endOfLocalDay(NewDueDay, offset);
    return runRows(ctx, loans, (l) => l.Barcode, async (l, row) => {
      const reader = { UserID: l.UserID, ReaderID: l.ReaderID, Name: l.ReaderName, ClassName: l.ClassName };
      if (l.DueDay === NewDueDay) {
        return { ...okRow(row, l.Barcode, { Reader: reader }), Ok: false, Message: ctx.t('circulation-batch:due.same', { day: NewDueDay }) };
      }
      const now = nowIso();
      return writeTx(ctx.app.db, async (trx) => {
        const before = await loanById(trx, schoolId, l.LoanID);
        if (!before || before.returned_at) throw AppError.refused('circulation-batch:due.notOpen', { barcode: l.Barcode });
        const done = await trx.updateTable('loans').set({ due_at: dueAt })
          .where('id', '=', l.LoanID).where('school_id', '=', schoolId).where('returned_at', 'is', null).where('due_at', '=', before.due_at).executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw AppError.refused('circulation-batch:due.notOpen', { barcode: l.Barcode });
        await recordTransaction(trx, {
          school_id: schoolId, kind: SET_DUE_KIND, loan_id: l.LoanID, copy_id: l.CopyID, reader_id: l.UserID, staff_id: userId, at: now,
          due_before: before.due_at, due_after: dueAt,
        });
        return okRow(row, l.Barcode, { Loan: toDeskLoan({ ...before, due_at: dueAt }, calendar, now), PreviousDueAt: before.due_at, Reader: reader });
      });
    });
  }),

  'circulationBatch.uploadPreview': handler(B.uploadPreview, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const { branchIds } = await returnSetup(ctx, schoolId);
    const lines = await checkLines(ctx, input.FileName, input.Content, branchIds);
    // Borrows earlier in the file lend the copy its returns take back: such a return is ready, not "already applied".
    const lentInFile = new Set<number>();
    for (const l of inTimeOrder(lines)) {
      if (l.Kind === 'return' && lentInFile.has(l.copyId!)) continue;
      if (await alreadyApplied(ctx, schoolId, l)) l.Status = 'applied';
      else if (l.Kind === 'borrow') lentInFile.add(l.copyId!);
    }
    return uploadResult(lines);
  }),

  /**
   * Applies the file's valid lines in time order: a borrow as a loan begun at its time (its due day
   * counts from then), a return as of its day. Lines already in the system are skipped ('applied'),
   * so the same file uploaded twice lends and returns nothing twice.
   */
  'circulationBatch.uploadApply': handler(B.uploadApply, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const setup = await deskSetup(ctx, schoolId);
    const { calendar } = await returnSetup(ctx, schoolId);
    const lines = await checkLines(ctx, input.FileName, input.Content, setup.branchIds);
    for (const l of inTimeOrder(lines)) {
      try {
        if (await alreadyApplied(ctx, schoolId, l)) {
          l.Status = 'applied';
          continue;
        }
        if (l.Kind === 'borrow') {
          const done = await lendCopy(ctx, l.userId!, l.Barcode, setup, l.At, { skipVerify: true });
          l.DueAt = done.Loan.DueAt;
        } else {
          const open = await openLoanOfCopy(ctx.app.db, schoolId, l.copyId!);
          // The copy lent again after the line's time: that later loan is not the one the line returns.
          if (!open || open.loaned_at > l.At) throw AppError.refused('circulation-batch:upload.problem.notOnLoanThen', { barcode: l.Barcode });
          await returnCopy(ctx, l.Barcode, toLocalDay(l.At, calendar.UtcOffsetMinutes), { branchIds: setup.branchIds, calendar });
        }
        l.Status = 'done';
      } catch (err) {
        l.Status = 'refused';
        l.Problems = problemsOf(ctx.t, refusedRow(ctx, l.Line, l.Barcode, err));
      }
    }
    return uploadResult(lines);
  }),
} satisfies HandlerMapFor<typeof B>;
