import type { GridColDef } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import type { ColumnOverrides } from '../../kit/grid/columns.ts';

/** Yuan with 2 decimals ("¥25.00"); '' for none. */
export const yuan = (v: number | null | undefined): string => (v == null ? '' : `¥${v.toFixed(2)}`);

const MONEY = ['Price', 'SuggestedAmount', 'Amount', 'PaidAmount', 'RefundAmount'] as const;
const DAYS = ['RegisteredAt', 'RetrievedAt', 'LostAt', 'PaidAt'] as const;

/**
 * The columns of every loss list: money right-aligned with 2 decimals; the title takes the room
 * left but never less than a readable width; the reader's name and the kind are shown whole.
 */
export const moneyColumns: ColumnOverrides = {
  ...Object.fromEntries(MONEY.map((f): [string, Partial<GridColDef>] => [f, {
    flex: 0, align: 'right', headerAlign: 'right', type: 'string', valueFormatter: (v: number | null) => yuan(v),
  }])),
  // Lists show the day; the record's time is in the export.
  ...Object.fromEntries(DAYS.map((f): [string, Partial<GridColDef>] => [f, {
    flex: 0, width: 110, minWidth: 110, valueFormatter: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : ''),
  }])),
  Title: { flex: 1, minWidth: 200 },
  ReaderName: { flex: 0, minWidth: 120 },
  Kind: { flex: 0, minWidth: 150 },
};

/** The amount typed, in yuan, or null when it is not a money value (at most 2 decimals). */
export function parseAmount(text: string): number | null {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text.trim())) return null;
  return Number(text.trim());
}
