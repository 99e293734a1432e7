import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface Credentials {
  name: string;
  /** What the controller sends as GateID with its events. */
  gateId: number;
  clientId: string;
  secret: string;
}

/** A gate's client ID and secret, the secret for this once: the gateway keeps only its hash. */
export function CredentialsDialog({ credentials, onClose }: { credentials: Credentials; onClose: () => void }) {
  const { t } = useTranslation('gate');
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (what: string, value: string) => {
    void navigator.clipboard?.writeText(value).then(() => setCopied(what), () => undefined);
  };
  const field = (what: 'gateId' | 'clientId' | 'secret', value: string) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={t(`gates.${what}`)} value={value} fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': `gate-credential-${what}`, style: { fontFamily: 'monospace' } } }}
      />
      <Button onClick={() => copy(what, value)}>{copied === what ? t('gates.copied') : t('gates.copy')}</Button>
    </Stack>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="gate-credentials">
      <DialogTitle>{t('gates.credentialsTitle', { name: credentials.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('gates.credentialsOnce')}</Alert>
          {field('gateId', String(credentials.gateId))}
          {field('clientId', credentials.clientId)}
          {field('secret', credentials.secret)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="gate-credentials-done">{t('gates.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
