import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { acquisitionCalls } from '../../../shared/api/acquisition.ts';
import { call } from '../../lib/api-client.ts';
import type { CopiesDraft, CopyField } from './catalogue-draft.ts';

/** The new copies of a save: how many, where, which batch and barcodes (sequence or scanned labels). */
export function CopiesPanel({ value, onChange, errors }: { value: CopiesDraft; onChange: (v: CopiesDraft) => void; errors: Record<string, string> }) {
  const { t, i18n } = useTranslation(['catalogue', 'validation']);
  const en = i18n.language.startsWith('en');
  const areas = useQuery({ queryKey: ['catalogue', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }) });
  const sequences = useQuery({ queryKey: ['catalogue', 'sequences'], queryFn: () => call(C.getBarCodeAutoAddList, {}) });
  // Batches are optional: a role without the batch menu simply sees none.
  const batches = useQuery({ queryKey: ['catalogue', 'open-batches'], queryFn: () => call(acquisitionCalls.getBatchList, { Page: 1, Rows: 100, State: 'open' }, { toast: false }), retry: false });
  const set = (f: CopyField, v: string) => onChange({ ...value, [f]: v });
  const field = (f: CopyField, width: number, extra: object = {}) => ({
    size: 'small' as const, sx: { width }, label: t(`validation:fields.${f}`), value: value[f], onChange: (e: { target: { value: string } }) => set(f, e.target.value),
    error: errors[`Copies.${f}`] != null, helperText: errors[`Copies.${f}`], slotProps: { htmlInput: { 'data-testid': `copies-${f}` } }, ...extra,
  });
  const listed = value.Barcodes.split(/[\s,;]+/).filter(Boolean).length;

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">{t('full.copiesHeading')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <TextField {...field('Count', 110)} disabled={listed > 0} helperText={listed > 0 ? t('full.countFromList', { count: listed }) : errors['Copies.Count']} />
        <TextField {...field('AreaID', 230)} select required>
          {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={String(a.ID)}>{en && a.EnName ? a.EnName : a.Name}</MenuItem>)}
        </TextField>
        <TextField {...field('ShelfMark', 150)} />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <TextField {...field('BatchID', 230)} select>
          <MenuItem value="">{t('full.noBatch')}</MenuItem>
          {(batches.data?.List ?? []).map((b) => <MenuItem key={b.ID} value={String(b.ID)}>{b.BatchNo}</MenuItem>)}
        </TextField>
        <TextField {...field('SequenceID', 230)} select disabled={listed > 0}>
          <MenuItem value="">{t('rules.defaultOfSequences')}</MenuItem>
          {(sequences.data ?? []).map((s) => <MenuItem key={s.ID} value={String(s.ID)}>{`${s.Name} (${s.Next})`}</MenuItem>)}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <TextField {...field('Price', 150)} placeholder={t('full.titlePrice')} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'copies-Price' }, inputLabel: { shrink: true } }} />
        <TextField {...field('DiscountPrice', 150)} placeholder={t('full.fromBatch')} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'copies-DiscountPrice' }, inputLabel: { shrink: true } }} />
      </Stack>
      <TextField {...field('Barcodes', 530)} multiline minRows={2} placeholder={t('full.barcodesHint')}
        slotProps={{ htmlInput: { 'data-testid': 'copies-Barcodes' }, inputLabel: { shrink: true } }} />
    </Stack>
  );
}
