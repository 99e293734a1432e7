import type { ComponentType } from 'react';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceLabels } from '../labels.ts';
import { DateWidget } from './date-widget.tsx';
import type { FieldSpec, WidgetKind } from './field-spec.ts';
import { NumberWidget } from './number-widget.tsx';
import { RefSelectWidget } from './ref-select-widget.tsx';
import { EnumSelectWidget } from './select-widget.tsx';
import { SwitchWidget } from './switch-widget.tsx';
import { TextWidget } from './text-widget.tsx';
import { UnsupportedWidget } from './unsupported-widget.tsx';
import type { WidgetProps } from './widget-props.ts';
import { messageText } from './zod-locale.ts';

/** The widget for each kind; a screen may pass its own map entries (e.g. a rich editor). */
export const WIDGETS: Record<WidgetKind, ComponentType<WidgetProps>> = {
  text: TextWidget,
  textarea: TextWidget,
  password: TextWidget,
  phone: TextWidget,
  email: TextWidget,
  color: TextWidget,
  number: NumberWidget,
  switch: SwitchWidget,
  select: EnumSelectWidget,
  multiselect: EnumSelectWidget,
  ref: RefSelectWidget,
  date: DateWidget,
  datetime: DateWidget,
  unsupported: UnsupportedWidget,
};

export interface FieldRendererProps {
  spec: FieldSpec;
  control: Control<FieldValues>;
  labels: ResourceLabels;
  disabled?: boolean;
  autoFocus?: boolean;
  widgets?: Partial<Record<WidgetKind, ComponentType<WidgetProps>>>;
}

/** One field bound to react-hook-form: label and help by convention, error translated if it is a key. */
export function FieldRenderer({ spec, control, labels, disabled = false, autoFocus = false, widgets }: FieldRendererProps) {
  const { t, i18n } = useTranslation();
  const Widget = widgets?.[spec.widget] ?? WIDGETS[spec.widget];
  return (
    <Controller
      name={spec.name}
      control={control}
      render={({ field, fieldState }) => {
        const error = messageText(t, (k) => i18n.exists(k), fieldState.error?.message, labels.field(spec.name));
        return (
          <Widget
            spec={spec}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={labels.field(spec.name)}
            helperText={error ?? labels.help(spec.name, spec.description)}
            error={error != null}
            disabled={disabled || field.disabled === true}
            autoFocus={autoFocus}
            optionLabel={(v) => labels.option(spec.name, v)}
            testId={`field-${spec.name}`}
          />
        );
      }}
    />
  );
}
