import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface Row { ItemID: number; CallNo: string; Title: string; Author: string; ISBN: string; Copies: number }

/** Titles with their call numbers and copy counts; `extra` adds a last cell (score, an action). */
export function ShelfTitlesTable<R extends Row>({ rows, label, extra, testId }: { rows: R[]; label: string; extra?: (r: R) => ReactNode; testId?: string }) {
  const { t } = useTranslation(['catalogue', 'validation']);
  return (
    <Table size="small" aria-label={label} data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('shelf.callNo')}</TableCell>
          <TableCell>{t('validation:fields.Title')}</TableCell>
          <TableCell>{t('validation:fields.Author')}</TableCell>
          <TableCell>ISBN</TableCell>
          <TableCell align="right">{t('shelf.copies')}</TableCell>
          {extra && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.ItemID}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{r.CallNo}</TableCell>
            <TableCell>{r.Title}</TableCell>
            <TableCell>{r.Author}</TableCell>
            <TableCell>{r.ISBN}</TableCell>
            <TableCell align="right">{r.Copies}</TableCell>
            {extra && <TableCell>{extra(r)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
