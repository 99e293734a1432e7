import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Batch } from '../../../shared/api/acquisition.ts';
import { getQueryOptions } from '../../kit/data/resource-queries.ts';
import type { FieldSpec } from '../../kit/fields/field-spec.ts';
import { FieldRenderer } from '../../kit/fields/field-renderer.tsx';
import type { FieldSlot } from '../../kit/fields/form-fields.tsx';
import { useResourceLabels } from '../../kit/labels.ts';
import { batchResource } from './batch.resource.ts';

export const FORM_FIELDS = ['BatchNo', 'BranchID', 'ResourceTypeID', 'Bookseller', 'Currency', 'DiscountRate', 'RegisteredOn', 'AcceptedOn', 'Note'] as const;

/** Whether the form edits a closed batch: the edit form's entry is the GetBatchInfo reply in the cache. */
function useEditsClosed(control: Control<FieldValues>): boolean {
  const id = useWatch({ control, name: 'ID' }) as number | undefined;
  const cached = useQuery({ ...getQueryOptions(batchResource, id ?? 0), enabled: false }).data as Batch | undefined;
  return id != null && cached?.State === 'closed';
}

/** A closed batch is settled: every field but the note is shown and kept, not edited (the gateway refuses it too). */
function BatchField({ spec, control, autoFocus }: { spec: FieldSpec; control: Control<FieldValues>; autoFocus: boolean }) {
  const { t } = useTranslation('acquisition');
  const labels = useResourceLabels(batchResource);
  const closed = useEditsClosed(control);
  const locked = closed && spec.name !== 'Note';
  return (
    <>
      <FieldRenderer spec={spec} control={control} labels={labels} disabled={locked} autoFocus={autoFocus && !closed} />
      {closed && spec.name === 'Note' && (
        <Typography variant="caption" color="text.secondary" data-testid="batch-closed-hint">{t('form.closedHint')}</Typography>
      )}
    </>
  );
}

/** Slots for every form field, so a closed batch's form locks all but the note; the first field keeps the focus. */
export const batchFieldSlots: Partial<Record<string, FieldSlot>> = Object.fromEntries(
  FORM_FIELDS.map((name, i) => [name, (spec: FieldSpec, control: Control<FieldValues>) => <BatchField spec={spec} control={control} autoFocus={i === 0} />]),
);
