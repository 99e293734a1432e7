import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ItemKind, StocktakeItem } from '../../shared/api/stocktaking.ts';
import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import type { CallContext } from '../http/handler-types.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import type { Owned } from './stocktaking-handlers.ts';
import { countRows, findItems, notExpectedByFoundArea } from './stocktaking-store.ts';

/**
 * A stocktake's report as .xlsx, a job in the download panel: a sheet of figures per area, then one
 * sheet per list (missing, misplaced, not expected, unknown codes), headers in the user's language,
 * rows streamed in chunks so a stocktake of a whole library stays within memory.
 */

const LISTS: readonly Exclude<ItemKind, 'found'>[] = ['missing', 'misplaced', 'notExpected', 'unknown'];
const ITEM_COLUMNS = ['Barcode', 'Title', 'CallNo', 'HomeArea', 'FoundArea', 'FoundShelf', 'Reason', 'ScannedAt', 'ScannedBy'] as const;
const AREA_COLUMNS = ['Branch', 'Area', 'Expected', 'Found', 'Misplaced', 'Missing', 'Left', 'NotExpected', 'FoundRate'] as const;
const CHUNK = 1000;

export function exportReportJob({ ctx, owned: o }: { ctx: CallContext; owned: Owned }): JobSpec {
  const app = ctx.app;
  const lang = ctx.lang;
  const t = (k: string, p?: Record<string, unknown>) => app.i18n.t(lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const pick = (zh: string, en: string) => (lang === 'en-US' && en) || zh;
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: 'ExportStocktake', resultPath,
    fileName: `${t('stocktaking:export.fileName')}_${o.row.name}_${stamp}.xlsx`.replace(/[\\/:*?"<>|]/g, '_'),
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(job: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const db = app.db;
      const [{ calendar }, byArea, notExpected] = await Promise.all([
        loadCalendar(db, o.schoolId), countRows(db, o.schoolId, [o.row.id], true), notExpectedByFoundArea(db, o.schoolId, o.row.id),
      ]);
      const totals = await Promise.all(LISTS.map((kind) => findItems(db, { schoolId: o.schoolId, id: o.row.id, kind, lang, page: 1, rows: 1 }).then((r) => r.Total)));
      await job.setTotal(o.areas.length + totals.reduce((a, b) => a + b, 0));
      const file = join(app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const areas = wb.addWorksheet(t('stocktaking:export.areasSheet'));
      areas.columns = AREA_COLUMNS.map((k) => ({ header: t(`stocktaking:report.fields.${k}`), key: k, width: k === 'Area' || k === 'Branch' ? 18 : 12 }));
      areas.getRow(1).font = { bold: true };
      let done = 0;
      for (const a of o.areas) {
        const r = byArea.find((x) => x.areaId === a.id);
        const expected = r?.expected ?? 0;
        areas.addRow({
          Branch: pick(a.branch_name, a.branch_en_name), Area: pick(a.name, a.en_name), Expected: expected, Found: r?.found ?? 0,
          Misplaced: r?.misplaced ?? 0, Missing: r?.missing ?? 0, Left: r?.left ?? 0, NotExpected: notExpected.get(a.id) ?? 0,
          FoundRate: expected ? Math.round(((r?.expectedSeen ?? 0) / expected) * 1000) / 10 : 0,
        }).commit();
        done++;
      }
      await areas.commit();
      await job.progress(done);
      for (const kind of LISTS) {
        const sheet = wb.addWorksheet(t(`stocktaking:kinds.${kind}`));
        sheet.columns = ITEM_COLUMNS.map((k) => ({ header: t(`stocktaking:report.fields.${k}`), key: k, width: k === 'Title' ? 36 : 14 }));
        sheet.getRow(1).font = { bold: true };
        for (let page = 1; ; page++) {
          if (job.signal.aborted) throw job.signal.reason;
          const { List } = await findItems(db, { schoolId: o.schoolId, id: o.row.id, kind, lang, page, rows: CHUNK });
          for (const r of List) sheet.addRow(cells(r, t, calendar.UtcOffsetMinutes)).commit();
          done += List.length;
          await job.progress(done);
          if (List.length < CHUNK) break;
        }
        await sheet.commit();
      }
      await wb.commit();
    },
  };
}

function cells(r: StocktakeItem, t: (k: string) => string, offset: number): Record<string, unknown> {
  return {
    ...r,
    Reason: r.Reason ? t(`stocktaking:reasons.${r.Reason}`) : '',
    ScannedAt: r.ScannedAt ? localDateTime(r.ScannedAt, offset) : '',
  };
}
