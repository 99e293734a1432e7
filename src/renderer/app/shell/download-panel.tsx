import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudDownload from '@mui/icons-material/CloudDownload';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { jobCalls, JobState } from '../../../shared/api/jobs.ts';
import { TASK_LIST_PAGE_SIZE } from '../../../shared/domain/ui-constants.ts';
import { call } from '../../lib/api-client.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { JOBS_QUERY_KEY } from '../../lib/use-start-job.ts';
import { JobRow } from './job-row.tsx';

/**
 * The floating download-task panel of every admin screen: the user's running and recent jobs,
 * each polled until its file is ready; collapses to a button; "view more" opens /process.
 */
export function DownloadPanel() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { started, expanded } = useSyncExternalStore(jobsStore.subscribe, jobsStore.get, jobsStore.get);
  const list = useQuery({
    queryKey: [...JOBS_QUERY_KEY, 'panel'],
    queryFn: () => call(jobCalls.getProgressList, { Page: 1, Rows: TASK_LIST_PAGE_SIZE }, { toast: false }),
    staleTime: 0,
  });
  const jobs = list.data?.List ?? [];
  const known = new Set(jobs.map((j) => j.DataID));
  const extra = started.filter((d) => !known.has(d));
  const running = jobs.filter((j) => j.State === JobState.running).length + extra.length;

  return (
    <Box
      data-testid="download-panel"
      data-expanded={expanded ? 'true' : 'false'}
      sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (th) => th.zIndex.speedDial }}
    >
      {expanded ? (
        <Paper elevation={8} sx={{ width: 340, maxHeight: 420, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>{t('jobs.title')}</Typography>
        {(list.isFetching || running > 0) && <CircularProgress size={16} data-testid="download-panel-loading" aria-label={t('jobs.loading')} />}
        <IconButton size="small" data-testid="download-panel-toggle" aria-label={t('jobs.collapse')} onClick={() => jobsStore.setExpanded(false)}>
          <ExpandMore fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ overflowY: 'auto', px: 2, flex: 1 }}>
        {extra.map((d) => (
          <JobRow key={d} dataId={d} />
        ))}
        {jobs.map((j) => (
          <JobRow key={j.DataID} dataId={j.DataID} initial={j} />
        ))}
        {jobs.length === 0 && extra.length === 0 && !list.isFetching && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>{t('jobs.empty')}</Typography>
        )}
      </Box>
      <Box sx={{ px: 1, py: 0.5, borderTop: 1, borderColor: 'divider', textAlign: 'right' }}>
        <Button size="small" data-testid="download-panel-more" onClick={() => void navigate('/process')}>
          {t('jobs.viewMore')}
        </Button>
      </Box>
        </Paper>
      ) : (
        // The name says what the badge shows, so it holds the visible count (WCAG 2.5.3); no badge at 0.
        <Fab
          size="small" color="primary" data-testid="download-panel-toggle"
          aria-label={running > 0 ? t('jobs.openRunning', { count: running }) : t('jobs.open')}
          onClick={() => jobsStore.setExpanded(true)}
        >
          <Badge color="secondary" badgeContent={running > 0 ? running : undefined}>
            <CloudDownload />
          </Badge>
        </Fab>
      )}
    </Box>
  );
}
