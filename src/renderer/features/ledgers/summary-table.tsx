import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import type { Balance, Summary, SummaryLine } from '../../../shared/api/ledgers.ts';
import { LEDGERS_NS, money } from './use-ledger.ts';

export const SUMMARY_COLUMNS = ['Day', 'BatchNo', 'Source', 'InTitles', 'InCopies', 'InValue', 'OutTitles', 'OutCopies', 'OutValue', 'Titles', 'Copies', 'Value'] as const;

/** A summary line as the register writes it: counts as numbers, money with two decimals, blanks where a side is empty. */
export function summaryCells(l: SummaryLine, t: TFunction): string[] {
  const n = (v: number, show: boolean) => (show ? String(v) : '');
  const m = (v: number, show: boolean) => (show ? money(v) : '');
  const isIn = l.Kind === 'in';
  return [
    l.Day, l.BatchNo, isIn ? l.Source || (l.BatchNo ? '' : t('summary.noBatch')) : t('summary.cancelled'),
    n(l.InTitles, isIn), n(l.InCopies, isIn), m(l.InValue, isIn),
    n(l.OutTitles, !isIn), n(l.OutCopies, !isIn), m(l.OutValue, !isIn),
    String(l.Titles), String(l.Copies), money(l.Value),
  ];
}

/** The balance lines: opening before the lines; the period's total and the closing balance after. */
export function summaryLead(s: Summary, t: TFunction): string[][] {
  return [[t('summary.opening'), '', '', '', '', '', '', '', '', ...held(s.Opening)]];
}
export function summaryTail(s: Summary, t: TFunction): string[][] {
  return [
    [t('summary.periodTotal'), '', '', String(s.In.Titles), String(s.In.Copies), money(s.In.Value), String(s.Out.Titles), String(s.Out.Copies), money(s.Out.Value), '', '', ''],
    [t('summary.closing'), '', '', '', '', '', '', '', '', ...held(s.Closing)],
  ];
}
const held = (b: Balance) => [String(b.Titles), String(b.Copies), money(b.Value)];

const NUMERIC = new Set<string>(['InTitles', 'InCopies', 'InValue', 'OutTitles', 'OutCopies', 'OutValue', 'Titles', 'Copies', 'Value']);

/** The summary register on screen: the three column groups of the paper register (收入 / 注销 / 现存). */
export function SummaryTable({ summary }: { summary: Summary }) {
  const { t } = useTranslation(LEDGERS_NS);
  const line = (cells: string[], key: string, bold?: boolean, testId?: string) => (
    <TableRow key={key} data-testid={testId}>
      {cells.map((c, i) => <TableCell key={i} align={NUMERIC.has(SUMMARY_COLUMNS[i]!) ? 'right' : 'left'} sx={{ fontWeight: bold ? 700 : undefined, whiteSpace: NUMERIC.has(SUMMARY_COLUMNS[i]!) || i === 0 ? 'nowrap' : undefined, px: 1, fontVariantNumeric: 'tabular-nums' }}>{c}</TableCell>)}
    </TableRow>
  );
  const groupCell = { borderLeft: 1, borderColor: 'divider' } as const;
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="ledger-summary">
      <Table size="small" aria-label={t('title.ledger')}>
        <TableHead>
          <TableRow>
            <TableCell colSpan={3} />
            <TableCell colSpan={3} align="center" sx={groupCell}>{t('group.in')}</TableCell>
            <TableCell colSpan={3} align="center" sx={groupCell}>{t('group.out')}</TableCell>
            <TableCell colSpan={3} align="center" sx={groupCell}>{t('group.held')}</TableCell>
          </TableRow>
          <TableRow>
            {SUMMARY_COLUMNS.map((c) => <TableCell key={c} align={NUMERIC.has(c) ? 'right' : 'left'} sx={{ fontWeight: 700, px: 1 }}>{t(`col.${c}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {summaryLead(summary, t).map((c, i) => line(c, `lead${i}`, true, 'ledger-opening'))}
          {summary.Lines.length === 0 && (
            <TableRow><TableCell colSpan={SUMMARY_COLUMNS.length}>{t('noLines')}</TableCell></TableRow>
          )}
          {summary.Lines.map((l, i) => line(summaryCells(l, t), `l${i}`, false, 'ledger-line'))}
          {summaryTail(summary, t).map((c, i) => line(c, `tail${i}`, true, i === 1 ? 'ledger-closing' : 'ledger-period-total'))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
