import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { call } from '../../lib/api-client.ts';

/** Where copies go: the collection area (its storage code comes with it) and an optional shelf mark. */
export function TargetAreaFields({ areaId, shelfMark, onArea, onShelfMark }: { areaId: string; shelfMark: string; onArea: (v: string) => void; onShelfMark: (v: string) => void }) {
  const { t, i18n } = useTranslation(['allocation', 'validation']);
  const areas = useQuery({ queryKey: ['allocation', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }) });
  const en = i18n.language.startsWith('en');
  return (
    <>
      <TextField select size="small" sx={{ minWidth: 280 }} required label={t('screen.target')} value={areaId} onChange={(e) => onArea(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'allocation-area' } }}>
        {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={String(a.ID)}>{`${en && a.EnName ? a.EnName : a.Name}${a.BranchName ? ` · ${a.BranchName}` : ''}`}</MenuItem>)}
      </TextField>
      <TextField size="small" sx={{ width: 180 }} label={t('validation:fields.ShelfMark')} value={shelfMark} onChange={(e) => onShelfMark(e.target.value.trim())}
        helperText={t('screen.shelfHint')} slotProps={{ htmlInput: { 'data-testid': 'allocation-shelf' } }} />
    </>
  );
}
