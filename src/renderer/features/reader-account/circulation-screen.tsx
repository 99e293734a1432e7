import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { BackToAccount } from './account-nav.tsx';
import { useMyHistory } from './account-queries.ts';
import { CurrentLoans, LoanCard } from './loan-list.tsx';
import { SignedInOnly } from './sign-in-prompt.tsx';

const ROWS = 10;

/** A page number from the address: 1 … 100 000, anything else is 1. */
export function pageFrom(raw: string | null): number {
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 && n <= 100_000 ? n : 1;
}

function History() {
  const { t } = useTranslation('reader-account');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const history = useMyHistory(page, ROWS);
  if (history.isPending) return <Skeleton height={120} />;
  if (history.isError || !history.data) return <Alert severity="error">{t('personal.failed')}</Alert>;
  const pages = Math.ceil(history.data.Total / ROWS);
  if (!history.data.List.length) return <Alert severity="info" data-testid="history-none">{page > 1 ? t('circulation.pastEnd') : t('circulation.noHistory')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('circulation.historyList')} data-testid="my-history">
        {history.data.List.map((l) => <LoanCard key={l.LoanID} loan={l} />)}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages} page={Math.min(page, pages)} siblingCount={0}
          onChange={(_e, p) => setParams((prev) => { const next = new URLSearchParams(prev); next.set('page', String(p)); return next; })}
          sx={{ '& ul': { justifyContent: 'center' } }}
        />
      )}
    </Stack>
  );
}

/** /user/circulation: my loans now (with Renew) and my loan history, newest first, paged. */
export default function CirculationScreen() {
  const { t } = useTranslation('reader-account');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'current';
  return (
    <SignedInOnly title={t('circulation.title')}>
      <Stack spacing={2}>
        <BackToAccount />
        <Typography variant="h5" component="h1">{t('circulation.title')}</Typography>
        <Tabs value={tab} onChange={(_e, v: string) => setParams(v === 'history' ? { tab: 'history' } : {})} aria-label={t('circulation.title')}>
          <Tab value="current" label={t('circulation.current')} data-testid="circulation-tab-current" />
          <Tab value="history" label={t('circulation.history')} data-testid="circulation-tab-history" />
        </Tabs>
        {tab === 'current' ? <CurrentLoans /> : <History />}
      </Stack>
    </SignedInOnly>
  );
}
