import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import { useMyHolds, useMyLoans, usePlaceHold, useSignedIn } from './account-queries.ts';
import { useSignInPath } from '../../lib/use-sign-in-path.ts';

/**
 * On a title's page in the portal: a signed-in reader places a hold (the gateway applies the
 * holds rules and says why not); a signed-out one is offered sign-in, coming back to this title.
 * A hold already open on the title is shown instead of the button.
 */
export function PlaceHoldButton({ titleId, lendable }: { titleId: number; lendable: boolean }) {
  const { t } = useTranslation('reader-account');
  const signedIn = useSignedIn();
  const signIn = useSignInPath();
  const place = usePlaceHold();
  // The first page holds the open ones (they come first), at most MAX_ACTIVE_HOLDS of them.
  const holds = useMyHolds(1, 10);
  const loans = useMyLoans();
  if (!lendable) return null;
  if (!signedIn) {
    return <Button variant="outlined" component={RouterLink} to={signIn} startIcon={<BookmarkAddOutlined />} sx={{ alignSelf: 'flex-start' }} data-testid="hold-sign-in">{t('holds.signInToHold')}</Button>;
  }
  // The holds rules refuse a hold on a book the reader has out: say so instead of offering it.
  if (loans.data?.List.some((l) => l.TitleID === titleId)) return <Typography variant="body2" color="text.secondary" data-testid="hold-on-loan">{t('holds.onLoan')}</Typography>;
  const open = holds.data?.List.find((h) => h.TitleID === titleId && (h.State === 'notFound' || h.State === 'found'));
  if (open) {
    return <Typography variant="body2" color="success.main" data-testid="hold-open">{t('holds.openOnTitle', { state: t(`holds.state.${open.State}`) })}</Typography>;
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" startIcon={<BookmarkAddOutlined />} disabled={place.isPending || holds.isPending || loans.isPending} onClick={() => place.mutate(titleId)} data-testid="hold-place">
        {t('holds.place')}
      </Button>
      <Typography variant="caption" color="text.secondary">{t('holds.holdHint')}</Typography>
    </Stack>
  );
}
