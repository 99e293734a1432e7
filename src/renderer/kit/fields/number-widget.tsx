import TextField from '@mui/material/TextField';
import type { WidgetProps } from './widget-props.ts';

/** A numeric input; the form holds a number (or undefined/null when emptied), never a string. */
export function NumberWidget(p: WidgetProps) {
  const v = p.value as number | null | undefined;
  return (
    <TextField
      fullWidth
      size="small"
      type="number"
      name={p.name}
      label={p.label}
      required={p.spec.required}
      value={v ?? ''}
      onChange={(e) => {
        const raw = e.target.value;
        p.onChange(raw === '' ? (p.spec.nullable ? null : undefined) : Number(raw));
      }}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
      error={p.error}
      helperText={p.helperText ?? ' '}
      disabled={p.disabled}
      autoFocus={p.autoFocus}
      slotProps={{
        htmlInput: { 'data-testid': p.testId, min: p.spec.min, max: p.spec.max, step: p.spec.int ? 1 : 'any', inputMode: p.spec.int ? 'numeric' : 'decimal', readOnly: p.spec.readOnly },
      }}
    />
  );
}
