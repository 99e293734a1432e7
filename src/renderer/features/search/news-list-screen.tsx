import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readPage, withParams } from './search-params.ts';
import { useBulletins } from './search-queries.ts';
import { useSearchPaths } from './search-paths.tsx';

const ROWS = 10;

/** /search/newslist: the school's news, pinned first, newest first. */
export default function NewsListScreen() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const news = useBulletins(page, ROWS);
  const paths = useSearchPaths();
  const pages = news.data ? Math.ceil(news.data.Total / ROWS) : 0;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('news.title')}</Typography>
      {news.isPending && <Skeleton height={120} />}
      {news.isError && <Alert severity="error">{t('results.failed')}</Alert>}
      {news.data && news.data.List.length === 0 && <Alert severity="info" data-testid="news-empty">{page > 1 ? t('results.pastEnd') : t('news.none')}</Alert>}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="news-list">
        {news.data?.List.map((n) => (
          <Paper component="li" variant="outlined" key={n.ID} sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {n.Top && <Chip size="small" color="primary" label={t('news.pinned')} />}
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={paths.newsDetail(n.ID)} underline="hover">{n.Title}</Link>
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">{n.PublishTime.slice(0, 10)}</Typography>
            {n.Excerpt && <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{n.Excerpt}</Typography>}
          </Paper>
        ))}
      </Stack>
      {pages > 1 && <Pagination count={pages} page={Math.min(page, pages)} onChange={(_e, p) => setParams(withParams(params, { page: p }))} sx={{ '& ul': { justifyContent: 'center' } }} />}
    </Stack>
  );
}
