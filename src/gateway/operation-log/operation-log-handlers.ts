import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { operationLogCalls as C } from '../../shared/api/operation-log.ts';
import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { requireUser } from '../access/call-context.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { findOperations, type OperationFilters } from './operation-log-store.ts';

/** /sys/log/operation: the school's operation log, newest first, and its export. */

const EXPORT_COLUMNS = ['At', 'UserName', 'UserAccount', 'Workstation', 'IP', 'Action', 'Target', 'Result', 'Message', 'DurationMs'] as const;
const WIDE = new Set<string>(['Action', 'Target', 'Message']);
const CHUNK = 1000;

/** The log under the screen's filters as .xlsx, read newest first below the last id seen (rows logged meanwhile are left out). */
function exportJob(o: { app: FastifyInstance; lang: Language; schoolId: number; offset: number; userId: number; filters: OperationFilters }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: 'ExportOperationLog', resultPath,
    fileName: `${t('operation-log:export.fileName')}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const first = await findOperations(o.app.db, o.schoolId, o.offset, o.filters, 1, 1, t);
      await ctx.setTotal(first.Total);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('operation-log:export.sheet'));
      sheet.columns = EXPORT_COLUMNS.map((k) => ({ header: t(`operation-log:resources.operation-log.fields.${k}`), key: k, width: WIDE.has(k) ? 40 : k === 'At' ? 18 : 14 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let done = 0;
      let beforeId = (first.List[0]?.ID ?? 0) + 1;
      while (done < first.Total) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const { List } = await findOperations(o.app.db, o.schoolId, o.offset, { ...o.filters, beforeId }, 1, CHUNK, t, { total: false });
        if (!List.length) break;
        for (const r of List) {
          sheet.addRow({ ...r, At: localDateTime(r.At, o.offset), Result: t(`operation-log:resources.operation-log.options.Result.${r.Result}`) }).commit();
        }
        done += List.length;
        beforeId = List.at(-1)!.ID;
        await ctx.progress(done);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}

const offsetOf = async (ctx: { app: FastifyInstance }, schoolId: number) => (await loadCalendar(ctx.app.db, schoolId)).calendar.UtcOffsetMinutes;

export const operationLogHandlers = {
  'operationLog.search': handler(C.search, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const { Page, Rows, ...filters } = input;
    return findOperations(ctx.app.db, schoolId, await offsetOf(ctx, schoolId), filters, Page, Rows, ctx.t);
  }),

  'operationLog.export': handler(C.export, async (input, ctx) => {
    const { schoolId, userId } = requireUser(ctx);
    const DataID = await ctx.app.jobs.start(exportJob({ app: ctx.app, lang: ctx.lang, schoolId, offset: await offsetOf(ctx, schoolId), userId, filters: input }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
