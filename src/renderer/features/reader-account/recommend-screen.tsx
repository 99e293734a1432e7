import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MySuggestion } from '../../../shared/api/recommendations.ts';
import { useMySuggestions, useSignedIn, useWithdrawSuggestion } from './account-queries.ts';
import { ConfirmDialog } from './holds-section.tsx';
import { RecommendForm } from './recommend-form.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

const ROWS = 10;
const STATE_COLOR = { pending: 'default', processed: 'success', abandoned: 'warning' } as const;

function MySuggestions() {
  const { t } = useTranslation('reader-account');
  const [page, setPage] = useState(1);
  const mine = useMySuggestions(page, ROWS);
  const withdraw = useWithdrawSuggestion();
  const [asking, setAsking] = useState<MySuggestion | null>(null);
  const pages = mine.data ? Math.ceil(mine.data.Total / ROWS) : 0;
  return (
    <Stack component="section" spacing={1} aria-labelledby="my-suggestions-title">
      <Typography variant="h6" component="h2" id="my-suggestions-title">{t('recommend.mine')}</Typography>
      {mine.isPending && <Skeleton height={80} />}
      {mine.isError && <Alert severity="error">{t('personal.failed')}</Alert>}
      {mine.data && !mine.data.List.length && <Typography color="text.secondary">{t('recommend.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="my-suggestions">
        {mine.data?.List.map((s) => (
          <Paper component="li" variant="outlined" key={s.ID} sx={{ p: 1.5 }} data-testid={`suggestion-${s.ID}`}>
            <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.Title}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{[s.Author, s.Publisher, s.ISBN].filter(Boolean).join(' · ')}</Typography>
              </Stack>
              <Chip size="small" color={STATE_COLOR[s.State]} label={t(`recommend.state.${s.State}`)} data-testid="suggestion-state" />
            </Stack>
            {s.Reason && <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{s.Reason}</Typography>}
            {s.AbandonReason && <Typography variant="body2" sx={{ mt: 0.5 }}>{t(`recommend.abandonReason.${s.AbandonReason}`)}</Typography>}
            {s.Reply && <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{t('recommend.reply', { reply: s.Reply })}</Typography>}
            <Stack direction="row" sx={{ mt: 0.5, justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="caption" color="text.secondary">{t('recommend.at', { day: s.CreatedAt.slice(0, 10) })}</Typography>
              {s.State === 'pending' && <Button size="small" color="error" onClick={() => setAsking(s)} data-testid="suggestion-withdraw">{t('recommend.withdraw')}</Button>}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && <Pagination count={pages} page={Math.min(page, pages)} siblingCount={0} onChange={(_e, p) => setPage(p)} sx={{ '& ul': { justifyContent: 'center' } }} />}
      <ConfirmDialog
        open={asking != null}
        title={asking ? t('recommend.confirmWithdraw', { title: asking.Title }) : ''}
        yes={t('recommend.withdraw')}
        no={t('recommend.keep')}
        onNo={() => setAsking(null)}
        onYes={() => {
          if (asking) withdraw.mutate(asking.ID);
          setAsking(null);
        }}
      />
    </Stack>
  );
}

/** /search/recommend: suggest a book for the library to buy, and follow my suggestions. */
export default function RecommendScreen() {
  const { t } = useTranslation('reader-account');
  if (!useSignedIn()) return <SignInPrompt title={t('recommend.title')} message={t('recommend.signedOut')} />;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('recommend.title')}</Typography>
      <Typography color="text.secondary">{t('recommend.intro')}</Typography>
      <RecommendForm />
      <MySuggestions />
    </Stack>
  );
}
