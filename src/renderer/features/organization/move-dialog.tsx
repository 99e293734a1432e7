import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ParentOption } from './tree-utils.ts';

const TOP = 'top';

/** Picks a new parent among the allowed ones (never the node itself or its descendants). */
export function MoveDialog({ name, options, current, onMove, onClose }: {
  name: string;
  options: readonly ParentOption[];
  current: number | null;
  onMove: (parentId: number | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['organization', 'common']);
  const [value, setValue] = useState<string>(current == null ? TOP : String(current));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onMove(value === TOP ? null : Number(value));
    } catch {
      // Shown by the API client's toast; keep the dialog.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="move-dialog">
      <DialogTitle>{t('tree.moveTitle', { name })}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth sx={{ mt: 1 }} label={t('tree.newParent')} value={value} onChange={(e) => setValue(e.target.value)} data-testid="move-parent">
          {options.map((o) => (
            <MenuItem key={o.id ?? TOP} value={o.id == null ? TOP : String(o.id)} data-testid={`move-option-${o.id ?? TOP}`}>{o.label}</MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid="move-save">{t('tree.move')}</Button>
      </DialogActions>
    </Dialog>
  );
}
