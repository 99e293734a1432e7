import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { FieldSpec } from '../../kit/fields/field-spec.ts';
import { FieldRenderer } from '../../kit/fields/field-renderer.tsx';
import type { FieldSlot } from '../../kit/fields/form-fields.tsx';
import { useResourceLabels } from '../../kit/labels.ts';
import { copyResource } from './copy.resource.ts';

/** The fields a closed batch settles: shown and kept, not edited (the gateway refuses them too). */
const SETTLED = ['Price', 'DiscountPrice', 'BatchID'] as const;

function SettledField({ spec, control, entry }: { spec: FieldSpec; control: Control<FieldValues>; entry?: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation('collection');
  const labels = useResourceLabels(copyResource);
  // The copy as loaded: a batch picked in this form does not lock it.
  const closed = entry?.BatchClosed === true;
  const batchNo = typeof entry?.BatchNo === 'string' ? entry.BatchNo : '';
  return (
    <>
      <FieldRenderer spec={spec} control={control} labels={labels} disabled={closed} />
      {closed && spec.name === 'BatchID' && (
        <Typography variant="caption" color="text.secondary" data-testid="copy-settled-hint">{t('form.settledHint', { no: batchNo })}</Typography>
      )}
    </>
  );
}

/** Slots for the settled fields of a copy's edit form. */
export const copyFieldSlots: Partial<Record<string, FieldSlot>> = Object.fromEntries(
  SETTLED.map((name) => [name, (spec: FieldSpec, control: Control<FieldValues>, entry?: Readonly<Record<string, unknown>>) => <SettledField spec={spec} control={control} entry={entry} />]),
);
