import type { Job } from '../../../shared/api/jobs.ts';
import { JobState } from '../../../shared/api/jobs.ts';

/** Progress has reached DataCount: the file is generated (spec section 4). */
export function isComplete(job: Pick<Job, 'Progress' | 'DataCount' | 'State'>): boolean {
  if (job.State === JobState.done) return true;
  return job.DataCount > 0 && job.Progress >= job.DataCount;
}

export function isFinished(job: Pick<Job, 'Progress' | 'DataCount' | 'State' | 'ResultFile'>): boolean {
  if (job.State === JobState.failed || job.State === JobState.stopped) return true;
  return isComplete(job) && job.ResultFile !== '';
}

export function percentOf(job: Pick<Job, 'Progress' | 'DataCount' | 'State'>): number {
  if (isComplete(job)) return 100;
  if (job.DataCount <= 0) return 0;
  return Math.min(99, Math.floor((job.Progress / job.DataCount) * 100));
}
