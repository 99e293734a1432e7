import TextField from '@mui/material/TextField';
import { emptyValue, type WidgetKind } from './field-spec.ts';
import type { WidgetProps } from './widget-props.ts';

const INPUT_TYPE: Partial<Record<WidgetKind, { type: string; inputMode?: 'tel' | 'email'; autoComplete?: string }>> = {
  password: { type: 'password', autoComplete: 'new-password' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  color: { type: 'color' },
};

/** Text, textarea, password, phone, email and colour: one TextField with the right input type. */
export function TextWidget(p: WidgetProps) {
  const kind = INPUT_TYPE[p.spec.widget];
  const multiline = p.spec.widget === 'textarea';
  return (
    <TextField
      fullWidth
      size="small"
      name={p.name}
      label={p.label}
      required={p.spec.required}
      value={(p.value as string | null | undefined) ?? ''}
      // An emptied field takes the value an empty input stands for: "not given" when optional, null
      // when nullable, else '' (so a required text's min(1) speaks and a shelf mark may be blank).
      onChange={(e) => p.onChange(e.target.value === '' ? emptyValue(p.spec) : e.target.value)}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
      error={p.error}
      helperText={p.helperText ?? ' '}
      disabled={p.disabled}
      autoFocus={p.autoFocus}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={kind?.type ?? 'text'}
      autoComplete={kind?.autoComplete}
      slotProps={{
        htmlInput: { 'data-testid': p.testId, inputMode: kind?.inputMode, maxLength: p.spec.maxLength, readOnly: p.spec.readOnly },
        inputLabel: p.spec.widget === 'color' ? { shrink: true } : undefined,
      }}
    />
  );
}
