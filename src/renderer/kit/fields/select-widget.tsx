import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from './widget-props.ts';

export interface SelectOption {
  value: string | number;
  label: string;
}

/** Single or multiple choice over a known option list (enum, literals, or a ref's rows). */
export function SelectWidget(p: WidgetProps & { options: readonly SelectOption[]; loading?: boolean }) {
  const { t } = useTranslation('kit');
  const multiple = p.spec.widget === 'multiselect';
  const byValue = new Map(p.options.map((o) => [String(o.value), o]));
  // MUI's select reports strings for number values it cannot match; map back to the option's own value.
  const fromRaw = (raw: unknown) => {
    if (multiple) return (raw as (string | number)[]).map((v) => byValue.get(String(v))?.value ?? v);
    if (raw === '') return p.spec.nullable ? null : undefined;
    return byValue.get(String(raw))?.value ?? raw;
  };
  const value = multiple ? ((p.value as unknown[] | undefined) ?? []) : (p.value ?? '');
  return (
    <TextField
      select
      fullWidth
      size="small"
      name={p.name}
      label={p.label}
      required={p.spec.required}
      value={value}
      onChange={(e) => p.onChange(fromRaw(e.target.value))}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
      error={p.error}
      helperText={p.helperText ?? ' '}
      disabled={p.disabled || p.spec.readOnly}
      autoFocus={p.autoFocus}
      slotProps={{
        htmlInput: { 'data-testid': p.testId },
        select: {
          multiple,
          renderValue: multiple ? (sel) => (sel as (string | number)[]).map((v) => byValue.get(String(v))?.label ?? String(v)).join(', ') : undefined,
        },
      }}
    >
      {!multiple && !p.spec.required && <MenuItem value=""><em>{t('select.none')}</em></MenuItem>}
      {p.loading && p.options.length === 0 && <MenuItem disabled value="__loading">{t('select.loading')}</MenuItem>}
      {p.options.map((o) => (
        <MenuItem key={String(o.value)} value={o.value} data-testid={`option-${p.name}-${o.value}`}>{o.label}</MenuItem>
      ))}
    </TextField>
  );
}

/** Enum/literal options labelled by the resource's key convention. */
export function EnumSelectWidget(p: WidgetProps) {
  const options = (p.spec.options ?? []).map((v) => ({ value: v, label: p.optionLabel(v) }));
  return <SelectWidget {...p} options={options} />;
}
