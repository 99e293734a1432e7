import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnnouncedTitle } from '../../../shared/api/library-info.ts';
import { usePublishedAnnouncement, usePublishedAnnouncements } from './library-info-queries.ts';
import { LibraryLinks } from './library-links.tsx';

const PATH = '/search/NewBookAnnouncement';

function TitleRow({ title }: { title: AnnouncedTitle }) {
  const { t } = useTranslation('library-info');
  const facts = [title.Author, title.Publisher, title.PubYear ? String(title.PubYear) : ''].filter(Boolean).join(' · ');
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.25, borderBottom: 1, borderColor: 'divider' }} data-testid={`announced-${title.ID}`}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={`/search/book/details?id=${title.ID}`} underline="hover">{title.Title}</Link>
      </Typography>
      {facts && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{facts}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {[title.CallNo && t('announcements.callNo', { callNo: title.CallNo }), t('announcements.available', { available: title.Available, copies: title.Copies })].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

function One({ id }: { id: number }) {
  const { t, i18n } = useTranslation('library-info');
  const a = usePublishedAnnouncement(id);
  if (a.isPending) return <Skeleton variant="rectangular" height={240} />;
  if (a.isError) return <Alert severity="warning" action={<Button component={RouterLink} to={PATH}>{t('announcements.all')}</Button>}>{t('announcements.gone')}</Alert>;
  return (
    <Stack spacing={1} data-testid="announcement">
      <Box><Button component={RouterLink} to={PATH} size="small">{t('announcements.back')}</Button></Box>
      <Typography variant="h5" component="h1">{a.data.Title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('announcements.published', { day: new Date(a.data.PublishedAt ?? a.data.UpdatedAt).toLocaleDateString(i18n.language), count: a.data.Titles.length })}
      </Typography>
      {a.data.Intro && <Typography sx={{ whiteSpace: 'pre-line' }}>{a.data.Intro}</Typography>}
      <Box component="ol" sx={{ p: 0, m: 0 }}>{a.data.Titles.map((x) => <TitleRow key={x.ID} title={x} />)}</Box>
    </Stack>
  );
}

function List() {
  const { t, i18n } = useTranslation('library-info');
  const list = usePublishedAnnouncements(1);
  return (
    <Stack spacing={1}>
      <Typography variant="h5" component="h1">{t('announcements.title')}</Typography>
      <Typography color="text.secondary">{t('announcements.hint')}</Typography>
      {list.isPending && <Skeleton variant="rectangular" height={160} />}
      {list.isError && <Alert severity="error">{t('failed')}</Alert>}
      {list.data?.Total === 0 && <Alert severity="info">{t('announcements.none')}</Alert>}
      <Box component="ul" sx={{ p: 0, m: 0 }} data-testid="announcements">
        {list.data?.List.map((a) => (
          <Box component="li" key={a.ID} sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              <Link component={RouterLink} to={`${PATH}?id=${a.ID}`} underline="hover" data-testid={`announcement-${a.ID}`}>{a.Title}</Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('announcements.published', { day: new Date(a.PublishedAt ?? a.UpdatedAt).toLocaleDateString(i18n.language), count: a.TitleCount })}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** /search/NewBookAnnouncement: the published new-book announcements; ?id= shows one with its books. */
export default function AnnouncementsScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Stack spacing={2}>
      {Number.isInteger(id) && id > 0 ? <One id={id} /> : <List />}
      <LibraryLinks current={PATH} />
    </Stack>
  );
}
