import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { JobContext, JobSpec } from './job-runner.ts';

/**
 * An export of a log-like list (newest first, ids falling) to .xlsx as a job in the download
 * panel: the headers in the caller's language, rows streamed to the file in chunks read below the
 * last id seen, so rows added while it runs are left out and none is read twice.
 */
export interface LogExport<Row extends { ID: number }> {
  app: FastifyInstance;
  lang: Language;
  schoolId: number;
  userId: number;
  operationType: string;
  /** i18n keys of the file's name (a time stamp is added) and of its sheet. */
  fileNameKey: string;
  sheetKey: string;
  /** Column keys in order, with the i18n key of each header and its width in characters. */
  columns: readonly { key: string; header: string; width: number }[];
  /** One page of the list: the newest `rows` with an id below `beforeId` (none: from the newest), and the total when asked. */
  page(beforeId: number | undefined, rows: number, withTotal: boolean): Promise<{ List: Row[]; Total: number }>;
  /** A row as the sheet shows it (times as local times, codes in words). */
  cells(row: Row, t: (k: string, p?: Record<string, unknown>) => string): Record<string, unknown>;
}

const CHUNK = 1000;

/** The parts of an export that do not depend on how its list is paged. */
type ExportBase = Omit<LogExport<{ ID: number }>, 'page' | 'cells'>;

/**
 * The job around a sheet: file name and messages in the caller's language, the headers, and
 * `fill` streaming the rows in.
 */
function xlsxJob(o: ExportBase, fill: (ctx: JobContext, add: (cells: Record<string, unknown>) => void, t: (k: string, p?: Record<string, unknown>) => string) => Promise<void>): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: o.operationType, resultPath,
    fileName: `${t(o.fileNameKey)}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t(o.sheetKey));
      sheet.columns = o.columns.map((c) => ({ header: t(c.header), key: c.key, width: c.width }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      await fill(ctx, (cells) => sheet.addRow(cells).commit(), t);
      await sheet.commit();
      await wb.commit();
    },
  };
}

/**
 * An export of a report read by page number ({ List, Total }, in a stable order): pages of
 * CHUNK rows until one comes back short. For aggregates (one row per book, class …) whose rows
 * have no id to read below.
 */
export function pagedExportJob<Row>(o: ExportBase & {
  page(page: number, rows: number): Promise<{ List: Row[]; Total: number }>;
  cells(row: Row, t: (k: string, p?: Record<string, unknown>) => string): Record<string, unknown>;
}): JobSpec {
  return xlsxJob(o, async (ctx, add, t) => {
    let done = 0;
    for (let p = 1; ; p++) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const { List, Total } = await o.page(p, CHUNK);
      if (p === 1) await ctx.setTotal(Total);
      for (const r of List) add(o.cells(r, t));
      done += List.length;
      await ctx.progress(Math.min(done, Total));
      if (List.length < CHUNK) break;
    }
  });
}

export function logExportJob<Row extends { ID: number }>(o: LogExport<Row>): JobSpec {
  return xlsxJob(o, async (ctx, add, t) => {
    const first = await o.page(undefined, 1, true);
    await ctx.setTotal(first.Total);
    let done = 0;
    // The newest match at the start bounds the export.
    let beforeId = (first.List[0]?.ID ?? 0) + 1;
    while (done < first.Total) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const { List } = await o.page(beforeId, CHUNK, false);
      if (!List.length) break;
      for (const r of List) add(o.cells(r, t));
      done += List.length;
      beforeId = List.at(-1)!.ID;
      await ctx.progress(done);
    }
  });
}
