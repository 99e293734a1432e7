import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { rolloverCalls, type RolloverBatch } from '../../../shared/api/rollover.ts';
import { call } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { useCanDo } from './use-can.ts';
import { ActionsHeaderCell } from '../../kit/grid/actions-header-cell.tsx';

/** Past rollovers; the latest applied one can be undone as a whole. */
export function RolloverHistory() {
  const { t, i18n } = useTranslation('roles');
  const qc = useQueryClient();
  const canUndo = useCanDo('people.rollover.undo');
  const [undoing, setUndoing] = useState<RolloverBatch | null>(null);
  const list = useQuery({ queryKey: ['rollover', 'history'], queryFn: () => call(rolloverCalls.history, { Page: 1, Rows: 50 }) });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <section data-testid="rollover-history">
      <Typography variant="subtitle1">{t('rollover.history')}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {['when', 'by', 'promotedN', 'graduatedN', 'expiredN', 'movedN', 'state'].map((k) => <TableCell key={k}>{t(`rollover.${k}`)}</TableCell>)}
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data?.List.map((b) => (
            <TableRow key={b.ID} data-testid={`rollover-batch-${b.ID}`}>
              <TableCell>{when(b.CreatedAt)}</TableCell>
              <TableCell>{b.CreatedBy}</TableCell>
              <TableCell>{b.Promoted}</TableCell>
              <TableCell>{b.Graduated}</TableCell>
              <TableCell>{b.Expired}</TableCell>
              <TableCell>{b.Moved}</TableCell>
              <TableCell data-testid="rollover-state">{t(`rollover.states.${b.State}`)}{b.UndoneAt ? ` (${when(b.UndoneAt)})` : ''}</TableCell>
              <TableCell align="right">
                {canUndo && b.CanUndo && <Button size="small" color="warning" onClick={() => setUndoing(b)} data-testid="rollover-undo">{t('rollover.undo')}</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {undoing && (
        <ConfirmDialog open title={t('rollover.undoTitle')} body={t('rollover.undoBody')} confirmLabel={t('rollover.undo')} onClose={() => setUndoing(null)}
          onConfirm={async () => {
            await call(rolloverCalls.undo, { ID: undoing.ID }, { toast: false });
            await qc.invalidateQueries({ queryKey: ['rollover'] });
          }} />
      )}
    </section>
  );
}
