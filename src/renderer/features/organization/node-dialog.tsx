import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { parseWithLocale } from '../../kit/fields/use-schema-form.ts';
import { messageText } from '../../kit/fields/zod-locale.ts';

export interface NodeValues {
  Name: string;
  EnName: string;
  Code: string;
  State: number;
  Sort: number;
}

const TEXT_FIELDS = ['Name', 'EnName', 'Code'] as const;

/**
 * Add/edit form of a tree node. Validated with the call's own zod schema (same messages as the
 * gateway); `fixed` holds what the form does not edit (ParentID, ID).
 */
export function NodeDialog({ title, schema, initial, fixed, onSave, onClose }: {
  title: string;
  schema: z.ZodType;
  initial: NodeValues;
  fixed: Record<string, unknown>;
  onSave: (value: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['organization', 'common']);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof NodeValues, v: string | number) => setValues((s) => ({ ...s, [k]: v }));

  const submit = async () => {
    const parsed = parseWithLocale(schema, { ...values, ...fixed }, i18n.language);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        out[key] ??= messageText(t, (k) => i18n.exists(k), issue.message) ?? issue.message;
      }
      setErrors(out);
      return;
    }
    setBusy(true);
    try {
      await onSave(parsed.data as Record<string, unknown>);
    } catch {
      // The API client already showed the gateway's message; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="node-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          {TEXT_FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(`tree.fields.${f}`)}
              value={values[f]}
              required={f === 'Name'}
              onChange={(e) => set(f, e.target.value)}
              error={errors[f] != null}
              helperText={errors[f]}
              slotProps={{ htmlInput: { 'data-testid': `node-${f}` } }}
            />
          ))}
          <TextField select label={t('tree.fields.State')} value={values.State} onChange={(e) => set('State', Number(e.target.value))} data-testid="node-State">
            <MenuItem value={1}>{t('state.1')}</MenuItem>
            <MenuItem value={0}>{t('state.0')}</MenuItem>
          </TextField>
          <TextField type="number" label={t('tree.fields.Sort')} value={values.Sort} onChange={(e) => set('Sort', Number(e.target.value))}
            error={errors.Sort != null} helperText={errors.Sort} slotProps={{ htmlInput: { 'data-testid': 'node-Sort' } }} />
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()} data-testid="node-save">{t('common:actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
