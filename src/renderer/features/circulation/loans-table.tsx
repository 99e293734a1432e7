import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DeskLoan } from '../../../shared/api/circulation.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

/**
 * The reader's current loans, overdue ones first and in red; a renew button per loan where asked.
 * Memoised: the desk re-renders on every keystroke in its box, and a scanner types fast.
 */
export const LoansTable = memo(function LoansTable({ loans, onRenew }: { loans: readonly DeskLoan[]; onRenew?: (barcode: string) => void }) {
  const { t } = useTranslation('circulation');
  if (!loans.length) return <Typography variant="body2" color="text.secondary" data-testid="desk-no-loans">{t('desk.noLoans')}</Typography>;
  const sorted = [...loans].sort((a, b) => Number(b.Overdue) - Number(a.Overdue) || a.DueAt.localeCompare(b.DueAt));
  return (
    <TableContainer>
      <Table size="small" aria-label={t('desk.loansHeading')} data-testid="desk-loans">
        <TableHead>
          <TableRow>
            <TableCell>{t('desk.col.title')}</TableCell>
            <TableCell>{t('desk.col.barcode')}</TableCell>
            <TableCell>{t('desk.col.loaned')}</TableCell>
            <TableCell>{t('desk.col.due')}</TableCell>
            <TableCell>{t('desk.col.renewed')}</TableCell>
            {onRenew && <TableCell><Box component="span" sx={visuallyHidden}>{t('desk.col.action')}</Box></TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((l) => (
            <TableRow key={l.LoanID} data-testid={`desk-loan-${l.Barcode}`} sx={l.Overdue ? { bgcolor: 'error.light', '& td': { color: 'error.contrastText' } } : undefined}>
              <TableCell>{l.Title}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.Barcode}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.LoanedAt.slice(0, 10)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.Overdue ? t('desk.overdueDue', { due: l.DueAt.slice(0, 10), days: l.OverdueDays }) : l.DueAt.slice(0, 10)}</TableCell>
              <TableCell>{l.RenewCount}</TableCell>
              {onRenew && (
                <TableCell>
                  <Button size="small" variant="outlined" onClick={() => onRenew(l.Barcode)} data-testid={`desk-renew-${l.Barcode}`} aria-label={t('desk.renewOne', { title: l.Title })}>
                    {t('desk.renew')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
