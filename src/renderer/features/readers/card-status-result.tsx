import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicCardStatusReply } from '../../../shared/api/reader-cards.ts';

const STATUS_COLOR = { active: 'success', lost: 'error', expired: 'warning', closed: 'default' } as const;

/** What the public check may show: masked name, card status, expiry, open and overdue loans. */
export function CardStatusResult({ result }: { result: PublicCardStatusReply }) {
  const { t } = useTranslation('readers');
  const row = (label: string, value: string, testId: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" color="text.secondary">{label}</Typography>
      <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>{value}</Typography>
    </Stack>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, textAlign: 'left' }} data-testid="card-check-result" aria-live="polite">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>{t('publicCheck.result')}</Typography>
        <Chip size="small" color={STATUS_COLOR[result.Status]} label={t(`publicCheck.statuses.${result.Status}`)} data-testid="card-check-status" />
      </Stack>
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {row(t('publicCheck.reader'), result.MaskedName, 'card-check-name')}
        {row(t('publicCheck.expireAt'), result.ExpireAt ?? t('publicCheck.noExpiry'), 'card-check-expire')}
        {row(t('publicCheck.openLoans'), String(result.OpenLoans), 'card-check-loans')}
        {row(t('publicCheck.overdue'), String(result.Overdue), 'card-check-overdue')}
      </Stack>
    </Paper>
  );
}
