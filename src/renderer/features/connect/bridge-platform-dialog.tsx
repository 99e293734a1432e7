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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { bridgeCalls as C, type BridgePlatform } from '../../../shared/api/connect.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

/** Register a school platform, or change one: its name, public key, and whether it may sign staff in. */
export function BridgePlatformDialog({ platform, onClose, onSaved }: { platform: BridgePlatform | null; onClose: () => void; onSaved: (p: BridgePlatform) => void }) {
  const { t } = useTranslation(['connect', 'validation', 'common', 'errors']);
  const [name, setName] = useState(platform?.Name ?? '');
  const [key, setKey] = useState(platform?.PublicKey ?? '');
  const [allowStaff, setAllowStaff] = useState(platform?.AllowStaff ?? false);
  const [enabled, setEnabled] = useState(platform?.Enabled ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const input = { Name: name, PublicKey: key, AllowStaff: allowStaff, Enabled: enabled, ...(platform ? { ID: platform.ID } : {}) };
      onSaved(await call(C.save, input, { toast: false }));
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bridge-dialog-title">
      <DialogTitle id="bridge-dialog-title">{platform ? t('bridge.editTitle') : t('bridge.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('validation:fields.Name')} value={name} onChange={(e) => setName(e.target.value)} required
            helperText={t('bridge.nameHint')} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'bridge-name' } }} />
          <TextField label={t('validation:fields.PublicKey')} value={key} onChange={(e) => setKey(e.target.value)} required multiline minRows={4}
            placeholder="-----BEGIN PUBLIC KEY-----" helperText={t('bridge.keyHint')}
            slotProps={{ htmlInput: { maxLength: 1000, spellCheck: false, 'data-testid': 'bridge-key' }, input: { sx: { fontFamily: 'monospace', fontSize: 13 } } }} />
          <FormControlLabel control={<Checkbox checked={allowStaff} onChange={(e) => setAllowStaff(e.target.checked)} slotProps={{ input: { 'data-testid': 'bridge-allow-staff' } as object }} />} label={t('bridge.allowStaff')} />
          <FormControlLabel control={<Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('bridge.enabled')} />
          {error && <Alert severity="error" data-testid="bridge-save-error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="bridge-save">{t('bridge.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
