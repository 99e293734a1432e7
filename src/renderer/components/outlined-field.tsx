import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * MUI's outlined TextField, built from the same parts and giving the same markup (label, notch,
 * helper text tied to the input by aria-describedby), for the portal's first screen: TextField
 * itself imports Select, whose menu, popover and modal would add about 15 kB gzip to a phone's
 * first load. Only what those boxes use; anything else takes TextField.
 */
export function OutlinedField({ label, value, onChange, placeholder, autoFocus, error, helperText, fullWidth, size, htmlInput, endAdornment, sx }: {
  label?: ReactNode;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  const helperId = helperText != null ? `${id}-helper-text` : undefined;
  const labelId = label != null ? `${id}-label` : undefined;
  return (
    <FormControl variant="outlined" error={error ?? false} fullWidth={fullWidth ?? false} size={size ?? 'medium'} sx={sx}>
      {label != null && <InputLabel htmlFor={id} id={labelId}>{label}</InputLabel>}
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoFocus={autoFocus ?? false}
        aria-describedby={helperId}
        inputProps={htmlInput}
        endAdornment={endAdornment}
      />
      {helperText != null && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
