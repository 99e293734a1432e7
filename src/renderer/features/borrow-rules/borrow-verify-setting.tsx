import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { circulationVerifyCalls as V, VERIFY_MODES, type VerifyMode } from '../../../shared/api/circulation-verify.ts';
import { call } from '../../lib/api-client.ts';

/** The school's borrow verification at the lending desk (off, PIN, card, either), beside combined borrowing. */
export function BorrowVerifySetting({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('borrow-rules');
  const qc = useQueryClient();
  const setting = useQuery({ queryKey: ['circulation', 'verify-setting'], queryFn: () => call(V.isNeedVerify, {}) });
  const save = useMutation({
    mutationFn: (Mode: VerifyMode) => call(V.saveVerifySetting, { Mode }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['circulation', 'verify-setting'] }),
  });
  return (
    <>
      <TextField
        select size="small" sx={{ mt: 2, minWidth: 260 }} label={t('range.verify.label')} value={setting.data?.Mode ?? 'off'}
        disabled={!canEdit || save.isPending || !setting.data} onChange={(e) => save.mutate(e.target.value as VerifyMode)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'verify-mode' } as object } }}
      >
        {VERIFY_MODES.map((m) => <MenuItem key={m} value={m}>{t(`range.verify.modes.${m}`)}</MenuItem>)}
      </TextField>
      <Typography variant="caption" component="p" color="text.secondary">{t('range.verify.help')}</Typography>
    </>
  );
}
