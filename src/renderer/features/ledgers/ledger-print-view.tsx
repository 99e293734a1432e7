import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEDGERS_NS } from './use-ledger.ts';

export interface PrintColumn {
  label: string;
  /** Numbers are right-aligned, as in a paper register. */
  numeric?: boolean;
}

export interface PrintLedger {
  title: string;
  schoolName: string;
  /** Lines under the title: the period and the filters. */
  subtitle: string[];
  /** A second header row above the columns: groups and how many columns each spans (收入 / 注销 / 现存). */
  groups?: Array<{ label: string; span: number }>;
  columns: PrintColumn[];
  rows: string[][];
  /** Bold lines before the first row (the opening balance) and after the last (totals, closing balance). */
  lead?: string[][];
  tail?: string[][];
  /** The total line of one printed page (null: no page totals). */
  pageTotal?: (rows: string[][]) => string[];
  rowsPerPage: number;
  /** Said when only part of a long register is shown. */
  note?: string;
}

const cell = { border: '1px solid #000', px: 0.75, py: 0.25, fontSize: 12, lineHeight: 1.4 } as const;

function Row({ values, columns, bold }: { values: string[]; columns: PrintColumn[]; bold?: boolean }) {
  return (
    <tr>
      {values.map((v, i) => (
        <Box key={i} component="td" sx={{ ...cell, textAlign: columns[i]?.numeric ? 'right' : 'left', fontWeight: bold ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>{v}</Box>
      ))}
    </tr>
  );
}

/**
 * A register as it is kept on paper: on each page the register's title, the school, the period,
 * the ruled columns and the page's total line; the closing lines on the last page; the keeper's
 * and checker's signature lines. Only this view prints: the app behind it is hidden on paper.
 */
export function LedgerPrintView({ ledger, onClose }: { ledger: PrintLedger; onClose: () => void }) {
  const { t } = useTranslation(LEDGERS_NS);
  const pages: string[][][] = [];
  for (let i = 0; i < ledger.rows.length; i += ledger.rowsPerPage) pages.push(ledger.rows.slice(i, i + ledger.rowsPerPage));
  if (!pages.length) pages.push([]);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="ledger-print-title">
      <GlobalStyles styles={{ '@media print': { '#root': { display: 'none !important' }, '.no-print': { display: 'none !important' }, '@page': { size: 'A4 landscape', margin: '10mm' } } }} />
      <Box sx={{ p: 2, '@media print': { p: 0 } }} data-testid="ledger-print">
        <Stack className="no-print" direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id="ledger-print-title" variant="h6" component="h1" sx={{ flex: 1 }}>{ledger.title}</Typography>
          <Button variant="contained" onClick={() => window.print()} data-testid="ledger-print-go">{t('print.action')}</Button>
          <Button onClick={onClose} data-testid="ledger-print-close">{t('print.close')}</Button>
        </Stack>
        <Typography className="no-print" variant="body2" sx={{ mb: 1 }}>{t('print.hint')}</Typography>
        {ledger.note && <Typography className="no-print" variant="body2" color="warning.main" sx={{ mb: 1 }}>{ledger.note}</Typography>}
        {pages.map((rows, p) => {
          const last = p === pages.length - 1;
          return (
            <Box key={p} sx={{ bgcolor: 'common.white', color: 'common.black', p: 2, mb: 2, border: 1, borderColor: 'grey.400', '@media print': { border: 'none', p: 0, mb: 0, breakAfter: last ? 'auto' : 'page' } }}>
              <Typography component="h2" sx={{ textAlign: 'center', fontSize: 20, fontWeight: 700, letterSpacing: 2 }}>{ledger.title}</Typography>
              <Stack direction="row" sx={{ justifyContent: 'space-between', fontSize: 12, my: 1 }}>
                <span>{ledger.schoolName}</span>
                <span>{ledger.subtitle.join('　')}</span>
                <span>{t('print.pageOf', { page: p + 1, pages: pages.length })}</span>
              </Stack>
              <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }}>
                <thead>
                  {ledger.groups && (
                    <tr>{ledger.groups.map((g, i) => <Box key={i} component="th" colSpan={g.span} sx={{ ...cell, textAlign: 'center' }}>{g.label}</Box>)}</tr>
                  )}
                  <tr>{ledger.columns.map((c, i) => <Box key={i} component="th" sx={{ ...cell, textAlign: 'center', fontWeight: 700 }}>{c.label}</Box>)}</tr>
                </thead>
                <tbody>
                  {p === 0 && ledger.lead?.map((r, i) => <Row key={`l${i}`} values={r} columns={ledger.columns} bold />)}
                  {rows.map((r, i) => <Row key={i} values={r} columns={ledger.columns} />)}
                  {ledger.pageTotal && rows.length > 0 && <Row values={ledger.pageTotal(rows)} columns={ledger.columns} bold />}
                  {last && ledger.tail?.map((r, i) => <Row key={`t${i}`} values={r} columns={ledger.columns} bold />)}
                </tbody>
              </Box>
              {last && (
                <Stack direction="row" sx={{ justifyContent: 'space-between', fontSize: 12, mt: 2 }}>
                  <span>{t('print.keeper')}</span>
                  <span>{t('print.checker')}</span>
                  <span>{t('print.printed', { day: today })}</span>
                </Stack>
              )}
            </Box>
          );
        })}
      </Box>
    </Dialog>
  );
}
