import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRIDGE_EDIT, oauthAppCalls as C, type OauthApp } from '../../../shared/api/connect.ts';
import { apiBaseUrl, call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { OauthAppDialog } from './oauth-app-dialog.tsx';

const KEY = ['connect', 'oauth-apps'] as const;

/**
 * Third-party apps (a reading-log app, a class platform) the school lets its users connect to their
 * library account, on /library/basic-info. Each user decides per app on /connect/oauth and can end
 * it on /connect/unoauth; switching an app off or deleting it ends every connection at once.
 */
export function OauthAppsSection() {
  const { t } = useTranslation(['connect', 'errors']);
  const qc = useQueryClient();
  const canEdit = useCanOp(BRIDGE_EDIT);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(C.apps, {}) });
  const [editing, setEditing] = useState<OauthApp | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OauthApp | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });
  const issuer = new URL('/sso', apiBaseUrl()).toString();
  return (
    <Paper sx={{ p: 3, maxWidth: 880, mt: 3 }} data-testid="oauth-apps">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('apps.sectionTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('apps.sectionHint')}</Typography>
      <Typography variant="body2" sx={{ mt: 1, mb: 2, wordBreak: 'break-all' }}>{t('apps.issuer')}: <code>{issuer}</code></Typography>
      {list.error && <Alert severity="error">{errorText(t, list.error)}</Alert>}
      {list.data?.length === 0 && <Typography color="text.secondary" sx={{ mb: 1 }}>{t('apps.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {list.data?.map((a) => (
          <Paper component="li" key={a.ID} variant="outlined" sx={{ p: 2, listStyle: 'none' }} data-testid={`oauth-app-${a.ID}`}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
              <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{a.Name}</Typography>
                  {a.Scopes.map((s) => <Chip key={s} size="small" label={t(`apps.scopeShort.${s}`)} />)}
                  {!a.Enabled && <Chip size="small" color="warning" label={t('bridge.off')} />}
                </Stack>
                <Typography variant="body2">{t('apps.clientId')}: <code data-testid="oauth-app-client-id">{a.ClientID}</code></Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{t('apps.returnsTo')}: {a.RedirectUris.join(', ')}</Typography>
              </Stack>
              {canEdit && (
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" onClick={() => setEditing(a)}>{t('bridge.edit')}</Button>
                  <Button variant="outlined" color="error" onClick={() => setDeleting(a)}>{t('bridge.delete')}</Button>
                </Stack>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {canEdit && <Button variant="contained" sx={{ mt: 2 }} onClick={() => setEditing('new')} data-testid="oauth-app-add">{t('apps.add')}</Button>}
      {editing && <OauthAppDialog app={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />}
      <ConfirmDialog open={deleting != null} title={t('apps.deleteTitle')} body={t('apps.deleteBody', { name: deleting?.Name ?? '' })} confirmLabel={t('bridge.delete')}
        onConfirm={async () => { await call(C.remove, { ID: deleting!.ID }, { toast: false }); refresh(); }} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
