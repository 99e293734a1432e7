import type { GridColDef } from '@mui/x-data-grid';
import type { ColumnOverrides } from '../../kit/grid/columns.ts';

/** Yuan with 2 decimals ("¥25.00"); '' for none. */
export const yuan = (v: number | null | undefined): string => (v == null ? '' : `¥${v.toFixed(2)}`);

const MONEY = ['Price', 'SuggestedAmount', 'Amount', 'PaidAmount', 'RefundAmount'] as const;

/** Money columns right-aligned with 2 decimals, as wide as their content. */
export const moneyColumns: ColumnOverrides = Object.fromEntries(MONEY.map((f): [string, Partial<GridColDef>] => [f, {
  flex: 0, align: 'right', headerAlign: 'right', type: 'string', valueFormatter: (v: number | null) => yuan(v),
}]));

/** The amount typed, in yuan, or null when it is not a money value (at most 2 decimals). */
export function parseAmount(text: string): number | null {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text.trim())) return null;
  return Number(text.trim());
}
