import { randomUUID } from 'node:crypto';
import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { findRecords, type LossFilters, type LossScope } from './loss-store.ts';

const CHUNK = 1000;
const COLUMNS = [
  'BillNo', 'RegisteredAt', 'Kind', 'Barcode', 'Title', 'Price', 'ReaderID', 'ReaderName', 'ClassName',
  'Amount', 'State', 'PaidAmount', 'PayWay', 'PaidAt', 'RetrievedAt', 'RegisteredBy', 'Note',
] as const;

/** The loss records under the screen's filters as .xlsx, newest first, read in chunks below the last id seen. */
export function exportLossJob(o: { app: FastifyInstance; lang: Language; scope: LossScope; userId: number; filters: LossFilters }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.scope.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportLossRecords', resultPath,
    fileName: `${t('loss:export.fileName')}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const db = o.app.db;
      const first = await findRecords(db, o.scope, o.filters, 'newest', 1, 1);
      await ctx.setTotal(first.Total);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('loss:export.sheet'));
      sheet.columns = COLUMNS.map((k) => ({
        header: t(`loss:resources.loss-record.fields.${k}`), key: k, width: k === 'Title' || k === 'Note' ? 36 : k.endsWith('At') ? 18 : 14,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let done = 0;
      // The newest match at the start bounds the export: records made while it runs are left out.
      let beforeId = (first.List[0]?.ID ?? 0) + 1;
      const off = o.scope.utcOffsetMinutes;
      while (done < first.Total) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const { List } = await findRecords(db, o.scope, o.filters, 'newest', 1, CHUNK, { total: false, beforeId });
        if (!List.length) break;
        for (const r of List) {
          sheet.addRow({
            ...r,
            RegisteredAt: localDateTime(r.RegisteredAt, off), PaidAt: localDateTime(r.PaidAt, off), RetrievedAt: localDateTime(r.RetrievedAt, off),
            Kind: t(`loss:kind.${r.Kind}`), State: t(`loss:state.${r.State}`), PayWay: r.PayWay ? t(`loss:payWay.${r.PayWay}`) : '',
          }).commit();
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
