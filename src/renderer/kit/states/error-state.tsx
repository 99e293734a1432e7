import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '../data/error-text.ts';

/** A failed load, with the reason and a retry that refetches. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(['kit', 'errors']);
  return (
    <Alert
      data-testid="kit-error"
      severity="error"
      action={onRetry ? <Button color="inherit" size="small" onClick={onRetry} data-testid="kit-retry">{t('kit:retry')}</Button> : undefined}
    >
      {t('kit:loadFailed')} {errorText(t, error)}
    </Alert>
  );
}
