import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { WidgetProps } from './widget-props.ts';

/** Booleans: a switch (Space toggles it from the keyboard). */
export function SwitchWidget(p: WidgetProps) {
  return (
    <FormControl error={p.error} disabled={p.disabled}>
      <FormControlLabel
        label={p.label}
        control={
          <Switch
            name={p.name}
            checked={p.value === true}
            onChange={(e) => p.onChange(e.target.checked)}
            onBlur={p.onBlur}
            autoFocus={p.autoFocus}
            readOnly={p.spec.readOnly}
            slotProps={{ input: { 'data-testid': p.testId, ref: p.inputRef } as object }}
          />
        }
      />
      <FormHelperText>{p.helperText ?? ' '}</FormHelperText>
    </FormControl>
  );
}
