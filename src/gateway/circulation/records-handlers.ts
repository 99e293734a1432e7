import { randomUUID } from 'node:crypto';
import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { circulationRecordCalls as R, RECORDS_MENUS, SOURCE_MENUS, type ColumnExportQuery, type ExportColumn, type LoanRecord, type TransactionQuery, type TransactionRecord } from '../../shared/api/circulation-records.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { branchFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { logExportJob } from '../jobs/xlsx-export.ts';
import { copyByBarcode, readerByCard } from './circulation-store.ts';
import { deptOptions, deptSubtree, findLoans, findTransactions, type LoanFilters, type LoanOrder, type RecordScope, type TransactionFilters } from './records-store.ts';

/**
 * The circulation records (contract: shared/api/circulation-records.ts): read-only views of the
 * loans and of the desk's journal, and the journal's export as a job. The contract's `perm` guards
 * each call by its route's menu, except the borrow history, which serves two routes.
 */

export async function scopeOf(ctx: CallContext): Promise<RecordScope> {
  const { schoolId } = requireUser(ctx);
  const [branchIds, cal] = await Promise.all([branchFilter(ctx), loadCalendar(ctx.app.db, schoolId)]);
  return { schoolId, branchIds, calendar: cal.calendar, now: new Date().toISOString(), lang: ctx.lang };
}

const transactionFilters = (q: Omit<TransactionQuery, 'Page' | 'Rows'>): TransactionFilters =>
  ({ from: q.DateFrom, to: q.DateTo, kind: q.Kind, staff: q.Staff, reader: q.Reader, book: q.Book });

const CHUNK = 1000;
const EXPORT_COLUMNS = ['At', 'Kind', 'Barcode', 'Title', 'ReaderID', 'ReaderName', 'ClassName', 'StaffName', 'Note'] as const;

/** The log under the screen's filters as .xlsx, newest first (jobs/xlsx-export.ts). */
function exportTransactionsJob(o: { app: FastifyInstance; lang: Language; scope: RecordScope; userId: number; filters: TransactionFilters }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  return logExportJob<TransactionRecord>({
    app: o.app, lang: o.lang, schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportCircRecords',
    fileNameKey: 'circulation:records.export.fileName', sheetKey: 'circulation:records.export.sheet',
    columns: EXPORT_COLUMNS.map((k) => ({ key: k, header: `circulation:records.resources.circ-log.fields.${k}`, width: k === 'Title' || k === 'Note' ? 36 : k === 'At' ? 18 : 14 })),
    page: (beforeId, rows, withTotal) => findTransactions(o.app.db, o.scope, { ...o.filters, beforeId }, 1, rows, t, { total: withTotal }),
    cells: (r, tr) => ({ ...r, At: localDateTime(r.At, o.scope.calendar.UtcOffsetMinutes), Kind: tr(`circulation:records.resources.circ-log.options.Kind.${r.Kind}`) }),
  });
}

/** What a column export reads: the journal, or loans under one filter and order. */
type ColumnRows =
  | { kind: 'log'; filters: TransactionFilters }
  | { kind: 'loans'; filters: LoanFilters; order: LoanOrder };

/** A loan's state in words with the days late, as the screens say it. */
function loanStateWords(t: (k: string, p?: Record<string, unknown>) => string, r: LoanRecord): string {
  if (r.State === 'overdue') return t('circulation:records.state.overdue', { days: r.OverdueDays });
  if (r.State === 'returned' && r.OverdueDays > 0) return t('circulation:records.state.returnedLate', { days: r.OverdueDays });
  return t(`circulation:records.state.${r.State}`);
}

const WIDE = new Set<string>(['Title', 'Note']);
const TIMES = new Set<string>(['At', 'LoanedAt', 'ReturnedAt']);

/**
 * One record list as .xlsx with the chosen columns in the chosen order, headers in the caller's
 * language. Bounded at its start: the journal reads below the newest id seen, loans up to the
 * newest loan id, so rows made while it runs are left out.
 */
