import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { publicStatusInputSchema, readerCardCalls, type PublicCardStatusReply } from '../../../shared/api/reader-cards.ts';
import type { CallInput } from '../../../shared/api/contract.ts';
import { ServiceCode } from '../../../shared/api/envelope.ts';
import { MessagePage } from '../../components/message-page.tsx';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { useSchemaForm } from '../../kit/fields/use-schema-form.ts';
import { CardStatusResult } from './card-status-result.tsx';

type Failure = { kind: 'noMatch' | 'tooMany' } | { kind: 'other'; error: unknown };
const FIELDS = [['SchoolCode', 'schoolCode', 'organization'], ['CardNo', 'cardNo', 'off'], ['Name', 'name', 'name']] as const;

/** The two answers the check gives by design, as keys so they follow a language switch. */
function failureOf(e: unknown): Failure {
  if (isApiError(e) && (e.status === 429 || e.code === ServiceCode.tooMany)) return { kind: 'tooMany' };
  if (isApiError(e) && e.code === ServiceCode.notFound) return { kind: 'noMatch' };
  return { kind: 'other', error: e };
}

/**
 * /department/user-transferr (no sign-in): a reader or parent checks a card with the school code,
 * the card number and the reader's name. The gateway answers only a full match, rate-limited.
 */
export default function CardStatusCheckScreen() {
  const { t } = useTranslation(['readers', 'validation', 'errors']);
  const [params] = useSearchParams();
  const form = useSchemaForm(publicStatusInputSchema, { SchoolCode: params.get('schoolcode') ?? '', CardNo: '', Name: '' });
  const [result, setResult] = useState<PublicCardStatusReply | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    setFailure(null);
    try {
      setResult(await call(readerCardCalls.publicStatus, values as CallInput<typeof readerCardCalls.publicStatus>));
    } catch (e) {
      setFailure(failureOf(e));
    }
  });

  return (
    <MessagePage
      testId="card-check"
      icon={<BadgeOutlined color="primary" sx={{ fontSize: 56 }} />}
      title={t('publicCheck.title')}
      body={
        <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} sx={{ mt: 1, minWidth: { xs: 260, sm: 360 } }} noValidate>
          <Typography variant="body2">{t('publicCheck.intro')}</Typography>
          {FIELDS.map(([name, label, autoComplete]) => {
            const message = errors[name]?.message;
            return (
              <TextField
                key={name}
                {...form.register(name)}
                label={t(`publicCheck.${label}`)}
                required
                size="small"
                autoComplete={autoComplete}
                error={message != null}
                helperText={message ? t(String(message)) : ' '}
                slotProps={{ htmlInput: { 'data-testid': `card-check-${name}`, maxLength: name === 'Name' ? 100 : 64 } }}
              />
            );
          })}
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="card-check-submit">{t('publicCheck.submit')}</Button>
          {failure && (
            <Alert severity={failure.kind === 'noMatch' ? 'warning' : 'error'} data-testid="card-check-error" sx={{ textAlign: 'left' }}>
              {failure.kind === 'other' ? errorText(t, failure.error) : t(`publicCheck.${failure.kind}`)}
            </Alert>
          )}
          {result && <CardStatusResult result={result} />}
        </Stack>
      }
    />
  );
}
