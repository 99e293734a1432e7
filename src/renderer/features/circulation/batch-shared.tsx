import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { circulationBatchCalls as B, type BatchRow } from '../../../shared/api/circulation-batch.ts';
import { wordReason } from '../../../shared/api/circulation.ts';
import { call } from '../../lib/api-client.ts';

/** Pieces the four batch circulation screens share: the class picker, a row's outcome in words, the totals. */

export interface DeptOption { ID: number; Name: string }

/** A class, grade or department, typed or picked (a school has a hundred classes: typing "三年级2" is faster). */
export function DeptPicker({ value, onChange, testId, width = 320 }: { value: DeptOption | null; onChange: (d: DeptOption | null) => void; testId: string; width?: number }) {
  const { t, i18n } = useTranslation('circulation-batch');
  // Names come in the language asked in: a switch asks again.
  const options = useQuery({ queryKey: ['circulation-batch', 'depts', i18n.language], queryFn: () => call(B.getDeptOptions, {}) });
  return (
    <Autocomplete
      options={options.data ?? []} value={value} loading={options.isLoading} sx={{ width, maxWidth: '100%' }}
      getOptionLabel={(o) => o.Name} isOptionEqualToValue={(a, b) => a.ID === b.ID}
      onChange={(_e, v) => onChange(v)}
      renderInput={(params) => (
        <TextField {...params} label={t('common.class')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />
      )}
    />
  );
}

/** A refused row's reasons in the language shown (every one), or its message when it has none of the desk's. */
export function rowReasons(t: TFunction, row: Pick<BatchRow, 'Reasons' | 'Message'>): string[] {
  if (!row.Reasons.length) return row.Message ? [row.Message] : [];
  return row.Reasons.map((r) => wordReason((key, params) => t(key, params ?? {}), r));
}

/** The local day of a due instant as the desk shows it. */
export const dayOf = (instant: string) => instant.slice(0, 10);

/** "12 done, 3 refused": green when nothing was refused. */
export function BatchTotals({ done, refused, doneKey, testId }: { done: number; refused: number; doneKey: string; testId: string }) {
  const { t } = useTranslation('circulation-batch');
  return (
    <Alert severity={refused ? 'warning' : 'success'} data-testid={testId} role="status">
      {t(doneKey, { count: done })}{refused ? t('common.refusedCount', { count: refused }) : ''}
    </Alert>
  );
}
