import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { oauthAppCalls as C } from '../../../shared/api/connect.ts';
import { call } from '../../lib/api-client.ts';
import { leaveTo } from '../../lib/navigation.ts';
import { errorText } from '../../kit/data/error-text.ts';

/**
 * /connect/oauth?uid=…: a third-party app the school registered asks to read part of the user's
 * library account. The SSO sends the user here after sign-in; the page says which app, what it
 * could read and who is signed in, and returns to the app with the answer (a code, or "denied").
 */
export default function ConsentScreen() {
  const { t, i18n } = useTranslation(['connect', 'errors']);
  const [params] = useSearchParams();
  const uid = params.get('uid')?.trim() ?? '';
  const consent = useQuery({ queryKey: ['connect', 'consent', uid], queryFn: () => call(C.consent, { InteractionID: uid }, { toast: false }), enabled: uid !== '', retry: false, staleTime: Infinity });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answer = async (allow: boolean) => {
    setBusy(true);
    setError(null);
    try {
      leaveTo((await call(C.answer, { InteractionID: uid, Allow: allow }, { toast: false })).Redirect);
    } catch (e) {
      setError(errorText(t, e));
      setBusy(false);
    }
  };
  const c = consent.data;
  const appName = c ? (i18n.language.startsWith('en') && c.AppEnName ? c.AppEnName : c.AppName) : '';
  return (
    <Stack sx={{ maxWidth: 560, mx: 'auto', py: 4, px: 2 }} spacing={2} data-testid="consent">
      <Typography variant="h5" component="h1">{c ? t('consent.title', { app: appName }) : t('consent.titleGeneric')}</Typography>
      {!uid && <Typography>{t('consent.idle')}</Typography>}
      {uid && consent.isPending && <CircularProgress aria-label={t('consent.loading')} />}
      {consent.error && <Alert severity="error" data-testid="consent-error">{errorText(t, consent.error)}</Alert>}
      {c && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ mb: 1 }}>{t('consent.signedInAs', { name: c.UserName, school: c.SchoolName })}</Typography>
          <Typography sx={{ fontWeight: 600 }}>{t('consent.wants', { app: appName })}</Typography>
          <ul data-testid="consent-scopes">
            {c.Scopes.map((s) => <li key={s}><Typography>{t(`consent.scopes.${s}`)}</Typography></li>)}
            <li><Typography>{t('consent.always')}</Typography></li>
          </ul>
          <Typography variant="body2" color="text.secondary">{c.Offline ? t('consent.offline') : t('consent.once')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('consent.never')}</Typography>
          {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={() => void answer(true)} disabled={busy} data-testid="consent-allow">{t('consent.allow', { app: appName })}</Button>
            <Button variant="outlined" onClick={() => void answer(false)} disabled={busy} data-testid="consent-deny">{t('consent.deny')}</Button>
          </Stack>
        </Paper>
      )}
      {(!uid || consent.error) && <Button component={RouterLink} to="/search" variant="outlined" sx={{ alignSelf: 'flex-start' }}>{t('bridge.toPortal')}</Button>}
    </Stack>
  );
}
