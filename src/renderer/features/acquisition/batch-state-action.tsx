import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { acquisitionCalls, BATCH_PERMS, type Batch } from '../../../shared/api/acquisition.ts';
import { BATCH_ACTIONS, batchActionsFrom, type BatchAction } from '../../../shared/domain/batch-rules.ts';
import { getQueryOptions, resourceKey } from '../../kit/data/resource-queries.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { batchResource } from './batch.resource.ts';
import { newer } from './batch-format.tsx';

/** Whether the signed-in user holds an operation key ('*' holds all); the gateway checks anyway. */
function useOps(): (key: string) => boolean {
  const ops = useSession().menus?.Operations ?? [];
  return (key) => ops.includes('*') || ops.includes(key);
}

/** What each action needs: accepting and closing the state operation, reopening also its own. */
const NEEDS: Record<BatchAction, readonly string[]> = {
  accept: [BATCH_PERMS.state],
  close: [BATCH_PERMS.state],
  reopen: [BATCH_PERMS.state, BATCH_PERMS.reopen],
};

/**
 * The one state change a batch offers (accept, close or reopen), behind a confirmation that says
 * what it means. The reply is the batch itself: it goes into the query cache at once, so the
 * detail drawer and this button follow the new state before the list has been fetched again.
 */
export function BatchStateAction({ row }: { row: Batch }) {
  const { t } = useTranslation(['acquisition', 'common']);
  const qc = useQueryClient();
  const has = useOps();
  // Only reads what the detail pane (or an earlier action) put in the cache; never fetches per row.
  const cached = useQuery({ ...getQueryOptions(batchResource, row.ID), enabled: false }).data as Batch | undefined;
  const batch = newer(row, cached);
  const [asking, setAsking] = useState<BatchAction | null>(null);
  const actions = batchActionsFrom(batch.State).filter((a) => NEEDS[a].every(has));
  if (!actions.length) return null;
  const run = async (action: BatchAction) => {
    const data = await call(acquisitionCalls.setBatchState, { ID: batch.ID, State: BATCH_ACTIONS[action].to }, { toast: false });
    qc.setQueryData(getQueryOptions(batchResource, batch.ID).queryKey, data);
    await qc.invalidateQueries({ queryKey: [...resourceKey(batchResource), 'list'] });
    toast.key(`acquisition:done.${action}`, 'success');
  };
  return (
    <>
      {actions.map((a) => (
        <Button key={a} size="small" onClick={() => setAsking(a)} data-testid={`batch-${a}-${batch.ID}`}>{t(`actions.${a}`)}</Button>
      ))}
      <ConfirmDialog
        open={asking != null}
        title={asking ? t(`confirm.${asking}.title`, { no: batch.BatchNo }) : ''}
        body={asking ? t(`confirm.${asking}.body`) : ''}
        confirmLabel={asking ? t(`actions.${asking}`) : undefined}
        danger={false}
        onConfirm={() => run(asking!)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
