import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivitySubmission } from '../../../shared/api/activities.ts';
import type { Page } from '../../../shared/api/paging.ts';

/**
 * Readers' entries, newest first: the reader's class and masked name (whole for their own), the
 * task and book, the text. Never a card number (the gateway sends none).
 */
export function EntryList({ data, pending, failed, page, rows, onPage, large = false, showActivity = false }: {
  data: Page<ActivitySubmission> | undefined; pending: boolean; failed: boolean; page: number; rows: number;
  onPage: (page: number) => void; large?: boolean; showActivity?: boolean;
}) {
  const { t } = useTranslation('activities');
  const pages = data ? Math.ceil(data.Total / rows) : 0;
  if (pending) return <Skeleton height={120} />;
  if (failed) return <Alert severity="error">{t('list.failed')}</Alert>;
  if (!data?.List.length) return <Typography color="text.secondary" data-testid="entries-empty">{page > 1 ? t('list.pastEnd') : t('detail.noSubmissions')}</Typography>;
  return (
    <Stack spacing={1.5}>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="entry-list">
        {data.List.map((s) => (
          <Paper component="li" variant="outlined" key={s.ID} sx={{ p: large ? 2.5 : 1.5, borderColor: s.Mine ? 'primary.main' : undefined }} data-testid={`entry-${s.ID}`}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant={large ? 'h6' : 'subtitle2'} component="p">{[s.ClassName, s.ReaderName].filter(Boolean).join(' · ')}</Typography>
              {s.Mine && <Chip size="small" color="primary" label={t('detail.mine')} />}
              <Typography variant={large ? 'body1' : 'caption'} color="text.secondary" component="p">{s.CreatedAt.slice(0, 10)}</Typography>
            </Stack>
            <Typography variant={large ? 'body1' : 'body2'} color="text.secondary" component="p">
              {[showActivity ? s.ActivityTitle : '', s.TaskTitle, s.BookTitle && t('detail.bookTitle', { title: s.BookTitle })].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant={large ? 'h6' : 'body1'} component="p" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', fontWeight: 400 }}>{s.Content}</Typography>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && <Pagination count={pages} page={Math.min(page, pages)} onChange={(_e, p) => onPage(p)} sx={{ '& ul': { justifyContent: 'center' } }} />}
    </Stack>
  );
}
