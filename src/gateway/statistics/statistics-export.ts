import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';

/** The screen's id of each report (its labels: statistics:resources.<id>.fields.<Column>). */
export const REPORT_IDS = {
  classify5: 'classify5', classify22: 'classify22', zeroPerson: 'zero-person', zeroBook: 'zero-book',
  deptBorrow: 'dept-borrow', classBorrow: 'class-borrow', collection: 'collection', resourceCirc: 'resource-circ', circulation: 'circulation',
} as const;

/** Rows of a report in chunks (a list paged through, or one chunk of aggregates). */
export type RowChunks = (chunk: number) => AsyncGenerator<Array<Record<string, unknown>>, void, undefined>;

/**
 * A report under its parameters as .xlsx, a job in the download panel: headers in the caller's
 * language (the screen's own column labels), rows streamed to the file chunk by chunk, so a list
 * of 100,000 unread copies is never held whole.
 */
export function reportExportJob(o: {
  app: FastifyInstance; lang: Language; schoolId: number; userId: number;
  report: keyof typeof REPORT_IDS; columns: readonly string[]; total: number; chunks: RowChunks;
  cells?: (row: Record<string, unknown>) => Record<string, unknown>;
}): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const id = REPORT_IDS[o.report];
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const name = t(`statistics:resources.${id}.name`);
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: `ExportStatistics-${o.report}`, resultPath,
    fileName: `${name}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      await ctx.setTotal(o.total);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      // Sheet names are at most 31 characters.
      const sheet = wb.addWorksheet(name.slice(0, 31));
      sheet.columns = o.columns.map((c) => ({ header: t(`statistics:resources.${id}.fields.${c}`), key: c, width: c === 'Title' || c === 'Name' ? 32 : 14 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let done = 0;
      for await (const rows of o.chunks(1000)) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        for (const r of rows) sheet.addRow(o.cells ? o.cells(r) : r).commit();
        done += rows.length;
        await ctx.progress(done);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}
