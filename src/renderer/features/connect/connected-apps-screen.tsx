import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { connectCalls as C, type ConnectedApp } from '../../../shared/api/connect.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/use-session.ts';

const KEY = ['connect', 'apps'] as const;
const KNOWN = new Set(['library-admin', 'library-portal']);

function AppRow({ app, onRevoke, busy }: { app: ConnectedApp; onRevoke: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('connect');
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} data-testid={`grant-${app.GrantID}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {KNOWN.has(app.ClientID)
                ? t(`clients.${app.ClientID}`)
                : ((i18n.language.startsWith('en') && app.AppEnName) || app.AppName || t('clients.other', { id: app.ClientID }))}
            </Typography>
            {app.Current && <Chip size="small" color="primary" label={t('current')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">{t('signedIn', { when: when(app.SignedInAt) })} · {t('lastUsed', { when: when(app.LastUsedAt) })}</Typography>
          <Typography variant="body2" color="text.secondary">{t('expires', { when: when(app.ExpiresAt) })}</Typography>
        </Stack>
        {app.Current
          ? <Typography variant="body2" color="text.secondary">{t('currentHint')}</Typography>
          : <Button variant="outlined" color="error" onClick={onRevoke} disabled={busy} data-testid="grant-revoke">{t('revoke')}</Button>}
      </Stack>
    </Paper>
  );
}

/**
 * /connect/unoauth: the apps and devices the user is signed in with (each a grant of the SSO),
 * with "sign out there" for any but this one: for a lost phone, a shared desk computer, or an app
 * the user no longer wants connected. Without a session it offers to sign in first.
 */
export default function ConnectedAppsScreen() {
  const { t } = useTranslation(['connect', 'errors']);
  const qc = useQueryClient();
  const signedIn = useSession().token != null;
  const apps = useQuery({ queryKey: KEY, queryFn: () => call(C.apps, {}, { toast: false }), enabled: signedIn });
  const revoke = useMutation({ mutationFn: (id: string) => call(C.revoke, { GrantID: id }, { toast: false }), onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
  const err = (e: unknown) => (isApiError(e) && e.isKey ? t(e.message) : isApiError(e) ? e.message : t('errors:network'));
  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', py: 2 }} data-testid="connected-apps">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>{t('title')}</Typography>
      <Typography color="text.secondary">{t('hint')}</Typography>
      {!signedIn && (
        <Alert severity="info" action={<Button color="inherit" component={RouterLink} to={`/auth?redirect=${encodeURIComponent('/connect/unoauth')}`}>{t('signIn')}</Button>}>{t('signedOut')}</Alert>
      )}
      {apps.error && <Alert severity="error">{err(apps.error)}</Alert>}
      {revoke.error && <Alert severity="error">{err(revoke.error)}</Alert>}
      {revoke.isSuccess && <Alert severity="success" role="status">{t('revoked')}</Alert>}
      {apps.data?.length === 0 && <Alert severity="info">{t('none')}</Alert>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {apps.data?.map((a) => <AppRow key={a.GrantID} app={a} busy={revoke.isPending} onRevoke={() => revoke.mutate(a.GrantID)} />)}
      </Stack>
    </Stack>
  );
}
