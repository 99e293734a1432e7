import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { jobCalls, JobState, type Job } from '../../../shared/api/jobs.ts';
import { PROGRESS_POLL_MS } from '../../../shared/domain/ui-constants.ts';
import { call } from '../../lib/api-client.ts';
import { downloadJobFile } from '../../lib/download-job-file.ts';
import { isComplete, isFinished, percentOf } from './job-progress.ts';

/** One job in the download panel; polls GetProgress every second until the file exists. */
export function JobRow({ dataId, initial }: { dataId: string; initial?: Job | undefined }) {
  const { t } = useTranslation('shell');
  const needsPolling = !initial || !isFinished(initial);
  const { data } = useQuery({
    queryKey: ['jobs', 'progress', dataId],
    queryFn: () => call(jobCalls.getProgress, { DataID: dataId }, { toast: false }),
    enabled: needsPolling,
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data) ? false : PROGRESS_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const job = data ?? initial;
  const [fetching, setFetching] = useState(false);
  const percent = job ? percentOf(job) : 0;
  const done = job ? isComplete(job) : false;
  const failed = job?.State === JobState.failed || job?.State === JobState.stopped;
  return (
    <Box data-testid={`job-row-${dataId}`} data-percent={percent} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" noWrap title={job?.FileName}>{job?.FileName || dataId}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={failed ? 'error' : done ? 'success' : 'primary'}
          sx={{ flex: 1 }}
          data-testid={`job-progress-${dataId}`}
        />
        <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>{percent}%</Typography>
      </Box>
      {failed ? (
        <Typography variant="caption" color="error">{job?.Message || t(job?.State === JobState.stopped ? 'jobs.stopped' : 'jobs.failed')}</Typography>
      ) : done && job?.ResultFile ? (
        <Typography variant="caption" component="div">
          {t('jobs.ready')}{' '}
          <Link
            component="button"
            type="button"
            variant="caption"
            disabled={fetching}
            data-testid={`job-download-${dataId}`}
            onClick={() => {
              setFetching(true);
              downloadJobFile(job)
                .catch(() => {}) // the client has toasted why
                .finally(() => setFetching(false));
            }}
          >
            {t('jobs.download')}
          </Link>
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {job ? t('jobs.progress', { progress: job.Progress, total: job.DataCount }) : t('jobs.starting')}
        </Typography>
      )}
    </Box>
  );
}
