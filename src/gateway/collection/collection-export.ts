import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CollectionQuery } from '../../shared/api/collection.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { storageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { listCopies } from './collection-store.ts';

const CHUNK = 1000;

/** The collection under the current filters as .xlsx, streamed page by page (memory stays flat). */
export function exportCollectionJob(o: { app: FastifyInstance; lang: Language; schoolId: number; userId: number; branchIds: readonly number[] | null; filters: Omit<CollectionQuery, 'Page' | 'Rows'>; fileId: string }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${o.fileId}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: 'ExportCollection', resultPath,
    fileName: `${t('collection:export.fileName')}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const first = await listCopies(o.app.db, o.schoolId, o.branchIds, { ...o.filters, Page: 1, Rows: 1 }, { exactTotal: true });
      await ctx.setTotal(first.Total);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('collection:export.sheet'));
      const col = (k: string) => t(`collection:resources.copy.fields.${k}`);
      sheet.columns = ['Barcode', 'RFID', 'Title', 'Author', 'ISBN', 'CallNo', 'BranchName', 'AreaName', 'ShelfMark', 'Storage', 'CircState', 'Price', 'DiscountPrice', 'BatchNo']
        .map((k) => ({ header: col(k), key: k, width: k === 'Title' ? 36 : 14 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let done = 0;
      for (let page = 1; done < first.Total; page++) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const { List } = await listCopies(o.app.db, o.schoolId, o.branchIds, { ...o.filters, Page: page, Rows: CHUNK });
        if (!List.length) break;
        for (const r of List) {
          const area = storageAreaName(r.Storage);
          sheet.addRow({
            ...r, BranchName: o.lang === 'en-US' && r.BranchEnName ? r.BranchEnName : r.BranchName, AreaName: o.lang === 'en-US' && r.AreaEnName ? r.AreaEnName : r.AreaName,
            Storage: area ? t(`catalogue:storage.${area}`) : r.Storage, CircState: t(`catalogue:circ.${r.CircState}`),
          }).commit();
        }
        done += List.length;
        await ctx.progress(done);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}
