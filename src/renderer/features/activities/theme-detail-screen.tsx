import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActivityCard } from './activity-parts.tsx';
import { idParam, PORTAL_ACTIVITY_PATHS as PATHS } from './activity-paths.ts';
import { useActivities, useEntries, useThemes } from './activity-queries.ts';
import { BackButton } from './back-button.tsx';
import { EntryList } from './entry-list.tsx';

const ENTRY_ROWS = 10;

/** /search/themeList/details?id=: one reading theme: what it is about, its activities and the latest entries. */
export default function ThemeDetailScreen() {
  const { t } = useTranslation('activities');
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const theme = useThemes({ Page: 1, Rows: 1, ID: id ?? undefined });
  const acts = useActivities({ Page: 1, Rows: 50, ThemeID: id ?? undefined });
  const [page, setPage] = useState(1);
  const entries = useEntries(id != null ? { themeId: id } : null, page, ENTRY_ROWS);
  const back = <BackButton fallback={PATHS.list} label={t('theme.back')} />;
  const th = theme.data?.List[0];
  if (id == null || theme.isError || (theme.data && !th)) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h5" component="h1">{t('list.themes')}</Typography>
        <Alert severity="warning" data-testid="theme-missing">{t('theme.notFound')}</Alert>
      </Stack>
    );
  }
  if (!th) return <Stack spacing={2}>{back}<Skeleton height={48} /><Skeleton height={160} /></Stack>;
  return (
    <Stack spacing={3} data-testid="theme-detail">
      {back}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{th.Title}</Typography>
        {th.Summary && <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{th.Summary}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('list.themeCounts', { activities: th.Activities, doing: th.Doing, submissions: th.Submissions })}
        </Typography>
      </Paper>
      <section aria-labelledby="theme-activities">
        <Typography variant="h6" component="h2" id="theme-activities" sx={{ mb: 1 }}>{t('theme.activities')}</Typography>
        {acts.isPending && <Skeleton height={120} />}
        {acts.data?.List.length === 0 && <Typography color="text.secondary">{t('list.noActivities')}</Typography>}
        <Grid container spacing={1.5} component="ul" sx={{ p: 0, m: 0 }} data-testid="activity-list">
          {acts.data?.List.map((a) => (
            <Grid key={a.ID} component="li" size={{ xs: 12, md: 6 }} sx={{ display: 'flex', listStyle: 'none' }}>
              <ActivityCard a={a} to={PATHS.activity(a)} showTheme={false} />
            </Grid>
          ))}
        </Grid>
      </section>
      <section aria-labelledby="theme-entries">
        <Typography variant="h6" component="h2" id="theme-entries" sx={{ mb: 1 }}>{t('theme.recent')}</Typography>
        <EntryList data={entries.data} pending={entries.isPending} failed={entries.isError} page={page} rows={ENTRY_ROWS} onPage={setPage} showActivity />
      </section>
    </Stack>
  );
}
