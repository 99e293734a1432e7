import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';

/**
 * A scan box that keeps the focus: Enter (a scanner's, or a person's) hands the code over and
 * clears the box; a scanner burst typed while the focus wandered still arrives.
 */
export function ScanBox(props: {
  label: string; hint: string; submit: string; testId: string; onScan: (code: string) => void; onEscape?: () => void; children?: ReactNode;
  /** The screen's main box (default): it takes the focus and the scanner bursts typed elsewhere; a second box on the screen does not. */
  primary?: boolean;
}) {
  const primary = props.primary ?? true;
  const [code, setCode] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const take = (raw: string) => {
    const c = raw.trim();
    if (c) props.onScan(c);
  };
  useScannerBursts((scanned) => {
    take(scanned);
    box.current?.focus();
  }, primary);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    take(code);
    setCode('');
    box.current?.focus();
  };
  return (
    <Stack component="form" onSubmit={submit} direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {props.children}
      <TextField
        inputRef={box} autoFocus={primary} sx={{ width: 420, maxWidth: '100%' }} value={code} onChange={(e) => setCode(e.target.value)}
        label={props.label} helperText={props.hint}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && props.onEscape) {
            e.preventDefault();
            props.onEscape();
          }
        }}
        slotProps={{ htmlInput: { 'data-testid': props.testId, maxLength: 64, autoComplete: 'off' } }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }}>{props.submit}</Button>
    </Stack>
  );
}
