import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TitleCard } from './title-card.tsx';
import { useSearchPaths } from './search-paths.tsx';
import { useBulletins, useClasses, useHotWords, useLibraryFigures, useRecommended } from './search-queries.ts';

function Section({ title, more, children, testId }: { title: string; more?: { to: string; label: string }; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>{title}</Typography>
        {more && <Link component={RouterLink} to={more.to} underline="hover">{more.label}</Link>}
      </Stack>
      {children}
    </Paper>
  );
}

const Loading = () => <Stack spacing={1}>{[0, 1, 2].map((i) => <Skeleton key={i} height={48} />)}</Stack>;

/** What readers search for most (and what the library pinned), as one-tap searches. */
export function HotWords() {
  const { t } = useTranslation('search');
  const words = useHotWords();
  const paths = useSearchPaths();
  if (!words.data?.length) return null;
  return (
    <Box component="nav" aria-label={t('home.hotWords')} data-testid="hot-words" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'center' }}>
      <Typography variant="body2" color="text.secondary">{t('home.hotWords')}</Typography>
      {words.data.map((w) => (
        <Chip key={w.Word} size="small" variant="outlined" component={RouterLink} to={`${paths.results}?q=${encodeURIComponent(w.Word)}`} clickable label={w.Word} />
      ))}
    </Box>
  );
}

/** The 22 CLC main classes that hold titles, as one-tap searches. */
export function ClassChips() {
  const { t, i18n } = useTranslation('search');
  const classes = useClasses('');
  const paths = useSearchPaths();
  const shown = (classes.data ?? []).filter((c) => c.Titles > 0);
  if (!shown.length) return null;
  return (
    <Box component="nav" aria-label={t('home.browse')} data-testid="class-chips" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {shown.map((c) => (
        <Chip
          key={c.Code} component={RouterLink} to={`${paths.results}?class=${encodeURIComponent(c.Code)}`} clickable
          label={`${c.Code} ${i18n.language === 'en-US' ? c.EnName : c.Name}`} title={t('home.classTitles', { count: c.Titles })}
          sx={{ maxWidth: 260 }}
        />
      ))}
    </Box>
  );
}

export function PortalHomeSections() {
  const { t } = useTranslation('search');
  const fresh = useRecommended('new', 6);
  const hot = useRecommended('hot', 6, 90);
  const news = useBulletins(1, 5);
  const figures = useLibraryFigures();
  const paths = useSearchPaths();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          <Section title={t('home.new')} more={{ to: paths.newBooks, label: t('home.more') }} testId="home-new">
            {fresh.isPending ? <Loading /> : fresh.data?.length ? (
              <Box component="ol" sx={{ p: 0, m: 0 }}>{fresh.data.map((x) => <TitleCard key={x.ID} title={x} heading="h3" />)}</Box>
            ) : <Typography color="text.secondary">{t('home.noNew')}</Typography>}
          </Section>
          <Section title={t('home.hot')} testId="home-hot">
            {hot.isPending ? <Loading /> : hot.data?.length ? (
              <Box component="ol" sx={{ p: 0, m: 0 }}>{hot.data.map((x) => <TitleCard key={x.ID} title={x} heading="h3" extra={t('home.loans', { count: x.Loans })} />)}</Box>
            ) : <Typography color="text.secondary">{t('home.noHot')}</Typography>}
          </Section>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={2}>
          <Section title={t('home.news')} more={{ to: paths.newsList, label: t('home.more') }} testId="home-news">
            {news.isPending ? <Loading /> : news.data?.List.length ? (
              <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                {news.data.List.map((n) => (
                  <li key={n.ID}>
                    <Link component={RouterLink} to={paths.newsDetail(n.ID)} underline="hover" sx={{ overflowWrap: 'anywhere' }}>{n.Title}</Link>
                    <Typography variant="caption" color="text.secondary" component="div">{n.PublishTime.slice(0, 10)}</Typography>
                  </li>
                ))}
              </Stack>
            ) : <Typography color="text.secondary">{t('news.none')}</Typography>}
          </Section>
          {figures.data && (
            <Section title={t('home.figures')} testId="home-figures">
              <Grid container spacing={1}>
                {(['Titles', 'Copies', 'AvailableCopies', 'LoansThisMonth'] as const).map((k) => (
                  <Grid size={6} key={k}>
                    <Typography variant="h5" component="p">{figures.data[k].toLocaleString()}</Typography>
                    <Typography variant="body2" color="text.secondary">{t(`figures.${k}`)}</Typography>
                  </Grid>
                ))}
              </Grid>
            </Section>
          )}
        </Stack>
      </Grid>
    </Grid>
  );
}
