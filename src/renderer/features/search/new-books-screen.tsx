import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TitleCard } from './title-card.tsx';
import { useRecommended } from './search-queries.ts';

/** /search/recentnewbook: the hundred titles most recently put on the shelves. */
export default function NewBooksScreen() {
  const { t, i18n } = useTranslation('search');
  const fresh = useRecommended('new', 100);
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="h1">{t('newBooks.title')}</Typography>
      <Typography color="text.secondary">{t('newBooks.hint')}</Typography>
      {fresh.isPending && <Skeleton height={200} />}
      {fresh.isError && <Alert severity="error">{t('results.failed')}</Alert>}
      {fresh.data?.length === 0 && <Alert severity="info">{t('home.noNew')}</Alert>}
      <Box component="ol" sx={{ p: 0, m: 0 }} data-testid="new-books">
        {fresh.data?.map((x) => <TitleCard key={x.ID} title={x} extra={t('newBooks.added', { day: day(x.AddedAt) })} />)}
      </Box>
    </Stack>
  );
}
