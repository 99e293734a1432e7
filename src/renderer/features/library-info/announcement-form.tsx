import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { libraryInfoCalls as C, type Announcement, type AnnouncementInput } from '../../../shared/api/library-info.ts';
import { acquisitionCalls } from '../../../shared/api/acquisition.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/**
 * Composes one new-book announcement: a title, an introduction, and where its books come from
 * (an acquisition batch, or the days their first copy was catalogued). "Preview" shows how many
 * titles that picks before saving; saving keeps the list with the announcement.
 */
export function AnnouncementForm({ entry, onClose, onSaved }: { entry: Announcement | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['library-info', 'common']);
  const [v, setV] = useState<AnnouncementInput>(() => entry
    ? { ID: entry.ID, Title: entry.Title, Intro: entry.Intro, Source: entry.Source, BatchID: entry.BatchID, DateFrom: entry.DateFrom, DateTo: entry.DateTo }
    : { Title: '', Intro: '', Source: 'dates', DateFrom: monthStart(), DateTo: today(), BatchID: null });
  const batches = useQuery({ queryKey: ['library-info', 'batches'], queryFn: () => call(acquisitionCalls.getBatchList, { Page: 1, Rows: 100 }, { toast: false }) });
  const source = { Source: v.Source ?? 'dates', BatchID: v.Source === 'batch' ? v.BatchID : null, DateFrom: v.DateFrom, DateTo: v.DateTo };
  const preview = useMutation({ mutationFn: () => call(C.announcementPreview, source, { toast: false }) });
  const save = useMutation({ mutationFn: () => call(C.announcementSave, { ...v, ...source }, { toast: false }), onSuccess: onSaved });
  const set = (patch: Partial<AnnouncementInput>) => {
    setV((x) => ({ ...x, ...patch }));
    preview.reset();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="announcement-form-title">
      <DialogTitle id="announcement-form-title">{entry ? t('admin.edit') : t('admin.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('admin.fields.Title')} value={v.Title} onChange={(e) => set({ Title: e.target.value })} required slotProps={{ htmlInput: { 'data-testid': 'announcement-title', maxLength: 100 } }} />
          <TextField label={t('admin.fields.Intro')} value={v.Intro ?? ''} onChange={(e) => set({ Intro: e.target.value })} multiline minRows={2} slotProps={{ htmlInput: { 'data-testid': 'announcement-intro', maxLength: 1000 } }} />
          <RadioGroup row value={v.Source} onChange={(e) => set({ Source: e.target.value as 'batch' | 'dates' })} aria-label={t('admin.fields.Source')}>
            <FormControlLabel value="dates" control={<Radio />} label={t('admin.byDates')} data-testid="source-dates" />
            <FormControlLabel value="batch" control={<Radio />} label={t('admin.byBatch')} data-testid="source-batch" />
          </RadioGroup>
          {v.Source === 'batch' ? (
            <TextField select label={t('admin.fields.BatchID')} value={v.BatchID ?? ''} onChange={(e) => set({ BatchID: Number(e.target.value) })} slotProps={{ htmlInput: { 'data-testid': 'announcement-batch' } }}>
              {(batches.data?.List ?? []).map((b) => <MenuItem key={b.ID} value={b.ID}>{b.BatchNo}</MenuItem>)}
            </TextField>
          ) : (
            <Stack direction="row" spacing={2}>
              <TextField type="date" label={t('admin.fields.DateFrom')} value={v.DateFrom ?? ''} onChange={(e) => set({ DateFrom: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'announcement-from' } }} sx={{ flex: 1 }} />
              <TextField type="date" label={t('admin.fields.DateTo')} value={v.DateTo ?? ''} onChange={(e) => set({ DateTo: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'announcement-to' } }} sx={{ flex: 1 }} />
            </Stack>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => preview.mutate()} disabled={preview.isPending} data-testid="announcement-preview">{t('admin.preview')}</Button>
            {preview.data && <Typography role="status" data-testid="announcement-preview-count">{t('admin.previewCount', { count: preview.data.Total })}</Typography>}
          </Stack>
          {preview.data && preview.data.List.length > 0 && (
            <Typography variant="body2" color="text.secondary">{preview.data.List.slice(0, 8).map((x) => x.Title).join(' · ')}{preview.data.Total > 8 ? ' …' : ''}</Typography>
          )}
          {preview.error && <Alert severity="error">{errorText(t, preview.error)}</Alert>}
          {save.error && <Alert severity="error" data-testid="announcement-error">{errorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} data-testid="announcement-save">{t('common:actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
