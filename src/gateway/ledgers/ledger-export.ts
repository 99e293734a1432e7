import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ExportQuery, LedgerKind } from '../../shared/api/ledgers.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import { copyLedger, titleLedger, weedingLedger } from './ledger-lists.ts';
import { summaryLedger } from './ledger-summary.ts';
import type { LedgerFilter, LedgerScope } from './ledger-store.ts';

/**
 * A register as .xlsx, a job for the download panel: the register's title, the school, the period
 * and the filters on top, the columns with headers in the caller's language, the lines, and the
 * closing total line (the summary: opening balance first, the period's totals and the closing
 * balance last). Lists are read a thousand lines at a time and streamed to the file.
 */

export const SUMMARY_COLUMNS = ['Day', 'BatchNo', 'Source', 'InTitles', 'InCopies', 'InValue', 'OutTitles', 'OutCopies', 'OutValue', 'Titles', 'Copies', 'Value'] as const;
export const COPY_COLUMNS = ['Barcode', 'Day', 'Title', 'Author', 'Publisher', 'PubYear', 'Price', 'CallNo', 'BatchNo', 'Branch', 'Area', 'WeededOn', 'WeedReason'] as const;
export const TITLE_COLUMNS = ['Title', 'Author', 'Publisher', 'ISBN', 'ClassNo', 'PubYear', 'Price', 'Copies', 'Value', 'Weeded'] as const;
export const WEED_COLUMNS = ['WeededOn', 'Barcode', 'Title', 'Author', 'CallNo', 'Price', 'BatchNo', 'AccessionDay', 'Reason'] as const;

const WIDE = new Set(['Title', 'Publisher', 'Source', 'Author']);
const CHUNK = 1000;

export function columnsOf(kind: LedgerKind): readonly string[] {
  if (kind === 'ledger') return SUMMARY_COLUMNS;
  if (kind === 'weeding') return WEED_COLUMNS;
  if (kind === 'singlebatch' || kind === 'singlemultiple') return TITLE_COLUMNS;
  return COPY_COLUMNS;
}

export function ledgerExportJob(o: { app: FastifyInstance; lang: Language; scope: LedgerScope; userId: number; schoolName: string; query: ExportQuery; filter: LedgerFilter; headerLines: string[] }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const kind = o.query.Ledger;
  const resultPath = join('files', String(o.scope.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const columns = columnsOf(kind);
  const reason = (r: string) => (r ? t(`ledgers:reason.${r}`, { defaultValue: r }) : '');
  const p = { from: o.query.From, to: o.query.To };
  return {
    schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportLedger', resultPath,
    fileName: `${t(`ledgers:title.${kind}`)}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const db = o.app.db;
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t(`ledgers:title.${kind}`).slice(0, 31));
      sheet.columns = columns.map((k) => ({ key: k, width: WIDE.has(k) ? 32 : 14 }));
      const title = sheet.addRow([t(`ledgers:title.${kind}`)]);
      title.font = { bold: true, size: 14 };
      title.commit();
      sheet.addRow([o.schoolName]).commit();
      for (const line of o.headerLines) sheet.addRow([line]).commit();
      const titled = kind === 'singlebatch' || kind === 'singlemultiple';
      const head = sheet.addRow(columns.map((k) => t(titled && k === 'Copies' ? 'ledgers:col.CopiesCount' : titled && k === 'Value' ? 'ledgers:col.ValueSum' : `ledgers:col.${k}`)));
      head.font = { bold: true };
      head.commit();
      const bold = (values: unknown[]) => {
        const r = sheet.addRow(values);
        r.font = { bold: true };
        r.commit();
      };
      if (kind === 'ledger') {
        const s = await summaryLedger(db, o.scope, o.filter, o.query.From!, o.query.To!);
        await ctx.setTotal(s.Lines.length);
        bold([t('ledgers:summary.opening'), '', '', '', '', '', '', '', '', s.Opening.Titles, s.Opening.Copies, s.Opening.Value]);
        for (const l of s.Lines) sheet.addRow({ ...l, Source: l.Kind === 'out' ? t('ledgers:summary.cancelled') : l.Source || (l.BatchNo ? '' : t('ledgers:summary.noBatch')) }).commit();
        bold([t('ledgers:summary.periodTotal'), '', '', s.In.Titles, s.In.Copies, s.In.Value, s.Out.Titles, s.Out.Copies, s.Out.Value]);
        bold([t('ledgers:summary.closing'), '', '', '', '', '', '', '', '', s.Closing.Titles, s.Closing.Copies, s.Closing.Value]);
        await ctx.progress(s.Lines.length);
      } else {
        const pageOf = (page: number) => (kind === 'weeding'
          ? weedingLedger(db, o.scope, o.filter, o.query.From!, o.query.To!, page, CHUNK)
          : kind === 'singlebatch' || kind === 'singlemultiple'
            ? titleLedger(db, o.scope, o.filter, p, page, CHUNK)
            : copyLedger(db, o.scope, o.filter, p, page, CHUNK));
        let done = 0;
        let totals = { Titles: 0, Copies: 0, Value: 0 };
        for (let page = 1; ; page++) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          const r = await pageOf(page);
          if (page === 1) await ctx.setTotal(r.Total), (totals = r.Totals);
          for (const row of r.List as unknown as Array<Record<string, unknown>>) {
            sheet.addRow({ ...row, ...('WeedReason' in row ? { WeedReason: reason(String(row.WeedReason)) } : {}), ...('Reason' in row ? { Reason: reason(String(row.Reason)) } : {}) }).commit();
          }
          done += r.List.length;
          await ctx.progress(done);
          if (r.List.length < CHUNK) break;
        }
        bold([t('ledgers:totalLine', { titles: totals.Titles, copies: totals.Copies, value: totals.Value.toFixed(2) })]);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}
