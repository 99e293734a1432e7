import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyHold } from '../../../shared/api/reader-account.ts';
import { useCancelHold, useMyHolds } from './account-queries.ts';

const ROWS = 5;
const OPEN = new Set(['notFound', 'found']);

/** Where a hold stands, in words: its place in the queue, being fetched, or ready to collect. */
function HoldStatus({ h }: { h: MyHold }) {
  const { t } = useTranslation('reader-account');
  if (h.State === 'found') return <>{t('holds.ready', { day: h.ExpiresDay, place: h.Location || '—' })}</>;
  if (h.State === 'notFound') return <>{h.QueuePosition != null ? t('holds.queue', { n: h.QueuePosition }) : t('holds.fetching')}</>;
  return null;
}

/** A question before a change that cannot be undone from here. */
export function ConfirmDialog({ open, title, yes, no, onYes, onNo }: { open: boolean; title: string; yes: string; no: string; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog open={open} onClose={onNo} maxWidth="xs" fullWidth>
      <DialogTitle sx={{ fontSize: '1.05rem' }}>{title}</DialogTitle>
      <DialogActions>
        <Button onClick={onNo}>{no}</Button>
        <Button variant="contained" color="error" onClick={onYes} data-testid="confirm-yes">{yes}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** My holds in the personal centre: open ones first, each cancellable; the closed ones after. */
export function HoldsSection() {
  const { t } = useTranslation('reader-account');
  const [page, setPage] = useState(1);
  const holds = useMyHolds(page, ROWS);
  const cancel = useCancelHold();
  const [asking, setAsking] = useState<MyHold | null>(null);
  const pages = holds.data ? Math.ceil(holds.data.Total / ROWS) : 0;
  return (
    <Stack component="section" spacing={1} aria-labelledby="my-holds-title" data-testid="my-holds">
      <Typography variant="h6" component="h2" id="my-holds-title">{t('holds.title')}</Typography>
      {holds.isPending && <Skeleton height={60} />}
      {holds.isError && <Alert severity="error">{t('personal.failed')}</Alert>}
      {holds.data && !holds.data.List.length && <Typography color="text.secondary" data-testid="holds-none">{t('holds.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {holds.data?.List.map((h) => (
          <Paper component="li" variant="outlined" key={h.ID} sx={{ p: 1.5 }} data-testid={`hold-${h.ID}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={`/search/book/details?id=${h.TitleID}`} underline="hover">{h.Title}</Link>
                </Typography>
                <Typography variant="body2"><HoldStatus h={h} /></Typography>
                <Typography variant="caption" color="text.secondary">{t('holds.placedAt', { day: h.PlacedDay })}</Typography>
              </Stack>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0 }}>
                <Chip size="small" color={h.State === 'found' ? 'success' : 'default'} label={t(`holds.state.${h.State}`)} data-testid="hold-state" />
                {OPEN.has(h.State) && (
                  <Button size="small" color="error" variant="outlined" onClick={() => setAsking(h)} data-testid="hold-cancel">{t('holds.cancel')}</Button>
                )}
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && <Pagination count={pages} page={Math.min(page, pages)} siblingCount={0} onChange={(_e, p) => setPage(p)} sx={{ '& ul': { justifyContent: 'center' } }} />}
      <ConfirmDialog
        open={asking != null}
        title={asking ? t('holds.confirmCancel', { title: asking.Title }) : ''}
        yes={t('holds.cancel')}
        no={t('holds.keep')}
        onNo={() => setAsking(null)}
        onYes={() => {
          if (asking) cancel.mutate(asking.ID);
          setAsking(null);
        }}
      />
    </Stack>
  );
}
