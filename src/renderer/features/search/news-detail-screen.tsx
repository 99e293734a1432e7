import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useBulletin } from './search-queries.ts';
import { useSearchPaths } from './search-paths.tsx';

/** /search/newsdetail?id=: one piece of news, as plain text (the school's markup is not trusted). */
export default function NewsDetailScreen() {
  const { t } = useTranslation('search');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const item = useBulletin(id);
  const paths = useSearchPaths();
  return (
    <Stack spacing={2}>
      {paths.backOnPage && <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(paths.newsList)} sx={{ alignSelf: 'flex-start' }}>{t('news.back')}</Button>}
      {!item.data && <Typography variant="h5" component="h1" sx={item.isPending && id != null ? visuallyHidden : undefined}>{t('news.detailHeading')}</Typography>}
      {(id == null || item.isError) && <Alert severity="warning" data-testid="news-missing">{t('news.missing')}</Alert>}
      {id != null && item.isPending && <Skeleton height={200} />}
      {item.data && (
        <Paper variant="outlined" component="article" sx={{ p: { xs: 2, md: 3 } }} data-testid="news-detail">
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{item.data.Title}</Typography>
          <Typography variant="caption" color="text.secondary">{item.data.PublishTime.slice(0, 10)}</Typography>
          <Typography sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.data.Content}</Typography>
        </Paper>
      )}
    </Stack>
  );
}
