import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { LedgerKind, LedgerOptions } from '../../../shared/api/ledgers.ts';
import { LEDGERS_NS, SHAPES, type LedgerParams } from './use-ledger.ts';

type Batch = LedgerOptions['Batches'][number];

/**
 * The parameters of a register: the period (school-local days), branch, resource type and, for the
 * batch registers, the batch or batches (searchable by number and source). Checked here for what
 * the form can say at once; the gateway checks everything again.
 */
export function LedgerParamsForm({ kind, options, initial, busy, onRun }: {
  kind: LedgerKind;
  options: LedgerOptions | undefined;
  initial: LedgerParams;
  busy: boolean;
  onRun: (p: LedgerParams) => void;
}) {
  const { t } = useTranslation(LEDGERS_NS);
  const shape = SHAPES[kind];
  const [p, setP] = useState(initial);
  const [error, setError] = useState<Partial<Record<keyof LedgerParams, string>>>({});
  const set = <K extends keyof LedgerParams>(k: K, v: LedgerParams[K]) => setP((x) => ({ ...x, [k]: v }));
  const batches = options?.Batches ?? [];
  const chosen = batches.filter((b) => p.BatchIDs.includes(b.ID));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const err: typeof error = {};
    if (shape.period === 'required' && !p.From) err.From = t('validation:ledgers.fromRequired');
    if (shape.period === 'required' && !p.To) err.To = t('validation:ledgers.toRequired');
    if (p.From && p.To && p.From > p.To) err.To = t('validation:ledgers.fromAfterTo');
    if (shape.batches === 'one' && p.BatchIDs.length !== 1) err.BatchIDs = t('validation:ledgers.oneBatch');
    if (shape.batches === 'many' && !p.BatchIDs.length) err.BatchIDs = t('validation:ledgers.someBatches');
    setError(err);
    if (!Object.keys(err).length) onRun(p);
  };

  const batchLabel = (b: Batch) => t('batchOption', { no: b.BatchNo, source: b.Source || '—', day: b.Day });
  const batchInput = (label: string) => (params: AutocompleteRenderInputParams) => (
    <TextField {...params} label={label} required={shape.batches !== 'filter'} error={!!error.BatchIDs} helperText={error.BatchIDs} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'ledger-batches' } }} />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="ledger-params" className="no-print">
      {shape.batches === 'one' ? (
        <Autocomplete
          options={batches} value={chosen[0] ?? null} getOptionLabel={batchLabel} sx={{ width: 400 }}
          isOptionEqualToValue={(a, b) => a.ID === b.ID}
          onChange={(_e, v) => set('BatchIDs', v ? [v.ID] : [])}
          renderInput={batchInput(t('fields.BatchID'))}
        />
      ) : (
        <Autocomplete
          multiple options={batches} value={chosen} getOptionLabel={batchLabel} sx={{ width: shape.batches === 'many' ? 480 : 320 }}
          isOptionEqualToValue={(a, b) => a.ID === b.ID} limitTags={3}
          onChange={(_e, v) => set('BatchIDs', v.map((b) => b.ID))}
          renderInput={batchInput(t('fields.BatchIDs'))}
        />
      )}
      {(['From', 'To'] as const).map((k) => (
        <TextField
          key={k} type="date" label={t(`fields.${k}`)} value={p[k]} required={shape.period === 'required'} sx={{ width: 180 }}
          onChange={(e) => set(k, e.target.value)} error={!!error[k]} helperText={error[k]}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `ledger-${k.toLowerCase()}`, min: '1900-01-01', max: '2199-12-31' } }}
        />
      ))}
      <TextField select label={t('fields.BranchID')} value={p.BranchID} onChange={(e) => set('BranchID', e.target.value)} sx={{ width: 180 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
        <MenuItem value="">{t('any')}</MenuItem>
        {(options?.Branches ?? []).map((b) => <MenuItem key={b.ID} value={String(b.ID)}>{b.Name}</MenuItem>)}
      </TextField>
      <TextField select label={t('fields.ResourceTypeID')} value={p.ResourceTypeID} onChange={(e) => set('ResourceTypeID', e.target.value)} sx={{ width: 180 }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
        <MenuItem value="">{t('any')}</MenuItem>
        {(options?.ResourceTypes ?? []).map((r) => <MenuItem key={r.ID} value={String(r.ID)}>{r.Name}</MenuItem>)}
      </TextField>
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }} data-testid="ledger-run">{t('run')}</Button>
    </Stack>
  );
}
