import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyLoan } from '../../../shared/api/reader-account.ts';
import { useMyLoans, useRenew } from './account-queries.ts';

/** Days from today (the reader's device) to the due day; a loan due within this many days is "due soon". */
const DUE_SOON_DAYS = 3;

export function daysUntil(day: string, today: Date = new Date()): number {
  const local = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - local) / 86_400_000);
}

/** One loan: the book, its days, whether it is late, and Renew where the rules allow (else why not). */
export function LoanCard({ loan, onRenew, renewing }: { loan: MyLoan; onRenew?: (id: number) => void; renewing?: boolean }) {
  const { t, i18n } = useTranslation('reader-account');
  const open = loan.ReturnedAt == null;
  const soon = open && !loan.Overdue && daysUntil(loan.DueDay) <= DUE_SOON_DAYS;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, borderColor: open && loan.Overdue ? 'error.main' : undefined }} data-testid={`loan-${loan.LoanID}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Stack sx={{ minWidth: 0, flex: 1 }}>
          {/* The lists sit right under the page's h1 (both pages): each book is an h2. */}
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={`/search/book/details?id=${loan.TitleID}`} underline="hover">{loan.Title}</Link>
          </Typography>
          {loan.Author && <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{loan.Author}</Typography>}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('loans.loanedAt', { day: loan.LoanedDay })} · {open ? <strong>{t('loans.dueAt', { day: loan.DueDay })}</strong> : t('loans.returnedAt', { day: loan.ReturnedDay })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {[loan.CallNo && t('loans.callNo', { callNo: loan.CallNo }), loan.Barcode, loan.RenewCount > 0 && t('loans.renewCount', { n: loan.RenewCount })].filter(Boolean).join(' · ')}
          </Typography>
        </Stack>
        <Stack sx={{ gap: 0.75, alignItems: { xs: 'flex-start', sm: 'flex-end' }, flexShrink: 0, maxWidth: { sm: 260 } }}>
          {loan.Overdue && <Chip size="small" color="error" label={t(open ? 'loans.overdue' : 'loans.returnedLate', { days: loan.OverdueDays })} data-testid="loan-overdue" />}
          {soon && <Chip size="small" color="warning" label={t('loans.dueSoon')} />}
          {open && onRenew && (loan.CanRenew
            ? <Button variant="outlined" size="small" disabled={renewing} onClick={() => onRenew(loan.LoanID)} data-testid="loan-renew">{t('loans.renew')}</Button>
            : <Typography variant="caption" color="text.secondary" data-testid="loan-cannot-renew">{t('loans.cannotRenew', { why: loan.RenewBlockers.join(i18n.language === 'en-US' ? '; ' : '；') })}</Typography>)}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The reader's open loans with Renew: /search/book, and the first tab of /user/circulation. */
export function CurrentLoans() {
  const { t } = useTranslation('reader-account');
  const loans = useMyLoans();
  const renew = useRenew();
  if (loans.isPending) return <Skeleton height={120} />;
  if (loans.isError || !loans.data) return <Alert severity="error">{t('personal.failed')}</Alert>;
  if (!loans.data.List.length) return <Alert severity="info" data-testid="loans-none">{t('loans.none')}</Alert>;
  return (
    <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('loans.list')} data-testid="my-loans">
      {loans.data.List.map((l) => <LoanCard key={l.LoanID} loan={l} onRenew={(id) => renew.mutate(id)} renewing={renew.isPending} />)}
    </Stack>
  );
}
