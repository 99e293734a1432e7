import TextField from '@mui/material/TextField';
import type { WidgetProps } from './widget-props.ts';

/** A type the kit cannot edit (object, free array): shown read-only so the gap is visible; use a slot. */
export function UnsupportedWidget(p: WidgetProps) {
  return (
    <TextField fullWidth size="small" label={p.label} value={p.value == null ? '' : JSON.stringify(p.value)} disabled helperText={p.helperText ?? ' '} slotProps={{ htmlInput: { 'data-testid': p.testId } }} />
  );
}
