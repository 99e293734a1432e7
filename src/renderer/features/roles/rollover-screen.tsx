import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolloverCalls, type GroupMapEntry, type RolloverPlan } from '../../../shared/api/rollover.ts';
import { call } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { RolloverPreview } from './rollover-preview.tsx';
import { RolloverHistory } from './rollover-history.tsx';
import { useCanDo } from './use-can.ts';

/** /department/dept-upgrade: preview the school-year rollover, apply it in one go, undo the latest. */
export default function RolloverScreen() {
  const { t } = useTranslation('roles');
  const qc = useQueryClient();
  const canRun = useCanDo('people.rollover.run');
  const [plan, setPlan] = useState<RolloverPlan | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  // The group mapping of this rollover: previewed with the plan and sent again with the commit.
  const [map, setMap] = useState<GroupMapEntry[]>([]);
  const preview = useMutation({
    mutationFn: (next: GroupMapEntry[]) => call(rolloverCalls.preview, { GroupMap: next }),
    onSuccess: (p, next) => { setPlan(p); setMap(next); setDone(false); },
  });
  const empty = plan != null && plan.Promoted.length === 0 && plan.Graduating.length === 0;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h1">{t('rollover.title')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('rollover.intro')}</Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => preview.mutate(map)} disabled={preview.isPending} data-testid="rollover-preview-btn">{t('rollover.preview')}</Button>
        {canRun && plan && !empty && (
          <Button variant="contained" onClick={() => setConfirming(true)} data-testid="rollover-commit">{t('rollover.commit')}</Button>
        )}
      </Stack>
      {done && <Alert severity="success" data-testid="rollover-done">{t('rollover.done')}</Alert>}
      {empty && <Alert severity="info">{t('rollover.nothing')}</Alert>}
      {plan && !empty && <RolloverPreview plan={plan} map={map} onMap={(next) => preview.mutate(next)} />}
      <RolloverHistory />
      {confirming && plan && (
        <ConfirmDialog open title={t('rollover.confirmTitle')} confirmLabel={t('rollover.commit')}
          body={t('rollover.confirmBody', { promoted: plan.Promoted.length, graduating: plan.Graduating.length, expiring: plan.Expiring.length, moved: plan.GroupMoves.length })}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await call(rolloverCalls.commit, { Fingerprint: plan.Fingerprint, GroupMap: map }, { toast: false });
            setPlan(null);
            setMap([]);
            setDone(true);
            await qc.invalidateQueries({ queryKey: ['rollover'] });
          }} />
      )}
    </Stack>
  );
}
