import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActivityCard } from './activity-parts.tsx';
import { GUIDE_ACTIVITY_PATHS as PATHS, pageParam, stateParam, type StateFilter } from './activity-paths.ts';
import { useActivities } from './activity-queries.ts';
import { StateFilterButtons } from './state-filter.tsx';

const ROWS = 6;
const OPTIONS: readonly StateFilter[] = ['doing', 'notStarted', 'ended'];

/** /guidescreen/schoolactivity: the school's activities as big cards, running ones first; tap one to open it. */
export default function GuideActivityListScreen() {
  const { t } = useTranslation('activities');
  const [params, setParams] = useSearchParams();
  const state = stateParam(params.get('state'), 'doing');
  const page = pageParam(params.get('page'));
  const acts = useActivities({ Page: page, Rows: ROWS, State: state === 'all' ? 'doing' : state });
  const pages = acts.data ? Math.ceil(acts.data.Total / ROWS) : 0;
  // Replace, not push: the kiosk's Back returns to the start screen, not through every filter tapped.
  const go = (next: { state?: StateFilter; page?: number }) => setParams((p) => {
    const q = new URLSearchParams(p);
    if (next.state) { q.set('state', next.state); q.delete('page'); }
    if (next.page) q.set('page', String(next.page));
    return q;
  }, { replace: true });
  return (
    <Stack spacing={3} sx={{ maxWidth: 1600, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <div>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }}>{t('guide.title')}</Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>{t('guide.hint')}</Typography>
        </div>
        <StateFilterButtons value={state} options={OPTIONS} onChange={(v) => go({ state: v })} large />
      </Stack>
      {acts.isPending && <Skeleton height={300} />}
      {acts.isError && <Alert severity="error" sx={{ fontSize: '1.25rem' }}>{t('list.failed')}</Alert>}
      {acts.data && acts.data.List.length === 0 && <Alert severity="info" sx={{ fontSize: '1.25rem' }} data-testid="activities-empty">{t('list.noActivities')}</Alert>}
      <Grid container spacing={3} component="ul" sx={{ p: 0, m: 0 }} data-testid="activity-list">
        {acts.data?.List.map((a) => (
          <Grid key={a.ID} component="li" size={{ xs: 12, md: 6, lg: 4 }} sx={{ display: 'flex', listStyle: 'none' }}>
            <ActivityCard a={a} to={PATHS.activity(a)} large heading="h2" />
          </Grid>
        ))}
      </Grid>
      {pages > 1 && <Pagination count={pages} page={Math.min(page, pages)} onChange={(_e, p) => go({ page: p })} size="large" sx={{ '& ul': { justifyContent: 'center' } }} />}
    </Stack>
  );
}
