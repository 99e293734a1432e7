import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { isValidSignInCode } from '../../../shared/domain/validation-rules.ts';
import { MessagePage } from '../../components/message-page.tsx';
import { signInWithSchoolCode, startPortalSignIn } from '../../lib/auth-flow.ts';
import { signInErrorText } from './sign-in-error.ts';
import { useRunOnce } from './use-run-once.ts';

/**
 * /searchauth?schoolcode=&code=: public-portal sign-in. A valid sign-in code (> 20 chars) is
 * exchanged at once; otherwise the reader signs in through the SSO for that school.
 */
export default function SearchAuthScreen() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const initialSchool = params.get('schoolcode') ?? '';
  const code = params.get('code');
  const [school, setSchool] = useState(initialSchool);
  const [busy, setBusy] = useState(initialSchool !== '' && isValidSignInCode(code));
  const [error, setError] = useState<string | null>(
    code != null && !isValidSignInCode(code) ? t('validation:signInCode.invalid') : null,
  );

  useRunOnce(() => {
    if (initialSchool && isValidSignInCode(code)) {
      signInWithSchoolCode(initialSchool, code).then(
        (to) => void navigate(to, { replace: true }),
        (e: unknown) => {
          setBusy(false);
          setError(signInErrorText(e, t));
        },
      );
    }
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!school.trim()) {
      setError(t('validation:required.schoolCode'));
      return;
    }
    setBusy(true);
    // ?redirect= brings the reader back to the page that asked them to sign in (safeReturnPath checks it).
    startPortalSignIn(school.trim(), params.get('redirect') ?? undefined).catch((err: unknown) => {
      setBusy(false);
      setError(signInErrorText(err, t));
    });
  };

  if (busy) return <MessagePage testId="search-auth-progress" icon={<CircularProgress />} title={t('auth:callback.working')} />;
  return (
    <MessagePage
      testId="search-auth"
      icon={<SearchOutlined color="primary" sx={{ fontSize: 56 }} />}
      title={t('auth:portal.title')}
      body={
        <Stack component="form" spacing={2} onSubmit={submit} sx={{ mt: 1, minWidth: 300 }} noValidate>
          <TextField
            label={t('auth:portal.schoolCode')}
            value={school}
            onChange={(e) => setSchool(e.target.value)}
            error={error != null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'school-code' } }}
          />
          <Button type="submit" variant="contained" data-testid="portal-sign-in">{t('auth:signIn')}</Button>
        </Stack>
      }
    />
  );
}
