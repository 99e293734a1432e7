import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** Back to the personal centre from one of its pages. */
export function BackToAccount() {
  const { t } = useTranslation('reader-account');
  return (
    <Button component={RouterLink} to="/search/personal" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }} data-testid="account-back">
      {t('nav.back')}
    </Button>
  );
}
