import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { dayOf, dueText, localToday } from './due-text.ts';

/** The class's open corner loans, most overdue first; overdue rows in red. */
export function CornerLoansTable({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const [overdueOnly, setOverdueOnly] = useState(false);
  const q = useQuery({
    queryKey: ['class-corner', 'loans', deptId, overdueOnly],
    queryFn: () => call(C.getLoans, { DeptID: deptId, OverdueOnly: overdueOnly, Page: 1, Rows: 500 }),
  });
  const today = localToday();
  const list = q.data?.List ?? [];
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2">{t('loans.heading')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('loans.count', { count: q.data?.Total ?? 0 })}</Typography>
        <FormControlLabel control={<Checkbox checked={overdueOnly} onChange={(e) => setOverdueOnly(e.target.checked)} />} label={t('loans.overdueOnly')} />
      </Stack>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{t('loans.empty')}</Typography>
      ) : (
        <Table size="small" data-testid="corner-loans">
          <TableHead>
            <TableRow>
              <TableCell>{t('col.title')}</TableCell>
              <TableCell>{t('col.barcode')}</TableCell>
              <TableCell>{t('col.reader')}</TableCell>
              <TableCell>{t('col.loanedAt')}</TableCell>
              <TableCell>{t('col.dueDay')}</TableCell>
              <TableCell>{t('col.due')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((l) => (
              <TableRow key={l.LoanID} data-overdue={l.Overdue ? 'true' : 'false'} sx={l.Overdue ? { bgcolor: '#fdecea', '& td': { color: '#8a1c1c' } } : undefined}>
                <TableCell>{l.Title}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.Barcode}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('desk.reader', { name: l.ReaderName, card: l.ReaderID })}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(l.LoanedAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.DueDay}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: l.Overdue ? 700 : undefined }}>{dueText(t, l, today)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
