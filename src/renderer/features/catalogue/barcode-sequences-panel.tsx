import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C, type BarcodeSequence } from '../../../shared/api/catalogue.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';

const KEY = ['catalogue', 'sequences'] as const;
interface Draft { ID?: number; Name: string; Prefix: string; Width: string; NextNumber: string; IsDefault: boolean }
const EMPTY: Draft = { Name: '', Prefix: '', Width: '8', NextNumber: '1', IsDefault: false };
const preview = (d: Draft) => {
  const n = Number(d.NextNumber);
  const w = Number(d.Width);
  return Number.isInteger(n) && n > 0 && Number.isInteger(w) && w > 0 ? `${d.Prefix}${String(n).padStart(w, '0')}` : '—';
};

/** Barcode sequences: prefix + zero-padded number; the next number only ever goes up. */
export function BarcodeSequencesPanel() {
  const { t } = useTranslation(['catalogue', 'validation', 'common', 'kit']);
  const qc = useQueryClient();
  const canEdit = useCanOp(C.addBarcodeSequence.perm);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(C.getBarCodeAutoAddList, {}) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<BarcodeSequence | null>(null);
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const input = { Name: d.Name, Prefix: d.Prefix, Width: Number(d.Width), NextNumber: Number(d.NextNumber), IsDefault: d.IsDefault };
      return d.ID ? call(C.updateBarcodeSequence, { ...input, ID: d.ID }, { toast: false }) : call(C.addBarcodeSequence, input, { toast: false });
    },
    onSuccess: async () => {
      setDraft(null);
      toast.key('kit:saved', 'success');
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const open = (d: Draft) => {
    save.reset();
    setDraft(d);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="sequences">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">{t('rules.sequencesHeading')}</Typography>
        {canEdit && <Button variant="outlined" onClick={() => open(EMPTY)} data-testid="sequence-add">{t('rules.addSequence')}</Button>}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('rules.sequencesHint')}</Typography>
      {list.error && <Alert severity="error">{errorText(t, list.error)}</Alert>}
      <Table size="small" aria-label={t('rules.sequencesHeading')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('validation:fields.Name')}</TableCell>
            <TableCell>{t('validation:fields.Prefix')}</TableCell>
            <TableCell align="right">{t('validation:fields.Width')}</TableCell>
            <TableCell>{t('rules.nextBarcode')}</TableCell>
            <TableCell>{t('validation:fields.IsDefault')}</TableCell>
            <TableCell align="right">{t('kit:actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data ?? []).map((s) => (
            <TableRow key={s.ID} data-testid={`sequence-${s.Prefix || 'none'}`}>
              <TableCell>{s.Name}</TableCell>
              <TableCell>{s.Prefix || '—'}</TableCell>
              <TableCell align="right">{s.Width}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{s.Next}</TableCell>
              <TableCell>{s.IsDefault ? t('rules.isDefault') : ''}</TableCell>
              <TableCell align="right">
                {canEdit && (
                  <>
                    <Button size="small" onClick={() => open({ ID: s.ID, Name: s.Name, Prefix: s.Prefix, Width: String(s.Width), NextNumber: String(s.NextNumber), IsDefault: s.IsDefault })}
                      aria-label={t('rules.editSequence', { name: s.Name })}>{t('common:actions.edit')}</Button>
                    <Button size="small" color="error" onClick={() => setDeleting(s)} aria-label={t('rules.deleteSequence', { name: s.Name })}>{t('rules.delete')}</Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={draft != null} onClose={() => setDraft(null)} maxWidth="xs" fullWidth>
        {draft && (
          <form onSubmit={submit} noValidate>
            <DialogTitle>{draft.ID ? t('rules.editSequence', { name: draft.Name }) : t('rules.addSequence')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {save.error && <Alert severity="error" data-testid="sequence-error">{errorText(t, save.error)}</Alert>}
                <TextField autoFocus size="small" required label={t('validation:fields.Name')} value={draft.Name}
                  onChange={(e) => setDraft({ ...draft, Name: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'sequence-name' } }} />
                <TextField size="small" label={t('validation:fields.Prefix')} value={draft.Prefix}
                  onChange={(e) => setDraft({ ...draft, Prefix: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'sequence-prefix' } }} />
                <TextField size="small" label={t('validation:fields.Width')} value={draft.Width}
                  onChange={(e) => setDraft({ ...draft, Width: e.target.value })} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'sequence-width' } }} />
                <TextField size="small" label={t('validation:fields.NextNumber')} value={draft.NextNumber} helperText={draft.ID ? t('rules.nextOnlyUp') : undefined}
                  onChange={(e) => setDraft({ ...draft, NextNumber: e.target.value })} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'sequence-next' } }} />
                <FormControlLabel control={<Switch checked={draft.IsDefault} onChange={(e) => setDraft({ ...draft, IsDefault: e.target.checked })} />} label={t('rules.makeDefault')} />
                <Typography variant="body2" data-testid="sequence-preview">{t('rules.preview', { barcode: preview(draft) })}</Typography>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDraft(null)}>{t('common:actions.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending} data-testid="sequence-save">{t('common:actions.save')}</Button>
            </DialogActions>
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting != null}
        title={t('rules.deleteSequence', { name: deleting?.Name ?? '' })}
        body={t('rules.deleteSequenceBody')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await call(C.deleteBarcodeSequence, { ID: deleting!.ID }, { toast: false });
          setDeleting(null);
          await qc.invalidateQueries({ queryKey: KEY });
        }}
      />
    </Paper>
  );
}
