import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import {
  MAX_ANY_OF, MAX_CONDITIONS, QUERY_COLUMNS, QUERY_DIMENSIONS, QUERY_MEASURES, READER_NAME_COLUMNS,
  type QueryColumn, type QueryCondition, type QueryDimension, type QueryMeasure, type QueryOptions, type QuerySubject,
} from '../../../shared/api/statistical-query.ts';
import { ConditionRow } from './condition-row.tsx';
import { fieldsOf, lastMonth, newCondition, newDraft, schoolYear, thisMonth, type Draft } from './query-model.ts';

/**
 * The question: what to count (subject), over which period, under which conditions, grouped how
 * and measured how — or, without grouping, which columns of the rows to list.
 */
export function QueryBuilderForm({ draft, options, busy, onChange, onRun }: {
  draft: Draft;
  options: QueryOptions | undefined;
  busy: boolean;
  onChange: (d: Draft) => void;
  onRun: () => void;
}) {
  const { t } = useTranslation('statistical-query');
  const subjects = options?.Subjects ?? ['loans', 'readers'];
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const conditions = (key: 'Conditions' | 'AnyOf', group: 'all' | 'any', max: number) => (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h2">{t(key === 'Conditions' ? 'ui.conditions' : 'ui.anyOf')}</Typography>
      {key === 'Conditions' && !draft.Conditions.length && <Typography variant="body2" color="text.secondary">{t('ui.noConditions')}</Typography>}
      {draft[key].map((c, i) => (
        <ConditionRow
          key={i} subject={draft.Subject} cond={c} index={i} group={group} options={options}
          onChange={(n: QueryCondition) => set({ [key]: draft[key].map((x, j) => (j === i ? n : x)) })}
          onRemove={() => set({ [key]: draft[key].filter((_x, j) => j !== i) })}
        />
      ))}
      {draft[key].length < max && (
        <Stack direction="row">
          <Button size="small" startIcon={<Add />} onClick={() => set({ [key]: [...draft[key], newCondition(fieldsOf(draft.Subject)[0]!)] })} data-testid={`sq-add-${group}`}>
            {t(key === 'Conditions' ? 'ui.addCondition' : 'ui.addAnyOf')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
  const dims: readonly QueryDimension[] = QUERY_DIMENSIONS[draft.Subject];
  const measures: readonly QueryMeasure[] = QUERY_MEASURES[draft.Subject];
  const columns = (QUERY_COLUMNS[draft.Subject] as readonly QueryColumn[]).filter((c) => options?.ReaderNames !== false || !READER_NAME_COLUMNS.includes(c));
  const groupSelect = (i: 0 | 1) => (
    <TextField
      select size="small" label={t(i ? 'ui.group2' : 'ui.group1')} value={draft.GroupBy[i] ?? ''} sx={{ minWidth: 200 }}
      onChange={(e) => {
        const g = [...draft.GroupBy];
        if (e.target.value) g[i] = e.target.value as QueryDimension;
        else g.splice(i);
        set({ GroupBy: g.filter((x, j) => j === 0 || x !== g[0]) });
      }}
      slotProps={{ htmlInput: { 'data-testid': `sq-group-${i + 1}` } }}
    >
      <MenuItem value="">{t('ui.noGroup')}</MenuItem>
      {dims.filter((d) => i === 0 || d !== draft.GroupBy[0]).map((d) => <MenuItem key={d} value={d}>{t(`columns.${d}`)}</MenuItem>)}
    </TextField>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" spacing={2} noValidate onSubmit={(e) => { e.preventDefault(); onRun(); }} data-testid="sq-form">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle2" component="span" id="sq-subject-label">{t('ui.subject')}</Typography>
          <ToggleButtonGroup
            exclusive size="small" value={draft.Subject} aria-labelledby="sq-subject-label"
            onChange={(_e, v: QuerySubject | null) => v && onChange(newDraft(v, { From: draft.From, To: draft.To }))}
          >
            {subjects.map((s) => <ToggleButton key={s} value={s} data-testid={`sq-subject-${s}`}>{t(`subjects.${s}`)}</ToggleButton>)}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary">{t(`subjectHelp.${draft.Subject}`)}</Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField size="small" type="date" label={t('ui.from')} value={draft.From} onChange={(e) => set({ From: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'sq-from' } }} />
          <TextField size="small" type="date" label={t('ui.to')} value={draft.To} onChange={(e) => set({ To: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'sq-to' } }} />
          <Button size="small" onClick={() => set(schoolYear())}>{t('ui.schoolYear')}</Button>
          <Button size="small" onClick={() => set(thisMonth())}>{t('ui.thisMonth')}</Button>
          <Button size="small" onClick={() => set(lastMonth())}>{t('ui.lastMonth')}</Button>
        </Stack>
        {conditions('Conditions', 'all', MAX_CONDITIONS)}
        {conditions('AnyOf', 'any', MAX_ANY_OF)}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
          {groupSelect(0)}
          {draft.GroupBy.length > 0 && groupSelect(1)}
          {draft.GroupBy.length > 0 ? (
            <Stack component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
              <FormLabel component="legend" sx={{ typography: 'caption' }}>{t('ui.measures')}</FormLabel>
              <FormGroup row>
                {measures.map((m) => (
                  <FormControlLabel
                    key={m} label={t(`columns.${m}`)}
                    control={<Checkbox size="small" checked={draft.Measures.includes(m)} onChange={(e) => set({ Measures: e.target.checked ? measures.filter((x) => x === m || draft.Measures.includes(x)) : draft.Measures.filter((x) => x !== m) })} slotProps={{ input: { 'data-testid': `sq-measure-${m}` } as object }} />}
                  />
                ))}
              </FormGroup>
            </Stack>
          ) : (
            <Autocomplete
              multiple size="small" sx={{ minWidth: 320, flex: 1 }} options={columns}
              value={draft.Columns.filter((c) => columns.includes(c))}
              getOptionLabel={(c) => t(`columns.${c}`)}
              onChange={(_e, v) => set({ Columns: v })}
              renderInput={(p) => <TextField {...p} label={t('ui.columns')} placeholder={draft.Columns.length ? undefined : columns.slice(0, 5).map((c) => t(`columns.${c}`)).join('、')} slotProps={{ ...p.slotProps, inputLabel: { ...p.slotProps.inputLabel, shrink: true }, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'sq-columns' } }} />}
            />
          )}
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy} data-testid="sq-run">{t('ui.run')}</Button>
          <Button onClick={() => onChange(newDraft(draft.Subject))}>{t('ui.reset')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
