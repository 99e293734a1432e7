import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { catalogueInput } from '../../../shared/api/catalogue.ts';
import { itemInput, type TitleDraft } from './catalogue-draft.ts';
import { fieldErrors } from './field-errors.ts';

const FIELDS = [['Title', true], ['Author', false], ['Publisher', false], ['PubYear', false], ['Price', true], ['ClassNo', false]] as const;

/** The few fields a new title of the list needs before it can be saved (the rest: full cataloguing). */
export function ListRowDialog({ draft, onClose, onDone }: { draft: TitleDraft | null; onClose: () => void; onDone: (d: TitleDraft) => void }) {
  const { t, i18n } = useTranslation(['catalogue', 'validation']);
  const [value, setValue] = useState<TitleDraft | null>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (draft && value?.ISBN !== draft.ISBN) {
    setValue(draft);
    setErrors({});
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value) return;
    const problems = fieldErrors(catalogueInput, itemInput(value, 'manual'), t, i18n.language, (k) => i18n.exists(k));
    setErrors(problems);
    if (!Object.keys(problems).length) onDone(value);
  };
  return (
    <Dialog open={draft != null} onClose={onClose} maxWidth="sm" fullWidth>
      {value && (
        <form onSubmit={submit} noValidate>
          <DialogTitle>{t('list.fillIn', { isbn: value.ISBN })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {Object.keys(errors).length > 0 && <Alert severity="error">{t('full.fixFields', { count: Object.keys(errors).length })}</Alert>}
              {FIELDS.map(([f, required], i) => (
                <TextField key={f} autoFocus={i === 0} size="small" required={required} label={t(`validation:fields.${f}`)} value={value[f]}
                  onChange={(e) => setValue({ ...value, [f]: e.target.value })} error={errors[f] != null} helperText={errors[f]}
                  slotProps={{ htmlInput: { 'data-testid': `list-fill-${f}` } }} />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('quick.cancel')}</Button>
            <Button type="submit" variant="contained" data-testid="list-fill-done">{t('list.fillDone')}</Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
