import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { oauthAppCalls as C, type OauthApp } from '../../../shared/api/connect.ts';
import { APP_SCOPES, type AppScope } from '../../../shared/api/contract.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

/** Register a third-party app, or change one: names, return addresses (one a line), what it may ask for. */
export function OauthAppDialog({ app, onClose, onSaved }: { app: OauthApp | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['connect', 'validation', 'common', 'errors']);
  const [name, setName] = useState(app?.Name ?? '');
  const [enName, setEnName] = useState(app?.EnName ?? '');
  const [uris, setUris] = useState((app?.RedirectUris ?? []).join('\n'));
  const [scopes, setScopes] = useState<AppScope[]>(app?.Scopes ?? ['library.loans']);
  const [enabled, setEnabled] = useState(app?.Enabled ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const RedirectUris = uris.split('\n').map((u) => u.trim()).filter(Boolean);
      await call(C.save, { Name: name, EnName: enName, RedirectUris, Scopes: scopes, Enabled: enabled, ...(app ? { ID: app.ID } : {}) }, { toast: false });
      onSaved();
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (s: AppScope, on: boolean) => setScopes(on ? [...scopes, s] : scopes.filter((x) => x !== s));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="oauth-app-dialog-title">
      <DialogTitle id="oauth-app-dialog-title">{app ? t('apps.editTitle') : t('apps.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('validation:fields.Name')} value={name} onChange={(e) => setName(e.target.value)} required slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'oauth-app-name' } }} />
          <TextField label={t('validation:fields.EnName')} value={enName} onChange={(e) => setEnName(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField label={t('validation:fields.RedirectUris')} value={uris} onChange={(e) => setUris(e.target.value)} required multiline minRows={2}
            helperText={t('apps.redirectHint')} slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'oauth-app-uris' } }} />
          <FormGroup>
            <FormLabel component="legend">{t('apps.scopesLabel')}</FormLabel>
            {APP_SCOPES.map((s) => (
              <FormControlLabel key={s} control={<Checkbox checked={scopes.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />} label={t(`consent.scopes.${s}`)} />
            ))}
          </FormGroup>
          <FormControlLabel control={<Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('bridge.enabled')} />
          {error && <Alert severity="error" data-testid="oauth-app-error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="oauth-app-save">{t('bridge.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
