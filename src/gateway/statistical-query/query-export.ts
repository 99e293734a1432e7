import type { FastifyInstance } from 'fastify';
import type { QueryResult, StatisticalQuery } from '../../shared/api/statistical-query.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { pagedExportJob } from '../jobs/xlsx-export.ts';
import type { JobSpec } from '../jobs/job-runner.ts';

const NS = 'statistical-query';
const WIDE = new Set(['Title', 'ReaderName', 'Class', 'Grade', 'Area']);

/**
 * A query's result as .xlsx through the download panel: the columns the screen shows, headers in
 * the caller's language (the screen's own labels), yes/no cells worded, rows read page by page.
 */
export function queryExportJob(o: {
  app: FastifyInstance; lang: Language; schoolId: number; userId: number; query: StatisticalQuery;
  columns: readonly string[];
  page(page: number, rows: number): Promise<QueryResult>;
}): JobSpec {
  return pagedExportJob<Record<string, unknown>>({
    app: o.app, lang: o.lang, schoolId: o.schoolId, userId: o.userId,
    operationType: `ExportStatisticalQuery-${o.query.Subject}`,
    fileNameKey: `${NS}:export.fileName`, sheetKey: `${NS}:subjects.${o.query.Subject}`,
    columns: o.columns.map((c) => ({ key: c, header: `${NS}:columns.${c}`, width: WIDE.has(c) ? 28 : 14 })),
    page: o.page,
    cells: (row, t) => Object.fromEntries(o.columns.map((c) => {
      const v = row[c];
      return [c, typeof v === 'boolean' ? t(v ? `${NS}:yes` : `${NS}:no`) : v];
    })),
  });
}
