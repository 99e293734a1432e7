import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ANNOUNCEMENTS_PERM, libraryInfoCalls as C, type Announcement } from '../../../shared/api/library-info.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { AnnouncementForm } from './announcement-form.tsx';

const KEY = ['library-info', 'admin-announcements'] as const;

/**
 * /newbook-announcement: the library's new-book announcements. Compose one from a batch or from
 * arrival days, then publish it: the portal's /search/NewBookAnnouncement lists the published ones.
 */
export default function AnnouncementAdminScreen() {
  const { t, i18n } = useTranslation(['library-info', 'common']);
  const qc = useQueryClient();
  const canEdit = useCanOp(ANNOUNCEMENTS_PERM);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(C.announcementList, { Page: 1, Rows: 100 }) });
  const [form, setForm] = useState<{ entry: Announcement | null } | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['library-info'] });
  const publish = useMutation({
    mutationFn: (a: Announcement) => call(C.announcementPublish, { ID: a.ID, Published: !a.Published }),
    onSuccess: (a) => {
      toast.key(a.Published ? 'library-info:admin.publishedToast' : 'library-info:admin.withdrawnToast', 'success');
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: (a: Announcement) => call(C.announcementDelete, { ID: a.ID }), onSuccess: () => void refresh() });
  const range = (a: Announcement) => (a.Source === 'batch' ? t('admin.batchLabel', { batch: a.BatchNo || a.BatchID }) : `${a.DateFrom ?? ''} – ${a.DateTo ?? ''}`);
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>{t('admin.title')}</Typography>
        <Link component={RouterLink} to="/search/NewBookAnnouncement" target="_blank">{t('admin.openPortal')}</Link>
        {canEdit && <Button variant="contained" onClick={() => setForm({ entry: null })} data-testid="announcement-new">{t('admin.new')}</Button>}
      </Stack>
      {list.error && <Alert severity="error">{errorText(t, list.error)}</Alert>}
      {list.data?.Total === 0 && <Alert severity="info">{t('admin.none')}</Alert>}
      {list.data && list.data.Total > 0 && (
        <Table size="small" data-testid="announcement-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.fields.Title')}</TableCell>
              <TableCell>{t('admin.fields.Source')}</TableCell>
              <TableCell align="right">{t('admin.fields.TitleCount')}</TableCell>
              <TableCell>{t('admin.fields.State')}</TableCell>
              <TableCell>{t('admin.fields.Actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.List.map((a) => (
              <TableRow key={a.ID} data-testid={`announcement-row-${a.ID}`}>
                <TableCell>{a.Title}</TableCell>
                <TableCell>{range(a)}</TableCell>
                <TableCell align="right">{a.TitleCount}</TableCell>
                <TableCell>
                  {a.Published
                    ? <Chip size="small" color="success" label={t('admin.publishedOn', { day: new Date(a.PublishedAt!).toLocaleDateString(i18n.language) })} />
                    : <Chip size="small" label={t('admin.draft')} />}
                </TableCell>
                <TableCell>
                  {canEdit && (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => publish.mutate(a)} data-testid="announcement-publish">{a.Published ? t('admin.withdraw') : t('admin.publish')}</Button>
                      <Button size="small" onClick={() => setForm({ entry: a })}>{t('common:actions.edit')}</Button>
                      <Button size="small" color="error" onClick={() => window.confirm(t('admin.confirmDelete', { title: a.Title })) && remove.mutate(a)}>{t('admin.delete')}</Button>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {form && (
        <AnnouncementForm
          entry={form.entry}
          onClose={() => setForm(null)}
          onSaved={() => {
            toast.key('kit:saved', 'success');
            setForm(null);
            void refresh();
          }}
        />
      )}
    </Paper>
  );
}
