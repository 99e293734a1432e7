import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { authCalls } from '../../../shared/api/auth.ts';
import { checkPassword, type PasswordPolicy } from '../../../shared/domain/validation-rules.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { toast } from '../../lib/toast-store.ts';

type Values = z.input<typeof authCalls.updatePassword.input>;

/** The contract's rules (required, new == confirm) plus the school's password policy. */
function schemaFor(policy: PasswordPolicy) {
  return authCalls.updatePassword.input.superRefine((v, ctx) => {
    const broken = v.NewPassword ? checkPassword(v.NewPassword, policy) : null;
    if (broken) ctx.addIssue({ code: 'custom', path: ['NewPassword'], message: broken });
  });
}

const FIELDS = ['OldPassword', 'NewPassword', 'ConfirmPassword'] as const;

export function ChangePasswordDialog({ open, policy, onClose }: { open: boolean; policy: PasswordPolicy; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'validation', 'common']);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(schemaFor(policy)),
    defaultValues: { OldPassword: '', NewPassword: '', ConfirmPassword: '' },
  });
  const close = () => {
    reset();
    setServerError(null);
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await call(authCalls.updatePassword, values, { toast: false });
      toast.key('shell:password.changed', 'success');
      close();
    } catch (e) {
      setServerError(isApiError(e) ? (e.isKey ? t(e.message) : e.message) : t('errors:server'));
    }
  });
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="change-password-form">
        <DialogTitle>{t('shell:password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error" data-testid="change-password-error">{serverError}</Alert>}
            {FIELDS.map((name) => {
              const err = formState.errors[name]?.message;
              return (
                <TextField
                  key={name}
                  type="password"
                  required
                  label={t(`shell:password.fields.${name}`)}
                  autoComplete={name === 'OldPassword' ? 'current-password' : 'new-password'}
                  error={err != null}
                  helperText={err ? t(err) : ' '}
                  slotProps={{ htmlInput: { 'data-testid': `password-${name}` } }}
                  {...register(name)}
                />
              );
            })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="change-password-submit">
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
