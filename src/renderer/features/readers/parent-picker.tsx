import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { readerCalls, type ReaderLink } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';

export type PickedParent = Pick<ReaderLink, 'ID' | 'Name' | 'ReaderID'>;

/** Parent readers of the school, searched by name, pinyin or card number as the user types. */
export function ParentPicker({ value, onChange, disabled }: { value: PickedParent[]; onChange: (v: PickedParent[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('readers');
  const [text, setText] = useState('');
  const search = text.trim();
  const found = useQuery({
    queryKey: ['reader', 'parent-search', search],
    queryFn: ({ signal }) => call(readerCalls.getUserSimpleAll, { Identity: 'parent', ...(search ? { SearchKey: search } : {}) }, { signal, toast: false }),
    staleTime: 30_000,
  });
  const options: PickedParent[] = (found.data ?? []).slice(0, 50).map((r) => ({ ID: r.ID, Name: r.Name, ReaderID: r.ReaderID }));
  return (
    <Autocomplete
      multiple
      size="small"
      disabled={disabled}
      options={options}
      value={value}
      loading={found.isFetching}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.ID === b.ID}
      getOptionLabel={(o) => `${o.Name} (${o.ReaderID})`}
      onChange={(_e, v) => onChange(v)}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      renderInput={(params) => (
        <TextField {...params} label={t('parents.search')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'parent-search' } }} />
      )}
      data-testid="parent-picker"
    />
  );
}
