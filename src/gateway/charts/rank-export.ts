import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { JobSpec } from '../jobs/job-runner.ts';

/** The columns each ranking writes, in order, with their width in characters; headers are charts:fields.<key> (or the third name). */
export const RANK_EXPORT_COLUMNS = {
  item: [['Rank', 6], ['Title', 40], ['Author', 24], ['Loans', 10]],
  class: [['Rank', 6], ['ParentName', 14], ['Name', 16], ['Loans', 10], ['Readers', 10], ['PerReader', 12]],
  grade: [['Rank', 6], ['Name', 16], ['Loans', 10], ['Readers', 10], ['PerReader', 12]],
  dept: [['Rank', 6], ['Name', 20], ['Loans', 10], ['Readers', 10], ['PerReader', 12]],
  gradeUser: [['Rank', 6], ['ReaderID', 16], ['Name', 14, 'ReaderName'], ['GradeName', 14], ['DeptName', 16], ['Identity', 10], ['Loans', 10]],
  deptUser: [['Rank', 6], ['ReaderID', 16], ['Name', 14, 'ReaderName'], ['GradeName', 14], ['DeptName', 16], ['Identity', 10], ['Loans', 10]],
  clc: [['Rank', 6], ['ClassCode', 10], ['Name', 40], ['Loans', 10], ['Titles', 10], ['Share', 10]],
} as const satisfies Record<string, ReadonlyArray<readonly [string, number] | readonly [string, number, string]>>;
export type RankExportKind = keyof typeof RANK_EXPORT_COLUMNS;

export interface RankExport {
  app: FastifyInstance;
  lang: Language;
  schoolId: number;
  userId: number;
  kind: RankExportKind;
  /** The period's local days, written above the table. */
  from: string;
  to: string;
  /** Computes the rows when the job runs (at most MAX_RANK_ROWS, or one per area or class). */
  rows(): Promise<Array<Record<string, unknown>>>;
}

/**
 * A ranking as .xlsx in the download panel: a title line with the period, then the table with its
 * headers in the caller's language. A ranking is at most a hundred rows, so it is written in one go
 * (streamed all the same, like the other exports).
 */
export function rankExportJob(o: RankExport): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const name = t(`charts:export.${o.kind}`);
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: 'ExportRank', resultPath,
    fileName: `${name}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx) {
      const { default: ExcelJS } = await import('exceljs');
      const rows = await o.rows();
      await ctx.setTotal(rows.length);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(name.slice(0, 31));
      const cols = RANK_EXPORT_COLUMNS[o.kind];
      sheet.columns = cols.map(([key, width]) => ({ key, width }));
      const header = (c: (typeof cols)[number]) => t(`charts:fields.${c.length > 2 ? (c as readonly [string, number, string])[2] : c[0]}`);
      const title = sheet.addRow([`${name}  ${t('charts:export.period', { from: o.from, to: o.to })}`]);
      title.font = { bold: true };
      title.commit();
      const head = sheet.addRow(cols.map(header));
      head.font = { bold: true };
      head.commit();
      for (const r of rows) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        sheet.addRow(Object.fromEntries(cols.map(([key]) => [key, key === 'Identity' ? t(`charts:identity.${String(r[key])}`) : r[key]]))).commit();
      }
      await ctx.progress(rows.length);
      await sheet.commit();
      await wb.commit();
    },
  };
}
