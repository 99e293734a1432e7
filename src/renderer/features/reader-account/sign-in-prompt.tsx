import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useSignedIn } from './account-queries.ts';
import { useSignInPath } from '../../lib/use-sign-in-path.ts';

/** What a signed-out reader sees instead of an account page: why, and the way in. */
export function SignInPrompt({ title, message }: { title: string; message?: string }) {
  const { t } = useTranslation('reader-account');
  const to = useSignInPath();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{title}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }} data-testid="account-signed-out">
        <LockOutlined color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>{message ?? t('signedOut.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>{t('signedOut.body')}</Typography>
        <Button variant="contained" component={RouterLink} to={to} data-testid="account-sign-in">{t('signedOut.signIn')}</Button>
      </Paper>
    </Stack>
  );
}

/** Renders `children` for a signed-in reader, the prompt otherwise. */
export function SignedInOnly({ title, message, children }: { title: string; message?: string; children: ReactNode }) {
  return useSignedIn() ? children : <SignInPrompt title={title} {...(message ? { message } : {})} />;
}
