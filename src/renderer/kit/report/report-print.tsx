import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ResourceLabels } from '../labels.ts';

/** The spec's print limit. */
export const PRINT_LIMIT = 5000;

/** A cell as the screen's grid shows it, in plain text (enums by their label, dates formatted). */
function cellText(col: GridColDef, row: GridValidRowModel): string {
  const raw = row[col.field];
  const value = col.valueGetter ? (col.valueGetter as (v: unknown, r: GridValidRowModel) => unknown)(raw, row) : raw;
  if (col.valueFormatter) return String((col.valueFormatter as (v: unknown, r: GridValidRowModel) => unknown)(value, row) ?? '');
  const options = (col as { valueOptions?: unknown }).valueOptions;
  if (col.type === 'singleSelect' && Array.isArray(options)) {
    const o = (options as Array<{ value: unknown; label: string }>).find((x) => typeof x === 'object' && x.value === raw);
    if (o) return o.label;
  }
  if (typeof value === 'boolean') return value ? '✓' : '';
  return value == null ? '' : String(value);
}

// On paper only the report: the app (shell, form, grid) is hidden and the sheet below shown.
const printStyles = (
  <GlobalStyles styles={{
    '@media screen': { '.report-print-sheet': { display: 'none' } },
    '@media print': {
      'body > *:not(.report-print-sheet)': { display: 'none !important' },
      '.report-print-sheet': { display: 'block', font: '10pt sans-serif', color: '#000' },
      '.report-print-sheet table': { borderCollapse: 'collapse', width: '100%' },
      '.report-print-sheet th, .report-print-sheet td': { border: '1px solid #555', padding: '2px 4px', textAlign: 'left', verticalAlign: 'top' },
      '.report-print-sheet thead': { display: 'table-header-group' },
      '.report-print-sheet tr': { breakInside: 'avoid' },
    },
  }} />
);

/**
 * Print: fetches the report's rows for the parameters run (at most PRINT_LIMIT), lays them out as a
 * plain table under the report's name, its parameters and the time printed, and opens the
 * browser's (or the desktop's) print dialog. The sheet exists only while printing.
 */
export function ReportPrintButton({ title, params, columns, labels, fetchAll }: {
  title: string;
  params: Record<string, unknown>;
  columns: readonly GridColDef[];
  labels: ResourceLabels;
  fetchAll: (limit: number) => Promise<{ rows: GridValidRowModel[]; total: number }>;
}) {
  const { t } = useTranslation('kit');
  const [sheet, setSheet] = useState<{ rows: GridValidRowModel[]; total: number; at: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!sheet) return;
    const done = () => setSheet(null);
    window.addEventListener('afterprint', done, { once: true });
    // After the sheet is in the page.
    const timer = setTimeout(() => window.print(), 0);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [sheet]);
  const print = async () => {
    setBusy(true);
    try {
      const { rows, total } = await fetchAll(PRINT_LIMIT);
      setSheet({ rows, total, at: new Date().toLocaleString() });
    } finally {
      setBusy(false);
    }
  };
  const shown = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  // Enum values by their label; anything else (dates, words) as typed (option() falls back to the value).
  const paramText = (k: string, v: unknown) => (typeof v === 'string' || typeof v === 'number' ? labels.option(k, v) : String(v));
  return (
    <>
      <Button variant="outlined" startIcon={<PrintOutlined />} disabled={busy} onClick={() => void print()} data-testid="report-print">{t('report.print')}</Button>
      {sheet && createPortal(
        <div className="report-print-sheet" data-testid="report-print-sheet">
          {printStyles}
          <h1 style={{ fontSize: '14pt', margin: '0 0 4pt' }}>{title}</h1>
          <p style={{ margin: '0 0 6pt' }}>
            {shown.map(([k, v]) => `${labels.field(k)}: ${paramText(k, v)}`).join('；')}
            {shown.length ? '；' : ''}
            {t('report.printedAt', { at: sheet.at })}
          </p>
          <table>
            <thead><tr>{columns.map((c) => <th key={c.field}>{c.headerName}</th>)}</tr></thead>
            <tbody>{sheet.rows.map((r, i) => <tr key={i}>{columns.map((c) => <td key={c.field}>{cellText(c, r)}</td>)}</tr>)}</tbody>
          </table>
          <p>{sheet.total > sheet.rows.length ? t('report.printLimit', { shown: sheet.rows.length, total: sheet.total }) : t('report.printTotal', { total: sheet.total })}</p>
        </div>,
        document.body,
      )}
    </>
  );
}
