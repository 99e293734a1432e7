import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { gateCalls as C, type Gate, type gateCredentials } from '../../../shared/api/gate.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

type Saved = z.infer<typeof gateCredentials>;

/** Registers a gate (name, library, location) or edits one; a new gate's credentials come back once. */
export function GateFormDialog({ gate, onClose, onSaved }: { gate: Gate | null; onClose: () => void; onSaved: (res: Saved) => void }) {
  const { t } = useTranslation(['gate', 'errors', 'validation']);
  const branches = useQuery({ queryKey: ['gate', 'branches'], queryFn: () => call(C.getBranchOptions, {}) });
  const [name, setName] = useState(gate?.Name ?? '');
  const [branchId, setBranchId] = useState<number | ''>(gate?.BranchID ?? '');
  const [location, setLocation] = useState(gate?.Location ?? '');
  const [enabled, setEnabled] = useState(gate?.Enabled ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const f = (k: string) => t(`gate:resources.gate.fields.${k}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('validation:required.name'));
    if (branchId === '') return setError(t('validation:required.branch'));
    setBusy(true);
    setError(null);
    try {
      onSaved(await call(C.saveGate, { ...(gate ? { ID: gate.ID } : {}), Name: name, BranchID: branchId, Location: location, Enabled: enabled }, { toast: false }));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="gate-form">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle>{t(gate ? 'gate:gates.dialogEdit' : 'gate:gates.dialogAdd')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField label={f('Name')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'gate-name' } }} />
            <TextField select label={f('BranchID')} value={branchId} onChange={(e) => setBranchId(Number(e.target.value))} required slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'gate-branch' } as object } }}>
              {(branches.data ?? []).map((b) => <MenuItem key={b.ID} value={b.ID}>{b.Name}</MenuItem>)}
            </TextField>
            <TextField label={f('Location')} value={location} onChange={(e) => setLocation(e.target.value)} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'gate-location' } }} />
            <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={f('Enabled')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('gate:gates.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="gate-save">{t('gate:gates.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
