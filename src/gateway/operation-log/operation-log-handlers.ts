import type { FastifyInstance } from 'fastify';
import { operationLogCalls as C, type OperationEntry } from '../../shared/api/operation-log.ts';
import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { requireUser } from '../access/call-context.ts';
import { utcOffsetOf } from '../borrow-rules/borrow-rule-store.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobSpec } from '../jobs/job-runner.ts';
import { logExportJob, pagedExportJob } from '../jobs/xlsx-export.ts';
import { counterStatistics, findOperations, type CounterFilters, type OperationFilters } from './operation-log-store.ts';

/** /sys/log/operation: the school's operation log, newest first, and its export. */

const EXPORT_COLUMNS = ['At', 'UserName', 'UserAccount', 'Workstation', 'IP', 'Action', 'Target', 'Result', 'Message', 'DurationMs'] as const;
const WIDE = new Set<string>(['Action', 'Target', 'Message']);

/** The log under the screen's filters as .xlsx (jobs/xlsx-export.ts). */
function exportJob(o: { app: FastifyInstance; lang: Language; schoolId: number; offset: number; userId: number; filters: OperationFilters }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  return logExportJob<OperationEntry>({
    app: o.app, lang: o.lang, schoolId: o.schoolId, userId: o.userId, operationType: 'ExportOperationLog',
    fileNameKey: 'operation-log:export.fileName', sheetKey: 'operation-log:export.sheet',
    columns: EXPORT_COLUMNS.map((k) => ({ key: k, header: `operation-log:resources.operation-log.fields.${k}`, width: WIDE.has(k) ? 40 : k === 'At' ? 18 : 14 })),
    page: (beforeId, rows, withTotal) => findOperations(o.app.db, o.schoolId, o.offset, { ...o.filters, beforeId }, 1, rows, t, { total: withTotal }),
    cells: (r, tr) => ({ ...r, At: localDateTime(r.At, o.offset), Result: tr(`operation-log:resources.operation-log.options.Result.${r.Result}`) }),
  });
}

const COUNTER_COLUMNS = ['Workstation', 'UserName', 'UserAccount', 'Borrow', 'Return', 'Renew', 'Undo', 'Refused', 'Total'] as const;

/** /counter-statistics as .xlsx: the same lines as the screen (a few hundred at most: one page). */
function counterExportJob(o: { app: FastifyInstance; lang: Language; schoolId: number; offset: number; userId: number; filters: CounterFilters }): JobSpec {
  const R = 'operation-log:resources.counter-statistics';
  return pagedExportJob({
    ...o, operationType: 'ExportCounterStatistics', fileNameKey: `${R}.name`, sheetKey: `${R}.name`,
    columns: COUNTER_COLUMNS.map((k) => ({ key: k, header: `${R}.fields.${k}`, width: k === 'Workstation' || k === 'UserName' ? 20 : 12 })),
    page: async (page) => {
      const all = page === 1 ? await counterStatistics(o.app.db, o.schoolId, o.offset, o.filters) : [];
      return { List: all, Total: all.length };
    },
    cells: (r) => r,
  });
}

export const operationLogHandlers = {
  'operationLog.search': handler(C.search, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const { Page, Rows, ...filters } = input;
    return findOperations(ctx.app.db, schoolId, await utcOffsetOf(ctx.app.db, schoolId), filters, Page, Rows, ctx.t);
  }),

  'operationLog.export': handler(C.export, async (input, ctx) => {
    const { schoolId, userId } = requireUser(ctx);
    const DataID = await ctx.app.jobs.start(exportJob({ app: ctx.app, lang: ctx.lang, schoolId, offset: await utcOffsetOf(ctx.app.db, schoolId), userId, filters: input }));
    return { DataID };
  }),

  'operationLog.counterStatistics': handler(C.counterStatistics, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return counterStatistics(ctx.app.db, schoolId, await utcOffsetOf(ctx.app.db, schoolId), input);
  }),

  'operationLog.exportCounterStatistics': handler(C.exportCounterStatistics, async (input, ctx) => {
    const { schoolId, userId } = requireUser(ctx);
    const offset = await utcOffsetOf(ctx.app.db, schoolId);
    return { DataID: await ctx.app.jobs.start(counterExportJob({ app: ctx.app, lang: ctx.lang, schoolId, offset, userId, filters: input })) };
  }),
} satisfies HandlerMapFor<typeof C>;
