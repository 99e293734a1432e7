import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GridRenderCellParams } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import type { LoanRecord } from '../../../shared/api/circulation-records.ts';
import { fitWidth, type ColumnOverrides } from '../../kit/grid/columns.ts';

/** A loan's state in words, with the days late ("逾期 3 天", "已还（逾期 3 天）"). */
export function loanStateText(t: TFunction, row: Pick<LoanRecord, 'State' | 'OverdueDays'>): string {
  if (row.State === 'overdue') return t('circulation:records.state.overdue', { days: row.OverdueDays });
  if (row.State === 'returned' && row.OverdueDays > 0) return t('circulation:records.state.returnedLate', { days: row.OverdueDays });
  return t(`circulation:records.state.${row.State}`);
}

/** Columns of a loan list that keep the width of their content: the title takes the room left. */
const FIXED = ['Barcode', 'CallNo', 'ReaderID', 'ReaderName', 'ClassName', 'DueDay', 'RenewCount', 'LoanedBy', 'ReturnedBy'] as const;
/** When a book was lent and returned: the day is what a list needs (the journal keeps the time). */
const DAYS = ['LoanedAt', 'ReturnedAt'] as const;

/**
 * The columns of every loan list: the title flexes, the others keep their width; the State column
 * says the days late, overdue in the error colour, and is as wide as its longest words.
 */
export function useLoanColumns(): ColumnOverrides {
  const { t, i18n } = useTranslation('circulation');
  return useMemo(() => {
    const width = fitWidth([t('records.state.returnedLate', { days: 999 }), t('records.state.overdue', { days: 999 })], '');
    const dayWidth = fitWidth(['2026-12-31'], '');
    return {
      ...Object.fromEntries(FIXED.map((f) => [f, { flex: 0 }])),
      ...Object.fromEntries(DAYS.map((f) => [f, {
        flex: 0, minWidth: dayWidth, width: dayWidth,
        valueFormatter: (_v: unknown, row: LoanRecord) => (row[f] ? dayjs(row[f]).format('YYYY-MM-DD') : ''),
      }])),
      State: {
        flex: 0,
        type: 'string',
        minWidth: width,
        width,
        valueGetter: (_v: unknown, row: LoanRecord) => loanStateText(t, row),
        renderCell: ({ value, row }: GridRenderCellParams<LoanRecord, string>) => (
          <Box component="span" sx={row.State === 'overdue' ? { color: 'error.main', fontWeight: 500 } : undefined}>{value}</Box>
        ),
      },
    };
    // i18n.language: the words (and their widths) follow a language switch.
  }, [t, i18n.language]);
}
