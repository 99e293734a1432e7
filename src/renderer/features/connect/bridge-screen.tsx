import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startBridgeSignIn } from '../../lib/auth-flow.ts';

/**
 * /bridge?ticket=…&to=…: where a school platform sends a user who is already signed in there.
 * The page hands the platform's signed ticket to the SSO, which checks it and signs the user in
 * (or says why not, on its own page); it then returns to `to`. The ticket is taken out of the
 * address first, so Back or the history never offers it again.
 */
export default function BridgeScreen() {
  const { t } = useTranslation(['connect', 'errors']);
  const [params] = useSearchParams();
  const ticket = params.get('ticket')?.trim() ?? '';
  const to = params.get('to');
  const [problem, setProblem] = useState<'malformed' | 'network' | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!ticket || started.current) return;
    started.current = true;
    window.history.replaceState(null, '', '#/bridge');
    startBridgeSignIn(ticket, to).then(
      (ok) => !ok && setProblem('malformed'),
      () => setProblem('network'),
    );
  }, [ticket, to]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', py: 4, px: 2 }} data-testid="bridge">
      <Typography variant="h5" component="h1">{t('bridge.title')}</Typography>
      {!ticket && <Typography data-testid="bridge-idle">{t('bridge.idle')}</Typography>}
      {problem === 'malformed' && <Alert severity="error" data-testid="bridge-error">{t('bridge.reason.malformed')}</Alert>}
      {problem === 'network' && <Alert severity="error" data-testid="bridge-error">{t('errors:network')}</Alert>}
      {ticket && !problem && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography role="status">{t('bridge.signingIn')}</Typography>
        </Stack>
      )}
      {(!ticket || problem) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          <Button component={RouterLink} to="/search" variant="contained">{t('bridge.toPortal')}</Button>
          <Button component={RouterLink} to="/auth" variant="outlined">{t('bridge.staffSignIn')}</Button>
        </Stack>
      )}
    </Stack>
  );
}
