import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { titleCalls as C, COLLECTION_PERMS, type TitleRow } from '../../../shared/api/collection.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { copyStateText } from './copy-labels.ts';

/** The detail drawer of a title: its copies (GetCollectionToCatalogue) and one more copy (AddItemsCollectionInfo). */
export function TitleCopies({ row }: { row: TitleRow }) {
  const { t, i18n } = useTranslation(['collection', 'catalogue', 'validation']);
  const qc = useQueryClient();
  const canAdd = useCanOp(COLLECTION_PERMS.edit);
  const copies = useQuery({ queryKey: ['title', 'copies', row.ID], queryFn: () => call(C.copies, { ItemID: row.ID }) });
  const areas = useQuery({ queryKey: ['collection', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }), enabled: canAdd });
  const [areaId, setAreaId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setError(null);
    try {
      const c = await call(C.addCopy, { ItemID: row.ID, AreaID: Number(areaId) }, { toast: false });
      toast.text(t('titles.added', { barcode: c.Barcode }), 'success');
      await qc.invalidateQueries({ queryKey: ['title'] });
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  const en = i18n.language.startsWith('en');
  return (
    <>
      <Typography variant="subtitle2" component="h3">{t('titles.copies')}</Typography>
      <List dense data-testid="title-copies">
        {(copies.data ?? []).map((c) => (
          <ListItem key={c.ID} disableGutters>
            <ListItemText primary={`${c.Barcode} · ${c.CallNo}`} secondary={`${en && c.AreaEnName ? c.AreaEnName : c.AreaName} · ${copyStateText(t, c.Storage, c.CircState)}`} />
          </ListItem>
        ))}
      </List>
      {canAdd && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select size="small" sx={{ minWidth: 200 }} label={t('validation:fields.AreaID')} value={areaId} onChange={(e) => setAreaId(e.target.value)}>
            {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={String(a.ID)}>{en && a.EnName ? a.EnName : a.Name}</MenuItem>)}
          </TextField>
          <Button variant="outlined" disabled={!areaId} onClick={() => void add()} data-testid="title-add-copy">{t('titles.addCopy')}</Button>
        </Stack>
      )}
      {error && <Alert severity="error" sx={{ mt: 1 }}>{error}</Alert>}
    </>
  );
}
