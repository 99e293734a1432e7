import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { SEARCH_FIELDS } from '../../../shared/domain/search/search-options.ts';
import { MAX_KEY } from './search-box.tsx';
import { readComplexQuery, readConditions, readFilters, readPage, withParams, writeConditions, FILTER_PARAMS, type Condition } from './search-params.ts';
import { useComplexSearch } from './search-queries.ts';
import { SearchResults } from './search-results.tsx';

const MAX_CONDITIONS = 8;
const blank = (op: Condition['Op'] = 'and'): Condition => ({ Op: op, Field: 'title', Value: '' });
const yearOk = (v: string) => v === '' || (/^\d{4}$/.test(v) && Number(v) >= 1000 && Number(v) <= 2199);

/**
 * /advancedsearch: fields combined with and / or / not, a year range and "on the shelf now". The
 * form writes the address; the results below read it (so a search can be bookmarked or shared).
 */
export default function AdvancedSearchScreen() {
  const { t } = useTranslation(['search', 'validation']);
  const [params, setParams] = useSearchParams();
  const [rows, setRows] = useState<Condition[]>(() => {
    const c = readConditions(params.get('adv'));
    return c.length ? c : [blank(), blank()];
  });
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [avail, setAvail] = useState(params.get('avail') === '1');
  const [problem, setProblem] = useState<string | null>(null);
  const query = readComplexQuery(params);
  const result = useComplexSearch(query);
  useEffect(() => setProblem(null), [rows, from, to]);

  const set = (i: number, patch: Partial<Condition>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const filled = rows.filter((r) => r.Value.trim());
    if (!filled.length) return setProblem(t('search:advanced.needValue'));
    if (!yearOk(from) || !yearOk(to)) return setProblem(t('search:advanced.badYear'));
    if (from && to && Number(from) > Number(to)) return setProblem(t('search:advanced.yearOrder'));
    setParams(withParams(params, { adv: writeConditions(filled.map((r, i) => (i === 0 ? { ...r, Op: 'and' } : r))), from: from || null, to: to || null, avail }));
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('search:advanced.title')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }} data-testid="advanced-form">
        <Stack spacing={1.5}>
          {rows.map((r, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid={`condition-${i}`}>
              {i === 0 ? (
                <Typography sx={{ width: { sm: 96 }, flexShrink: 0 }} color="text.secondary">{t('search:advanced.first')}</Typography>
              ) : (
                <TextField select size="small" label={t('search:advanced.op')} value={r.Op} onChange={(e) => set(i, { Op: e.target.value as Condition['Op'] })} sx={{ width: { sm: 96 }, flexShrink: 0 }}
                  slotProps={{ select: { inputProps: { 'data-testid': `condition-op-${i}` } } }}>
                  {(['and', 'or', 'not'] as const).map((o) => <MenuItem key={o} value={o}>{t(`search:advanced.ops.${o}`)}</MenuItem>)}
                </TextField>
              )}
              <TextField select size="small" label={t('search:advanced.field')} value={r.Field} onChange={(e) => set(i, { Field: e.target.value as Condition['Field'] })} sx={{ width: { sm: 150 }, flexShrink: 0 }}
                slotProps={{ select: { inputProps: { 'data-testid': `condition-field-${i}` } } }}>
                {SEARCH_FIELDS.map((f) => <MenuItem key={f} value={f}>{t(`search:fields.${f}`)}</MenuItem>)}
              </TextField>
              <TextField size="small" fullWidth label={t('search:advanced.value')} value={r.Value} onChange={(e) => set(i, { Value: e.target.value.slice(0, MAX_KEY) })}
                slotProps={{ htmlInput: { maxLength: MAX_KEY, 'data-testid': `condition-value-${i}` } }} />
              <IconButton aria-label={t('search:advanced.remove')} disabled={rows.length <= 1} onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Button startIcon={<AddIcon />} disabled={rows.length >= MAX_CONDITIONS} onClick={() => setRows((rs) => [...rs, blank()])} data-testid="condition-add">
              {t('search:advanced.add')}
            </Button>
            <TextField size="small" label={t('search:advanced.yearFrom')} value={from} onChange={(e) => setFrom(e.target.value.replace(/\D/g, '').slice(0, 4))} sx={{ width: 120 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'year-from' } }} />
            <TextField size="small" label={t('search:advanced.yearTo')} value={to} onChange={(e) => setTo(e.target.value.replace(/\D/g, '').slice(0, 4))} sx={{ width: 120 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'year-to' } }} />
            <FormControlLabel control={<Switch checked={avail} onChange={(e) => setAvail(e.target.checked)} />} label={t('search:advanced.available')} />
          </Stack>
          {problem && <Alert severity="warning" data-testid="advanced-problem">{problem}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" data-testid="advanced-search">{t('search:advanced.search')}</Button>
            <Button onClick={() => { setRows([blank(), blank()]); setFrom(''); setTo(''); setAvail(false); setParams(new URLSearchParams()); }}>{t('search:advanced.reset')}</Button>
          </Stack>
        </Stack>
      </Paper>
      {query && (
        <SearchResults
          result={result.data}
          fetching={result.isFetching}
          failed={result.isError}
          filters={readFilters(params)}
          page={readPage(params)}
          onChange={(changes) => setParams(withParams(params, changes))}
          onClear={() => setParams(withParams(params, FILTER_PARAMS))}
        />
      )}
    </Stack>
  );
}
