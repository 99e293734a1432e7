import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { readerCalls, type Reader } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';

/** The value after it has stopped changing for `ms` (typing a name should not fire a search per key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

export const readerLabel = (r: Pick<Reader, 'Name' | 'ReaderID'>) => `${r.Name}（${r.ReaderID}）`;

interface Props {
  label: string;
  onPick: (reader: Reader) => void;
  /** data-testid of the input. */
  testId: string;
  disabled?: boolean;
}

/**
 * Finds readers with the readers' own search (getUserList: name, pinyin, initials, card number,
 * account or phone) and hands the picked one to the caller; the box clears for the next search.
 */
export function ReaderSearch({ label, onPick, testId, disabled }: Props) {
  const { t } = useTranslation('borrow-rules');
  const [text, setText] = useState('');
  const key = useSettled(text.trim(), 250);
  const hits = useQuery({
    queryKey: ['borrow-rules', 'reader-search', key],
    queryFn: ({ signal }) => call(readerCalls.getUserList, { SearchKey: key, Page: 1, Rows: 20 }, { signal, toast: false }),
    enabled: key.length > 0,
    placeholderData: keepPreviousData,
  });
  const options = key ? (hits.data?.List ?? []) : [];
  return (
    <Autocomplete<Reader>
      size="small" sx={{ minWidth: 280, flex: 1 }} disabled={disabled}
      options={options} value={null} inputValue={text} loading={hits.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={readerLabel}
      isOptionEqualToValue={(a, b) => a.ID === b.ID}
      noOptionsText={key ? t('readerSearch.none') : t('readerSearch.hint')}
      loadingText={t('readerSearch.loading')}
      onInputChange={(_e, v, reason) => { if (reason !== 'reset') setText(v); }}
      onChange={(_e, r) => { if (r) { onPick(r); setText(''); } }}
      renderOption={({ key: _key, ...props }, r) => (
        <li {...props} key={r.ID}>{readerLabel(r)}{r.DeptName ? ` · ${r.DeptName}` : ''}</li>
      )}
      renderInput={(p) => (
        <TextField {...p} label={label} helperText={t('readerSearch.help')} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': testId } }} />
      )}
    />
  );
}
