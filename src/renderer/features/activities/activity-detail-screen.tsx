import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatesLine, StateChip } from './activity-parts.tsx';
import { idParam, PORTAL_ACTIVITY_PATHS as PATHS } from './activity-paths.ts';
import { useActivityInfo, useEntries } from './activity-queries.ts';
import { BackButton } from './back-button.tsx';
import { EntryList } from './entry-list.tsx';
import { SubmitEntryForm } from './submit-entry-form.tsx';
import { TaskCard } from './task-card.tsx';

const ENTRY_ROWS = 10;

/**
 * /search/themeList/activity-details?id=: one activity: its text, dates and state, its tasks with
 * their book lists (each title links to its page), the readers' entries, and a signed-in reader's
 * own entry while it runs.
 */
export default function ActivityDetailScreen() {
  const { t } = useTranslation('activities');
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const info = useActivityInfo(id);
  const [page, setPage] = useState(1);
  const entries = useEntries(id != null ? { activityId: id } : null, page, ENTRY_ROWS);
  const back = <BackButton fallback={PATHS.list} label={t('detail.back')} />;
  if (id == null || info.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <Typography variant="h5" component="h1">{t('list.activities')}</Typography>
        <Alert severity="warning" data-testid="activity-missing">{t('detail.notFound')}</Alert>
      </Stack>
    );
  }
  const a = info.data;
  if (!a) return <Stack spacing={2}>{back}<Skeleton height={48} /><Skeleton height={160} /></Stack>;
  return (
    <Stack spacing={3} data-testid="activity-detail">
      {back}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{a.Title}</Typography>
          <Box sx={{ flexShrink: 0, pt: 0.5 }}><StateChip state={a.State} /></Box>
        </Stack>
        <DatesLine a={a} today={a.Today} />
        {a.Organizer && <Typography variant="body2" color="text.secondary">{t('dates.organizer', { name: a.Organizer })}</Typography>}
        <Typography variant="body2">
          <Link component={RouterLink} to={PATHS.theme!(a.ThemeID)} underline="hover">{t('detail.theme', { title: a.ThemeTitle })}</Link>
        </Typography>
        {a.Summary && <Typography sx={{ mt: 1, fontWeight: 500, overflowWrap: 'anywhere' }}>{a.Summary}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('list.activityCounts', { tasks: a.Tasks, participants: a.Participants, submissions: a.Submissions })}
        </Typography>
      </Paper>
      {a.Body && (
        <section aria-labelledby="activity-about">
          <Typography variant="h6" component="h2" id="activity-about">{t('detail.about')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="activity-body">{a.Body}</Typography>
        </section>
      )}
      <section aria-labelledby="activity-tasks">
        <Typography variant="h6" component="h2" id="activity-tasks" sx={{ mb: 1 }}>{t('detail.tasks')}</Typography>
        {a.TaskList.length === 0 && <Typography color="text.secondary">{t('detail.noTasks')}</Typography>}
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} data-testid="task-list">
          {a.TaskList.map((task) => <TaskCard key={task.ID} task={task} bookPath={PATHS.book} />)}
        </Stack>
      </section>
      <SubmitEntryForm activity={a} />
      <section aria-labelledby="activity-entries">
        <Typography variant="h6" component="h2" id="activity-entries" sx={{ mb: 1 }}>{t('detail.submissions')}</Typography>
        <EntryList data={entries.data} pending={entries.isPending} failed={entries.isError} page={page} rows={ENTRY_ROWS} onPage={setPage} />
      </section>
    </Stack>
  );
}