function columnExportJob(o: { app: FastifyInstance; lang: Language; scope: RecordScope; userId: number; source: ColumnExportQuery['Source']; columns: readonly ExportColumn[]; rows: ColumnRows }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.scope.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const offset = o.scope.calendar.UtcOffsetMinutes;
  const cell = (k: ExportColumn, r: Record<string, unknown>): unknown => {
    const v = r[k];
    if (TIMES.has(k)) return typeof v === 'string' && v ? localDateTime(v, offset) : '';
    if (k === 'Kind') return t(`circulation:records.resources.circ-log.options.Kind.${String(v)}`);
    if (k === 'State') return loanStateWords(t, r as unknown as LoanRecord);
    return v ?? '';
  };
  return {
    schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportCircColumns', resultPath,
    fileName: `${t(`circulation-export:fileName.${o.source}`)}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const db = o.app.db;
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('circulation-export:sheet'));
      sheet.columns = o.columns.map((k) => ({ header: t(`circulation-export:columns.${k}`), key: k, width: WIDE.has(k) ? 36 : TIMES.has(k) ? 18 : 14 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      const write = async (list: ReadonlyArray<LoanRecord | TransactionRecord>) => {
        for (const r of list) sheet.addRow(Object.fromEntries(o.columns.map((k) => [k, cell(k, r as unknown as Record<string, unknown>)]))).commit();
      };
      let done = 0;
      if (o.rows.kind === 'log') {
        const first = await findTransactions(db, o.scope, o.rows.filters, 1, 1, t);
        await ctx.setTotal(first.Total);
        let beforeId = (first.List[0]?.ID ?? 0) + 1;
        while (done < first.Total) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          const { List } = await findTransactions(db, o.scope, { ...o.rows.filters, beforeId }, 1, CHUNK, t, { total: false });
          if (!List.length) break;
          await write(List);
          done += List.length;
          beforeId = List.at(-1)!.ID;
          await ctx.progress(done);
        }
      } else {
        const newest = await db.selectFrom('loans').select((eb) => eb.fn.max('id').as('id')).where('school_id', '=', o.scope.schoolId).executeTakeFirst();
        const filters = { ...o.rows.filters, maxId: Number(newest?.id ?? 0) };
        for (let page = 1; ; page++) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          const { List, Total } = await findLoans(db, o.scope, filters, o.rows.order, page, CHUNK);
          if (page === 1) await ctx.setTotal(Total);
          await write(List);
          done += List.length;
          await ctx.progress(done);
          if (List.length < CHUNK) break;
        }
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}

export const circulationRecordHandlers = {
  'circulationRecords.getCircRecord': handler(R.getCircRecord, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return findLoans(ctx.app.db, s, { reader: input.Reader, book: input.Book, loanedFrom: input.DateFrom, loanedTo: input.DateTo, state: input.State }, 'newest', input.Page, input.Rows);
  }),

  'circulationRecords.getTransactions': handler(R.getTransactions, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return findTransactions(ctx.app.db, s, transactionFilters(input), input.Page, input.Rows, ctx.t);
  }),

  'circulationRecords.exportTransactions': handler(R.exportTransactions, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const scope = await scopeOf(ctx);
    const DataID = await ctx.app.jobs.start(exportTransactionsJob({ app: ctx.app, lang: ctx.lang, scope, userId, filters: transactionFilters(input) }));
    return { DataID };
  }),

  'circulationRecords.getAllBorrowing': handler(R.getAllBorrowing, async (input, ctx) => {
    const s = await scopeOf(ctx);
    let deptIds: number[] | undefined;
    if (input.DeptID != null) {
      const ids = await deptSubtree(ctx.app.db, s.schoolId, input.DeptID);
      if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
      deptIds = ids;
    }
    return findLoans(ctx.app.db, s, {
      anything: input.SearchKey, deptIds, dueBy: input.DueBy, state: input.OverdueOnly ? 'overdue' : 'onLoan',
    }, 'byClass', input.Page, input.Rows);
  }),

  'circulationRecords.getDeptOptions': handler(R.getDeptOptions, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return deptOptions(ctx.app.db, schoolId, ctx.lang);
  }),

  'circulationRecords.getBorrowHistory': handler(R.getBorrowHistory, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const perms = await ctx.app.permissions.of(userId, schoolId);
    if ((input.Barcode && !holds(perms, RECORDS_MENUS.bookHistory)) || (input.ReaderID && !holds(perms, RECORDS_MENUS.readerHistory))) throw AppError.forbidden();
    const s = await scopeOf(ctx);
    const db = ctx.app.db;
    let copyId: number | undefined;
    let readerId: number | undefined;
    if (input.Barcode) {
      const copy = await copyByBarcode(db, schoolId, input.Barcode);
      if (!copy) throw AppError.notFound('circulation:reason.copyNotFound', { barcode: input.Barcode });
      // Named, not hidden: "outside your branches" says more than "no such book".
      if (s.branchIds && !s.branchIds.includes(copy.branch_id)) {
        throw new AppError(ServiceCode.forbidden, 'circulation:reason.outsideBranches', { params: { barcode: copy.barcode }, status: 403 });
      }
      copyId = copy.id;
    }
    if (input.ReaderID) {
      const reader = await readerByCard(db, schoolId, input.ReaderID);
      if (!reader) throw AppError.notFound('errors:readerNotFound');
      readerId = reader.id;
    }
    return findLoans(db, s, { copyId, userId: readerId }, 'newest', input.Page, input.Rows);
  }),
  'circulationRecords.columnScreen': handler(R.columnScreen, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    // The export's operation is checked by the contract; the list itself needs its menu.
    if (!holds(await ctx.app.permissions.of(userId, schoolId), SOURCE_MENUS[input.Source])) throw AppError.forbidden();
    const s = await scopeOf(ctx);
    const db = ctx.app.db;
    let rows: ColumnRows;
    if (input.Source === 'log') {
      rows = { kind: 'log', filters: transactionFilters(input) };
    } else if (input.Source === 'loans') {
      rows = { kind: 'loans', order: 'newest', filters: { reader: input.Reader, book: input.Book, loanedFrom: input.DateFrom, loanedTo: input.DateTo, state: input.State } };
    } else if (input.Source === 'open') {
      let deptIds: number[] | undefined;
      if (input.DeptID != null) {
        const ids = await deptSubtree(db, schoolId, input.DeptID);
        if (!ids) throw AppError.notFound('validation:reader.deptNotFound');
        deptIds = ids;
      }
      rows = { kind: 'loans', order: 'byClass', filters: { anything: input.SearchKey, deptIds, dueBy: input.DueBy, state: input.OverdueOnly ? 'overdue' : 'onLoan' } };
    } else if (input.Source === 'bookHistory') {
      const copy = await copyByBarcode(db, schoolId, input.Barcode!);
      if (!copy) throw AppError.notFound('circulation:reason.copyNotFound', { barcode: input.Barcode });
      if (s.branchIds && !s.branchIds.includes(copy.branch_id)) {
        throw new AppError(ServiceCode.forbidden, 'circulation:reason.outsideBranches', { params: { barcode: copy.barcode }, status: 403 });
      }
      rows = { kind: 'loans', order: 'newest', filters: { copyId: copy.id } };
    } else {
      const reader = await readerByCard(db, schoolId, input.ReaderID!);
      if (!reader) throw AppError.notFound('errors:readerNotFound');
      rows = { kind: 'loans', order: 'newest', filters: { userId: reader.id } };
    }
    const DataID = await ctx.app.jobs.start(columnExportJob({ app: ctx.app, lang: ctx.lang, scope: s, userId, source: input.Source, columns: input.Columns as ExportColumn[], rows }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof R>;
