import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { fieldSpecs, initialValues } from '../fields/field-spec.ts';
import { FormFields } from '../fields/form-fields.tsx';
import { useSchemaForm } from '../fields/use-schema-form.ts';
import type { ResourceLabels } from '../labels.ts';

/** The report's parameters, validated by the run call's own schema; Enter runs it. */
export function ReportParamsForm({ schema, labels, defaults, onRun, busy }: {
  schema: z.ZodObject;
  labels: ResourceLabels;
  defaults?: Record<string, unknown>;
  onRun: (params: FieldValues) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('kit');
  const specs = useMemo(() => fieldSpecs(schema), [schema]);
  const form = useSchemaForm(schema, useMemo(() => initialValues(specs, defaults), [specs, defaults]));
  return (
    <Stack component="form" noValidate spacing={1} data-testid="report-params" onSubmit={(e) => void form.handleSubmit(onRun)(e)}>
      <FormFields specs={specs} control={form.control} labels={labels} t={t} />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={busy} data-testid="report-run">{t('report.run')}</Button>
      </Stack>
    </Stack>
  );
}
