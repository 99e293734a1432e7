import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityDetail } from '../../../shared/api/activities.ts';
import { DatesLine, StateChip } from './activity-parts.tsx';
import { GUIDE_ACTIVITY_PATHS as PATHS, idParam } from './activity-paths.ts';
import { useActivityInfo, useEntries } from './activity-queries.ts';
import { EntryList } from './entry-list.tsx';
import { TaskCard } from './task-card.tsx';

const ENTRY_ROWS = 4;

/** An ended activity's results in big figures: who took part, what they wrote, how many finished a task. */
function Results({ a }: { a: ActivityDetail }) {
  const { t } = useTranslation('activities');
  const figures: Array<[string, number, string]> = [
    [t('detail.participants'), a.Participants, 'participants'],
    [t('detail.entries'), a.Submissions, 'entries'],
    [t('detail.completions'), a.TaskList.reduce((n, x) => n + x.Completed, 0), 'completions'],
  ];
  return (
    <Paper variant="outlined" component="section" sx={{ p: 3, borderWidth: 2 }} aria-labelledby="results-heading" data-testid="activity-results">
      <Typography variant="h4" component="h2" id="results-heading">{t('detail.results')}</Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 2 }}>{t('guide.results')}</Typography>
      <Grid container spacing={3}>
        {figures.map(([label, n, key]) => (
          <Grid key={key} size={4}>
            <Typography component="p" variant="h2" sx={{ fontWeight: 700, color: 'primary.main' }} data-testid={`result-${key}`}>{n}</Typography>
            <Typography component="p" variant="h6" sx={{ fontWeight: 400 }}>{label}</Typography>
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

/**
 * The kiosk's page of one activity (/guidescreen/activitydetaildoing and /activitydetailend):
 * large type, its tasks as big cards that open the task's book list; an ended one leads with
 * its results. Entries are shown, not written (the kiosk signs no one in).
 */
export function GuideActivityDetail({ ended }: { ended: boolean }) {
  const { t } = useTranslation('activities');
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const info = useActivityInfo(id);
  const [page, setPage] = useState(1);
  const entries = useEntries(id != null ? { activityId: id } : null, page, ENTRY_ROWS);
  if (id == null || info.isError) {
    return (
      <Stack spacing={2}>
        <Typography variant="h3" component="h1">{t('guide.title')}</Typography>
        <Alert severity="warning" sx={{ fontSize: '1.25rem' }} data-testid="activity-missing">{t('detail.notFound')}</Alert>
      </Stack>
    );
  }
  const a = info.data;
  if (!a) return <Stack spacing={2}><Skeleton height={80} /><Skeleton height={300} /></Stack>;
  const results = ended || a.State === 'ended';
  return (
    <Stack spacing={3} sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="activity-detail">
      <Box>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.Title}</Typography>
          <StateChip state={a.State} large />
        </Stack>
        <DatesLine a={a} today={a.Today} variant="h6" />
        {a.Organizer && <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>{t('dates.organizer', { name: a.Organizer })}</Typography>}
      </Box>
      {results && <Results a={a} />}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={3}>
            {(a.Summary || a.Body) && (
              <Paper variant="outlined" component="section" sx={{ p: 3 }} aria-labelledby="about-heading">
                <Typography variant="h5" component="h2" id="about-heading">{t('detail.about')}</Typography>
                {a.Summary && <Typography variant="h6" component="p" sx={{ mt: 1 }}>{a.Summary}</Typography>}
                {a.Body && <Typography variant="h6" component="p" sx={{ mt: 1, fontWeight: 400, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{a.Body}</Typography>}
              </Paper>
            )}
            <section aria-labelledby="tasks-heading">
              <Typography variant="h5" component="h2" id="tasks-heading" sx={{ mb: 1.5 }}>{t('detail.tasks')}</Typography>
              {a.TaskList.length === 0 && <Typography variant="h6" color="text.secondary">{t('detail.noTasks')}</Typography>}
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} data-testid="task-list">
                {a.TaskList.map((task) => <TaskCard key={task.ID} task={task} bookPath={PATHS.book} taskPath={PATHS.task!(a.ID, task.ID)} large />)}
              </Stack>
            </section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <section aria-labelledby="entries-heading">
            <Typography variant="h5" component="h2" id="entries-heading" sx={{ mb: 1.5 }}>{t('detail.submissions')}</Typography>
            {!results && <Typography variant="body1" color="text.secondary" sx={{ mb: 1 }}>{t('guide.scanHint')}</Typography>}
            <EntryList data={entries.data} pending={entries.isPending} failed={entries.isError} page={page} rows={ENTRY_ROWS} onPage={setPage} large />
          </section>
        </Grid>
      </Grid>
    </Stack>
  );
}
