import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';

/** The reader panel's word on borrow verification: confirmed until when, or a chip that asks again. */
export function VerifyChip({ until, onAsk }: { until: number | null; onAsk: () => void }) {
  const { t } = useTranslation('circulation');
  if (until != null) {
    const time = new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    return <Chip color="success" variant="outlined" label={t('verify.badge', { time })} data-testid="verify-status" />;
  }
  return <Chip color="error" variant="outlined" label={t('verify.required')} onClick={onAsk} data-testid="verify-status" />;
}
