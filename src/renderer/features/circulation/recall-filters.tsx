import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RECALL_SORTS, REMINDED_FILTERS } from '../../../shared/api/circulation-recall.ts';
import { IDENTITIES } from '../../../shared/domain/identities.ts';
import { EMPTY_FILTERS, type RecallFilters } from './use-recall.ts';

interface Option { ID: number; Name: string }

const ANY = '';

/** The overdue list's filters: reader or book, class (a grade takes its classes), identity, branch, days overdue, reminded, order. */
export function RecallFilterBar({ value, depts, branches, onSearch }: { value: RecallFilters; depts: readonly Option[]; branches: readonly Option[]; onSearch: (f: RecallFilters) => void }) {
  const { t } = useTranslation('circulation-recall');
  const [draft, setDraft] = useState<RecallFilters>(value);
  const [minDays, setMinDays] = useState(value.MinDays ? String(value.MinDays) : '');
  const set = (patch: Partial<RecallFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const days = Number(minDays);
  const daysOk = minDays === '' || (Number.isInteger(days) && days >= 1 && days <= 3650);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!daysOk) return;
    onSearch({ ...draft, SearchKey: draft.SearchKey?.trim() || undefined, MinDays: minDays === '' ? undefined : days });
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setMinDays('');
    onSearch(EMPTY_FILTERS);
  };
  const idSelect = (label: string, field: 'DeptID' | 'BranchID', options: readonly Option[], testId: string) => (
    <TextField
      select size="small" label={label} sx={{ minWidth: 210 }} value={draft[field] ?? ANY}
      onChange={(e) => set({ [field]: e.target.value === ANY ? undefined : Number(e.target.value) })}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value={ANY}>{t('filters.any')}</MenuItem>
      {options.map((o) => <MenuItem key={o.ID} value={o.ID}>{o.Name}</MenuItem>)}
    </TextField>
  );

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }} aria-label={t('filters.label')}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small" label={t('filters.search')} helperText={t('filters.searchHelp')} value={draft.SearchKey ?? ''} sx={{ width: 240 }}
          onChange={(e) => set({ SearchKey: e.target.value })} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'recall-search' } }}
        />
        {idSelect(t('filters.class'), 'DeptID', depts, 'recall-class')}
        <TextField select size="small" label={t('filters.identity')} sx={{ minWidth: 140 }} value={draft.Identity ?? ANY}
          onChange={(e) => set({ Identity: e.target.value === ANY ? undefined : (e.target.value as RecallFilters['Identity']) })}>
          <MenuItem value={ANY}>{t('filters.any')}</MenuItem>
          {IDENTITIES.map((i) => <MenuItem key={i} value={i}>{t(`identity.${i}`)}</MenuItem>)}
        </TextField>
        {idSelect(t('filters.branch'), 'BranchID', branches, 'recall-branch')}
        <TextField
          size="small" label={t('filters.minDays')} value={minDays} sx={{ width: 190 }} error={!daysOk}
          helperText={daysOk ? t('filters.minDaysHelp') : t('filters.minDaysError')}
          onChange={(e) => setMinDays(e.target.value.replace(/[^0-9]/g, ''))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'recall-min-days' } }}
        />
        <TextField select size="small" label={t('filters.reminded')} sx={{ minWidth: 150 }} value={draft.Reminded ?? 'all'}
          onChange={(e) => set({ Reminded: e.target.value as RecallFilters['Reminded'] })}>
          {REMINDED_FILTERS.map((r) => <MenuItem key={r} value={r}>{t(`filters.remindedOptions.${r}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={t('filters.sort')} sx={{ minWidth: 170 }} value={draft.Sort ?? 'class'}
          onChange={(e) => set({ Sort: e.target.value as RecallFilters['Sort'] })}>
          {RECALL_SORTS.map((s) => <MenuItem key={s} value={s}>{t(`filters.sortOptions.${s}`)}</MenuItem>)}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ pt: 0.25 }}>
          <Button type="submit" variant="contained" data-testid="recall-run">{t('filters.run')}</Button>
          <Button onClick={reset}>{t('filters.reset')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
