import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BackToAccount } from './account-nav.tsx';
import { CurrentLoans } from './loan-list.tsx';
import { SignedInOnly } from './sign-in-prompt.tsx';

/** /search/book: my books on loan now, with their due days, and Renew where the rules allow. */
export default function MyLoansScreen() {
  const { t } = useTranslation('reader-account');
  return (
    <SignedInOnly title={t('loans.title')}>
      <Stack spacing={2}>
        <BackToAccount />
        <Typography variant="h5" component="h1">{t('loans.title')}</Typography>
        <CurrentLoans />
      </Stack>
    </SignedInOnly>
  );
}
