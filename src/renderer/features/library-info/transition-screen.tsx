import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authCalls } from '../../../shared/api/auth.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { safePortalPath } from '../../lib/portal-paths.ts';

/** The key features/search/portal-school.tsx remembers the chosen school under (a phone reopens it). */
const REMEMBERED = 'lib.portalSchoolCode';

/**
 * /transition?school=CODE&to=<portal path>: where a link or QR code from outside (the kiosk, a
 * school platform) lands. It says what it does, sets the portal's school, and forwards only to a
 * portal path (never another site). A signed-in reader stays in their own school.
 */
export default function TransitionScreen() {
  const { t } = useTranslation(['library-info', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const code = params.get('school')?.trim() ?? '';
  const target = safePortalPath(params.get('to'));
  // Opened without anything to hand off (typed in, or a bookmark): it explains and waits.
  const handOff = code !== '' || params.has('to');
  const [error, setError] = useState<string | null>(null);
  const [otherSchool, setOtherSchool] = useState<string | null>(null);
  useEffect(() => {
    if (!target || !handOff) return;
    let cancelled = false;
    const go = () => !cancelled && navigate(target, { replace: true });
    if (!code) return void go();
    call(authCalls.getSchoolByCode, { SchoolCode: code }, { toast: false }).then((s) => {
      if (cancelled) return;
      const signedIn = sessionStore.get().user;
      if (signedIn && signedIn.SchoolID !== s.SchoolID) {
        setOtherSchool(s.SchoolName);
        return;
      }
      if (!signedIn) {
        sessionStore.setSearchSchool(s.SchoolID);
        localStorage.setItem(REMEMBERED, s.SchoolCode);
      }
      go();
    }, (e: unknown) => !cancelled && setError(isApiError(e) && e.isKey ? t(e.message) : t('errors:network')));
    return () => {
      cancelled = true;
    };
  }, [code, target, handOff, navigate, t]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', py: 4 }} data-testid="transition">
      <Typography variant="h5" component="h1">{t('transition.title')}</Typography>
      {!target && <Alert severity="warning" data-testid="transition-refused">{t('transition.refused')}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {otherSchool && <Alert severity="info">{t('transition.otherSchool', { school: otherSchool, mine: session.user?.SchoolName ?? '' })}</Alert>}
      {!handOff && <Typography>{t('transition.idle')}</Typography>}
      {handOff && target && !error && !otherSchool && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography role="status">{code ? t('transition.choosing', { code }) : t('transition.forwarding')}</Typography>
        </Stack>
      )}
      <Button component={RouterLink} to={target ?? '/search'} variant="outlined" sx={{ alignSelf: 'flex-start' }}>{t('transition.continue')}</Button>
    </Stack>
  );
}
