import type { Control, FieldValues } from 'react-hook-form';
import type { FieldSpec } from '../../kit/fields/field-spec.ts';
import { FieldRenderer } from '../../kit/fields/field-renderer.tsx';
import type { FieldSlot } from '../../kit/fields/form-fields.tsx';
import { RefSelectWidget } from '../../kit/fields/ref-select-widget.tsx';
import { useResourceLabels } from '../../kit/labels.ts';
import { booklistResource } from './booklist.resource.ts';

export const FORM_FIELDS = ['Name', 'Description', 'Stages', 'GradeIDs', 'Published'] as const;

/** The target grades: several of the school's grades, chosen from GetGradeOptions (the kit's ref select, multiple). */
function GradesField({ spec, control }: { spec: FieldSpec; control: Control<FieldValues> }) {
  const labels = useResourceLabels(booklistResource);
  return <FieldRenderer spec={{ ...spec, widget: 'multiselect' }} control={control} labels={labels} widgets={{ multiselect: RefSelectWidget }} />;
}

export const booklistFieldSlots: Partial<Record<string, FieldSlot>> = {
  GradeIDs: (spec, control) => <GradesField spec={spec} control={control} />,
};
