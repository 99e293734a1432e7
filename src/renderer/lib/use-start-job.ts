import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallData, CallDef, CallInput } from '../../shared/api/contract.ts';
import { call } from './api-client.ts';
import { jobsStore } from './jobs-store.ts';

export const JOBS_QUERY_KEY = ['jobs'] as const;

/**
 * Starts a job-producing call (it returns { DataID }) and hands the job to the download panel
 * immediately; the panel then polls its progress.
 */
export function useStartJob<C extends CallDef>(def: C) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => call(def, input) as Promise<CallData<C>>,
    onSuccess: (data) => {
      const id = (data as { DataID?: unknown } | null)?.DataID;
      if (typeof id === 'string') jobsStore.track(id);
      void qc.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    },
  });
}
