import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { errorText } from '../data/error-text.ts';
import { fieldSpecs, initialValues } from '../fields/field-spec.ts';
import { FormFields, type FieldSlot, type FormSection } from '../fields/form-fields.tsx';
import { useSchemaForm } from '../fields/use-schema-form.ts';
import type { ResourceLabels } from '../labels.ts';
import type { ResourceDef } from '../resource.ts';

export interface EntryFormDialogProps {
  resource: ResourceDef;
  schema: z.ZodObject;
  title: string;
  labels: ResourceLabels;
  /** The entry being edited (or the defaultEntry of a new one). */
  entry: Record<string, unknown> | undefined;
  sections?: readonly FormSection[];
  fieldOrder?: readonly string[];
  fieldSlots?: Partial<Record<string, FieldSlot>>;
  /** Receives the schema's parsed output; a rejection keeps the dialog open with the reason. */
  onSubmit: (values: FieldValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A create/edit form from the call's own input schema (EntryManager's entryFormComponent).
 * Enter submits, Escape closes, the first field has the focus; the id field travels hidden.
 */
export function EntryFormDialog(p: EntryFormDialogProps) {
  const { t } = useTranslation(['kit', 'common', 'errors']);
  const [serverError, setServerError] = useState<string | null>(null);
  const specs = useMemo(
    () => fieldSpecs(p.schema, p.resource.fields, p.fieldOrder).map((s) => (s.name === p.resource.idField ? { ...s, hidden: true } : s)),
    [p.schema, p.resource, p.fieldOrder],
  );
  // Values of fields the form does not show (the id) still reach the resolver through defaultValues.
  const defaults = useMemo(() => {
    const all = fieldSpecs(p.schema, p.resource.fields);
    return initialValues(all, p.entry);
  }, [p.schema, p.resource.fields, p.entry]);
  const form = useSchemaForm(p.schema, defaults);
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await p.onSubmit(values);
    } catch (e) {
      setServerError(errorText(t, e));
    }
  });
  return (
    <Dialog open onClose={form.formState.isSubmitting ? undefined : p.onClose} fullWidth maxWidth="md" data-testid="kit-form-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="kit-form">
        <DialogTitle>{p.title}</DialogTitle>
        {/* MUI zeroes the top padding after a title, which clips the first row's floating labels. */}
        <DialogContent sx={{ '&&': { pt: 1 } }}>
          {serverError && <Alert severity="error" sx={{ mb: 2 }} data-testid="kit-form-error">{serverError}</Alert>}
          <FormFields specs={specs} control={form.control} labels={p.labels} sections={p.sections} t={t} fieldSlots={p.fieldSlots} entry={p.entry} disabled={form.formState.isSubmitting} />
        </DialogContent>
        <DialogActions>
          <Button onClick={p.onClose} disabled={form.formState.isSubmitting}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid="kit-form-submit">{t('common:actions.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
