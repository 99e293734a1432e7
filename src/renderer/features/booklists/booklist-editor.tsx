import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { booklistCalls as C, BOOKLIST_EDIT, type Booklist, type BooklistEntry } from '../../../shared/api/booklists.ts';
import { searchCalls } from '../../../shared/api/search.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { ActionsHeaderCell } from '../../kit/grid/actions-header-cell.tsx';
import { ErrorState } from '../../kit/states/error-state.tsx';

const entriesKey = (id: number) => ['booklist', 'entries', id] as const;

/** Move one entry up or down: the list's whole new order (what Reorder takes). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const to = index + by;
  if (to < 0 || to >= ids.length) return [...ids];
  const out = [...ids];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/**
 * The titles of one reading list: find titles of the catalogue and add them, move them up and
 * down, note why each is on the list, remove them. Each title shows the school's copies and how
 * many are on the shelf now. Without the edit operation it is read-only.
 */
export function BooklistEditor({ list, onClose }: { list: Booklist; onClose: () => void }) {
  const { t } = useTranslation('booklists');
  const qc = useQueryClient();
  const titleId = useId();
  const canEdit = useCanOp(BOOKLIST_EDIT);
  const entries = useQuery({ queryKey: entriesKey(list.ID), queryFn: () => call(C.entries, { ListID: list.ID, Page: 1, Rows: 1000 }) });
  const [key, setKey] = useState('');
  const [searched, setSearched] = useState('');
  const found = useQuery({
    queryKey: ['booklist', 'search', searched], enabled: searched !== '',
    queryFn: () => call(searchCalls.catalogue, { SearchKey: searched, Page: 1, Rows: 10 }),
  });
  const rows = entries.data?.List ?? [];
  const onList = new Set(rows.map((e) => e.ItemID));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: entriesKey(list.ID) });
    void qc.invalidateQueries({ queryKey: ['booklist'] });
  };

  const add = useMutation({
    mutationFn: (item: { ID: number; Title: string }) => call(C.addEntries, { ListID: list.ID, ItemIDs: [item.ID] }),
    onSuccess: (_r, item) => { toast.text(t('editor.added', { title: item.Title }), 'success'); refresh(); },
  });
  const remove = useMutation({
    mutationFn: (e: BooklistEntry) => call(C.removeEntries, { ListID: list.ID, IDs: [e.ID] }),
    onSuccess: (_r, e) => { toast.text(t('editor.removed', { title: e.Title }), 'success'); refresh(); },
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => call(C.reorder, { ListID: list.ID, IDs: ids }),
    onMutate: (ids) => {
      // The new order shows at once; a refusal (someone changed the list) reloads it.
      const byId = new Map(rows.map((e) => [e.ID, e]));
      qc.setQueryData(entriesKey(list.ID), { Total: rows.length, List: ids.map((id, i) => ({ ...byId.get(id)!, Position: i + 1 })) });
    },
    onSettled: refresh,
  });
  const note = useMutation({
    mutationFn: (v: { ID: number; Note: string }) => call(C.updateEntry, v),
    onSuccess: () => { toast.key('booklists:editor.noteSaved', 'success'); refresh(); },
  });

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 900 }, p: 2 }, 'aria-labelledby': titleId } as object }}>
      <Stack spacing={2} data-testid="booklist-editor">
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" id={titleId}>{list.Name}</Typography>
          <Chip size="small" label={list.Published ? t('published.yes') : t('published.no')} color={list.Published ? 'success' : 'default'} variant="outlined" />
        </Stack>
        {canEdit && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              component="form" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}
              onSubmit={(e) => { e.preventDefault(); setSearched(key.trim()); }}
            >
              <TextField
                size="small" fullWidth label={t('editor.search')} helperText={t('editor.searchHelp')} value={key}
                onChange={(e) => setKey(e.target.value)} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'booklist-search' } }}
              />
              <Button type="submit" variant="contained" data-testid="booklist-search-submit">{t('editor.searchButton')}</Button>
            </Stack>
            {found.isError && <ErrorState error={found.error} onRetry={() => void found.refetch()} />}
            {found.data && (
              found.data.List.length === 0
                ? <Typography variant="body2" sx={{ mt: 1 }}>{t('editor.noResults')}</Typography>
                : (
                  <Table size="small" sx={{ mt: 1 }} data-testid="booklist-results">
                    <TableBody>
                      {found.data.List.map((r) => (
                        <TableRow key={r.ID}>
                          <TableCell>
                            {r.Title}
                            <Typography variant="caption" component="div" color="text.secondary">{[r.Author, r.Publisher, r.ISBN].filter(Boolean).join(' · ')}</Typography>
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('editor.copies', { copies: r.Copies, available: r.Available })}</TableCell>
                          <TableCell align="right">
                            <Button size="small" disabled={onList.has(r.ID) || add.isPending} onClick={() => add.mutate(r)} data-testid={`booklist-add-${r.ID}`}>
                              {onList.has(r.ID) ? t('editor.onList') : t('editor.add')}
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )
            )}
          </Paper>
        )}
        <Typography variant="subtitle1" component="h3">{t('editor.title')} · {t('editor.count', { count: rows.length })}</Typography>
        {entries.isError && <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />}
        {entries.data && rows.length === 0 && <Typography variant="body2" data-testid="booklist-empty">{t('editor.empty')}</Typography>}
        {rows.length > 0 && (
          <Table size="small" data-testid="booklist-entries">
            <TableHead>
              <TableRow>
                <TableCell>{t('editor.position')}</TableCell>
                <TableCell>{t('editor.titleColumn')}</TableCell>
                <TableCell>{t('editor.note')}</TableCell>
                {canEdit && <ActionsHeaderCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e, i) => (
                <TableRow key={e.ID} data-testid={`booklist-entry-${e.ItemID}`}>
                  <TableCell>{e.Position}</TableCell>
                  <TableCell>
                    {e.Title}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {[e.Author, e.CallNo].filter(Boolean).join(' · ')} · {t('editor.copies', { copies: e.Copies, available: e.Available })}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    {canEdit ? (
                      <NoteField entry={e} onSave={(v) => note.mutate({ ID: e.ID, Note: v })} />
                    ) : (e.Note || '—')}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton size="small" aria-label={t('editor.up', { title: e.Title })} disabled={i === 0 || reorder.isPending} onClick={() => reorder.mutate(moved(rows.map((x) => x.ID), i, -1))} data-testid={`booklist-up-${e.ItemID}`}><ArrowUpwardOutlined fontSize="small" /></IconButton>
                      <IconButton size="small" aria-label={t('editor.down', { title: e.Title })} disabled={i === rows.length - 1 || reorder.isPending} onClick={() => reorder.mutate(moved(rows.map((x) => x.ID), i, 1))} data-testid={`booklist-down-${e.ItemID}`}><ArrowDownwardOutlined fontSize="small" /></IconButton>
                      <IconButton size="small" color="error" aria-label={t('editor.remove', { title: e.Title })} disabled={remove.isPending} onClick={() => remove.mutate(e)} data-testid={`booklist-remove-${e.ItemID}`}><DeleteOutlined fontSize="small" /></IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="booklist-editor-close">{t('editor.close')}</Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}

/** A title's note, saved when the field loses the focus (or on Enter) if it changed. */
function NoteField({ entry, onSave }: { entry: BooklistEntry; onSave: (v: string) => void }) {
  const { t } = useTranslation('booklists');
  const [value, setValue] = useState(entry.Note);
  const save = () => {
    if (value.trim() !== entry.Note) onSave(value.trim());
  };
  return (
    <TextField
      size="small" fullWidth value={value} placeholder={t('editor.notePlaceholder')}
      onChange={(e) => setValue(e.target.value)} onBlur={save}
      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); save(); } }}
      slotProps={{ htmlInput: { maxLength: 500, 'aria-label': `${t('editor.note')}: ${entry.Title}`, 'data-testid': `booklist-note-${entry.ItemID}` } }}
    />
  );
}
