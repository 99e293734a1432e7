import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityTheme } from '../../../shared/api/activities.ts';
import { ActivityCard } from './activity-parts.tsx';
import { PORTAL_ACTIVITY_PATHS as PATHS, pageParam, stateParam, STATE_FILTERS } from './activity-paths.ts';
import { useActivities, useThemes } from './activity-queries.ts';
import { StateFilterButtons } from './state-filter.tsx';

const ROWS = 10;

function ThemeCard({ theme }: { theme: ActivityTheme }) {
  const { t } = useTranslation('activities');
  return (
    <Paper variant="outlined" sx={{ width: '100%', height: '100%' }} data-testid={`theme-${theme.ID}`}>
      <CardActionArea component={RouterLink} to={PATHS.theme!(theme.ID)} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }} data-testid="theme-link">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{theme.Title}</Typography>
        {theme.Summary && (
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{theme.Summary}</Typography>
        )}
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 'auto', pt: 1 }}>
          {t('list.themeCounts', { activities: theme.Activities, doing: theme.Doing, submissions: theme.Submissions })}
        </Typography>
      </CardActionArea>
    </Paper>
  );
}

/** /search/themeList: the school's reading themes, then its activities (running first), filtered by state. */
export default function ThemeListScreen() {
  const { t } = useTranslation('activities');
  const [params, setParams] = useSearchParams();
  const state = stateParam(params.get('state'));
  const page = pageParam(params.get('page'));
  const themes = useThemes({ Page: 1, Rows: 12 });
  const acts = useActivities({ Page: page, Rows: ROWS, ...(state !== 'all' ? { State: state } : {}) });
  const pages = acts.data ? Math.ceil(acts.data.Total / ROWS) : 0;
  const set = (patch: Record<string, string | null>) => setParams((p) => {
    const next = new URLSearchParams(p);
    for (const [k, v] of Object.entries(patch)) if (v == null) next.delete(k); else next.set(k, v);
    return next;
  });
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h5" component="h1">{t('list.title')}</Typography>
        <Typography color="text.secondary">{t('list.intro')}</Typography>
      </div>
      <section aria-labelledby="themes-heading">
        <Typography variant="h6" component="h2" id="themes-heading" sx={{ mb: 1 }}>{t('list.themes')}</Typography>
        {themes.isPending && <Skeleton height={100} />}
        {themes.isError && <Alert severity="error">{t('list.failed')}</Alert>}
        {themes.data && themes.data.List.length === 0 && <Typography color="text.secondary">{t('list.noThemes')}</Typography>}
        <Grid container spacing={1.5} component="ul" sx={{ p: 0, m: 0 }} data-testid="theme-list">
          {themes.data?.List.map((x) => <Grid key={x.ID} component="li" size={{ xs: 12, sm: 6, md: 4 }} sx={{ display: 'flex', listStyle: 'none' }}><ThemeCard theme={x} /></Grid>)}
        </Grid>
      </section>
      <section aria-labelledby="activities-heading">
        <Stack direction="row" sx={{ mb: 1, gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="activities-heading">{t('list.activities')}</Typography>
          <StateFilterButtons value={state} options={STATE_FILTERS} onChange={(v) => set({ state: v === 'all' ? null : v, page: null })} />
        </Stack>
        {acts.isPending && <Skeleton height={160} />}
        {acts.isError && <Alert severity="error">{t('list.failed')}</Alert>}
        {acts.data && acts.data.List.length === 0 && <Alert severity="info" data-testid="activities-empty">{page > 1 ? t('list.pastEnd') : t('list.noActivities')}</Alert>}
        <Grid container spacing={1.5} component="ul" sx={{ p: 0, m: 0 }} data-testid="activity-list">
          {acts.data?.List.map((a) => <Grid key={a.ID} component="li" size={{ xs: 12, md: 6 }} sx={{ display: 'flex', listStyle: 'none' }}><ActivityCard a={a} to={PATHS.activity(a)} /></Grid>)}
        </Grid>
        {pages > 1 && <Pagination count={pages} page={Math.min(page, pages)} onChange={(_e, p) => set({ page: String(p) })} sx={{ mt: 2, '& ul': { justifyContent: 'center' } }} />}
      </section>
    </Stack>
  );
}
