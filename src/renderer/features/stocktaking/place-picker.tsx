import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { stocktakingCalls as C, type Stocktake } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import type { ScanPlace } from './use-stocktake-scans.ts';

/** Where this desk is scanning (optional): an area of the stocktake and one of its shelves. */
export function PlacePicker({ stocktake, place, onChange }: { stocktake: Stocktake; place: ScanPlace; onChange: (p: ScanPlace) => void }) {
  const { t } = useTranslation('stocktaking');
  const shelves = useQuery({
    queryKey: ['stocktaking', 'shelves', place.AreaID],
    queryFn: () => call(C.getShelfOptions, { AreaID: place.AreaID! }),
    enabled: place.AreaID != null,
  });
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      <TextField select label={t('desk.area')} value={place.AreaID ?? ''} sx={{ minWidth: 260 }} helperText={t('desk.placeHelp')}
        onChange={(e) => onChange({ AreaID: e.target.value === '' ? null : Number(e.target.value), ShelfID: null })}
        slotProps={{ htmlInput: { 'data-testid': 'stocktake-place-area' } }}>
        <MenuItem value="">{t('desk.anyArea')}</MenuItem>
        {stocktake.Areas.map((a) => <MenuItem key={a.ID} value={a.ID}>{a.Name}</MenuItem>)}
      </TextField>
      <TextField select label={t('desk.shelf')} value={place.ShelfID ?? ''} sx={{ minWidth: 160 }} disabled={place.AreaID == null}
        onChange={(e) => onChange({ ...place, ShelfID: e.target.value === '' ? null : Number(e.target.value) })}>
        <MenuItem value="">{t('desk.anyShelf')}</MenuItem>
        {(shelves.data ?? []).map((s) => <MenuItem key={s.ID} value={s.ID}>{s.Name}</MenuItem>)}
      </TextField>
    </Stack>
  );
}
