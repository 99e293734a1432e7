import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lossCalls as L } from '../../../shared/api/loss.ts';
import type { CallInput } from '../../../shared/api/contract.ts';
import { call } from '../../lib/api-client.ts';
import { LOSS_RESOURCE_IDS } from './loss.resource.ts';

/** The loss writes, each refreshing every loss list when done (the kit keys lists by resource id). */
export function useLossActions() {
  const qc = useQueryClient();
  const onSuccess = () => Promise.all(LOSS_RESOURCE_IDS.map((id) => qc.invalidateQueries({ queryKey: [id] })));
  const opts = { onSuccess } as const;
  return {
    register: useMutation({ mutationFn: (i: CallInput<typeof L.register>) => call(L.register, i), ...opts }),
    compensate: useMutation({ mutationFn: (i: CallInput<typeof L.compensate>) => call(L.compensate, i), ...opts }),
    adjust: useMutation({ mutationFn: (i: CallInput<typeof L.adjust>) => call(L.adjust, i), ...opts }),
    refund: useMutation({ mutationFn: (i: CallInput<typeof L.refund>) => call(L.refund, i), ...opts }),
    found: useMutation({ mutationFn: (i: CallInput<typeof L.found>) => call(L.found, i), ...opts }),
    /** A scan screen shows the refusal on the book's own line: no toast as well. */
    foundQuiet: useMutation({ mutationFn: (i: CallInput<typeof L.found>) => call(L.found, i, { toast: false }), ...opts }),
    writeOff: useMutation({ mutationFn: (i: CallInput<typeof L.borrowingBookWeeding>) => call(L.borrowingBookWeeding, i), ...opts }),
  };
}
