import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { classCornerCalls as C, CLASS_CORNER_OPS, RULE_BOUNDS } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';

/** The class's rule: shown to everyone at the desk, edited by the head teacher or library staff. */
export function CornerRulePanel({ deptId }: { deptId: number }) {
  const { t } = useTranslation(['class-corner']);
  const canEdit = useCanOp(CLASS_CORNER_OPS.rules);
  const qc = useQueryClient();
  const rule = useQuery({ queryKey: ['class-corner', 'rule', deptId], queryFn: () => call(C.getRule, { DeptID: deptId }) });
  const [max, setMax] = useState('');
  const [days, setDays] = useState('');
  useEffect(() => {
    if (rule.data) {
      setMax(String(rule.data.MaxLoans));
      setDays(String(rule.data.LoanDays));
    }
  }, [rule.data]);
  const save = useMutation({
    mutationFn: () => call(C.setRule, { DeptID: deptId, MaxLoans: Number(max), LoanDays: Number(days) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['class-corner', 'rule', deptId] }),
  });
  if (!rule.data) return null;
  const words = t(rule.data.IsDefault ? 'rule.default' : 'rule.own', { max: rule.data.MaxLoans, days: rule.data.LoanDays });
  const maxOk = Number.isInteger(Number(max)) && Number(max) >= RULE_BOUNDS.maxLoans[0] && Number(max) <= RULE_BOUNDS.maxLoans[1];
  const daysOk = Number.isInteger(Number(days)) && Number(days) >= RULE_BOUNDS.loanDays[0] && Number(days) <= RULE_BOUNDS.loanDays[1];
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h2">{t('rule.heading')}</Typography>
      <Typography variant="body2" data-testid="corner-rule">{words}</Typography>
      {canEdit && (
        <Stack direction="row" component="form" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }} onSubmit={(e) => { e.preventDefault(); if (maxOk && daysOk) save.mutate(); }}>
          <TextField
            type="number" label={t('rule.maxLoans')} value={max} onChange={(e) => setMax(e.target.value)} sx={{ width: 180 }} error={!maxOk}
            helperText={`${RULE_BOUNDS.maxLoans[0]}–${RULE_BOUNDS.maxLoans[1]}`} slotProps={{ htmlInput: { min: RULE_BOUNDS.maxLoans[0], max: RULE_BOUNDS.maxLoans[1], 'data-testid': 'rule-max' } }}
          />
          <TextField
            type="number" label={t('rule.loanDays')} value={days} onChange={(e) => setDays(e.target.value)} sx={{ width: 180 }} error={!daysOk}
            helperText={`${RULE_BOUNDS.loanDays[0]}–${RULE_BOUNDS.loanDays[1]}`} slotProps={{ htmlInput: { min: RULE_BOUNDS.loanDays[0], max: RULE_BOUNDS.loanDays[1], 'data-testid': 'rule-days' } }}
          />
          <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={save.isPending || !maxOk || !daysOk}>{t('rule.save')}</Button>
        </Stack>
      )}
      {save.isSuccess && <Alert severity="success">{t('rule.saved')}</Alert>}
    </Stack>
  );
}
