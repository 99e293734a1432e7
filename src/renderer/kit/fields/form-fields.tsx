import type { ComponentType, ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResourceLabels } from '../labels.ts';
import type { FieldSpec, WidgetKind } from './field-spec.ts';
import { FieldRenderer } from './field-renderer.tsx';
import type { WidgetProps } from './widget-props.ts';

/** A titled group of fields; without sections a form shows every visible field in schema order. */
export interface FormSection {
  /** i18n key of the section title. */
  titleKey?: string;
  fields: readonly string[];
}

const WIDE: ReadonlySet<WidgetKind> = new Set(['textarea', 'multiselect', 'unsupported']);

/** A field drawn by its screen; `entry` is the record being edited as it was loaded (fields the form does not edit included). */
export type FieldSlot = (spec: FieldSpec, control: Control<FieldValues>, entry?: Readonly<Record<string, unknown>>) => ReactNode;

export interface FormFieldsProps {
  specs: readonly FieldSpec[];
  control: Control<FieldValues>;
  labels: ResourceLabels;
  sections?: readonly FormSection[];
  disabled?: boolean;
  t: (key: string) => string;
  widgets?: Partial<Record<WidgetKind, ComponentType<WidgetProps>>>;
  /** Replaces one field's widget entirely (slot), keyed by field name; `control` binds it to the form (e.g. with a Controller). */
  fieldSlots?: Partial<Record<string, FieldSlot>>;
  entry?: Readonly<Record<string, unknown>>;
}

/** Lays fields out in a responsive grid; the first field takes the focus. */
export function FormFields({ specs, control, labels, sections, disabled, t, widgets, fieldSlots, entry }: FormFieldsProps) {
  const visible = specs.filter((s) => !s.hidden);
  const groups = sections ?? [{ fields: visible.map((s) => s.name) }];
  const byName = new Map(visible.map((s) => [s.name, s]));
  let first = true;
  return (
    <>
      {groups.map((g, i) => (
        <Box key={g.titleKey ?? i} component={g.titleKey ? 'fieldset' : 'div'} sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
          {g.titleKey && <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>{t(g.titleKey)}</Typography>}
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
            {g.fields.map((name) => {
              const spec = byName.get(name);
              if (!spec) return null;
              const autoFocus = first;
              first = false;
              const slot = fieldSlots?.[name];
              return (
                <Box key={name} sx={WIDE.has(spec.widget) ? { gridColumn: '1 / -1' } : undefined}>
                  {slot ? slot(spec, control, entry) : <FieldRenderer spec={spec} control={control} labels={labels} disabled={disabled} autoFocus={autoFocus} widgets={widgets} />}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </>
  );
}
