import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { localToday } from './due-text.ts';

export interface Period {
  from: string;
  to: string;
}

/**
 * The last 90 days up to now: about a school term so far. The end is left open rather than set to
 * this computer's date: the gateway counts in the school's days, and a computer whose clock or zone
 * is behind the school's would otherwise leave out what was done today.
 */
export function defaultPeriod(): Period {
  const today = localToday();
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  return { from, to: '' };
}

/** A period of days (either bound may be empty) applied with the button. */
export function PeriodForm({ value, onApply, submit, children }: { value: Period; onApply: (p: Period) => void; submit: string; children?: ReactNode }) {
  const { t } = useTranslation(['class-corner']);
  const [draft, setDraft] = useState(value);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <Stack component="form" direction="row" onSubmit={apply} sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField type="date" label={t('usage.from')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} sx={{ width: 200 }} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-from' } }} />
      <TextField type="date" label={t('usage.to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} sx={{ width: 200 }} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-to' } }} />
      {children}
      <Button type="submit" variant="contained">{submit}</Button>
    </Stack>
  );
}
