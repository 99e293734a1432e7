import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { statisticalQuery, statisticalQueryCalls as C } from '../../../shared/api/statistical-query.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import type { Draft } from './query-model.ts';

const KEY = ['statistical-query', 'saved'] as const;

/** The school's saved queries: open one (it runs at once), delete one's own; and save the current query under a name. */
export function SavedQueries({ draft, onOpen }: { draft: Draft; onOpen: (d: Draft) => void }) {
  const { t } = useTranslation('statistical-query');
  const qc = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const list = useQuery({ queryKey: KEY, queryFn: () => call(C.listSaved, {}, { toast: false }) });
  const save = useMutation({
    mutationFn: () => call(C.save, { Name: name, Query: draft }),
    onSuccess: () => { setNaming(false); setName(''); toast.key('statistical-query:ui.savedDone', 'success'); void qc.invalidateQueries({ queryKey: KEY }); },
  });
  const remove = useMutation({
    mutationFn: (ID: number) => call(C.deleteSaved, { ID }),
    onSuccess: () => { toast.key('statistical-query:ui.deleted', 'success'); void qc.invalidateQueries({ queryKey: KEY }); },
  });
  const saved = list.data ?? [];
  return (
    <>
      <Button startIcon={<BookmarksOutlined />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" data-testid="sq-saved">{t('ui.saved')}</Button>
      <Button
        startIcon={<BookmarkAddOutlined />} data-testid="sq-save"
        // Only a query the contract accepts can be saved; otherwise say so instead of a dialog.
        onClick={() => (statisticalQuery.safeParse(draft).success ? setNaming(true) : toast.key('statistical-query:ui.fixFirst', 'error'))}
      >{t('ui.saveAs')}</Button>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        {saved.length === 0 && <MenuItem disabled>{t('ui.noSaved')}</MenuItem>}
        {saved.map((s) => (
          <MenuItem key={s.ID} onClick={() => { setAnchor(null); onOpen(s.Query); }} data-testid={`sq-saved-${s.ID}`} sx={{ gap: 2 }}>
            <ListItemText primary={s.Name} secondary={`${t(`subjects.${s.Query.Subject}`)} · ${s.SavedBy}`} />
            {s.Deletable && (
              <IconButton edge="end" size="small" aria-label={`${t('ui.delete')} ${s.Name}`} onClick={(e) => { e.stopPropagation(); remove.mutate(s.ID); }}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            )}
          </MenuItem>
        ))}
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} fullWidth maxWidth="xs">
        <form noValidate onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
          <DialogTitle>{t('ui.saveAs')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus fullWidth margin="dense" label={t('ui.savedName')} value={name} onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'sq-save-name' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>{t('ui.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending || !name.trim()} data-testid="sq-save-confirm">{t('ui.save')}</Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
