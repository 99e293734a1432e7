import { useTranslation } from 'react-i18next';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';

/** The header of a plain table's actions column: 操作 / Actions, never an empty header cell. */
export function ActionsHeaderCell(props: TableCellProps) {
  const { t } = useTranslation('kit');
  return <TableCell align="right" {...props}>{t('actions')}</TableCell>;
}
