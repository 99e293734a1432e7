import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { suggestionInput } from '../../../shared/api/recommendations.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useSubmitSuggestion } from './account-queries.ts';

type Values = z.input<typeof suggestionInput>;

/** An empty ISBN box is "no ISBN", not a malformed one. */
const withoutEmptyIsbn = (v: Values): Values => (v.ISBN?.trim() ? v : { ...v, ISBN: undefined });
const checkSuggestion = zodResolver(suggestionInput);
const resolver: Resolver<Values> = (values, ctx, options) => checkSuggestion(withoutEmptyIsbn(values), ctx, options) as ReturnType<Resolver<Values>>;
const FIELDS = [
  { name: 'Title', max: 300, required: true },
  { name: 'Author', max: 200 },
  { name: 'ISBN', max: 17 },
  { name: 'Publisher', max: 200 },
  { name: 'Reason', max: 500, multiline: true },
] as const;

/** A suggestion: the same schema the gateway validates with, so a mistake shows on its field before sending. */
export function RecommendForm() {
  const { t } = useTranslation(['reader-account', 'validation']);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver,
    defaultValues: { Title: '', Author: '', ISBN: '', Publisher: '', Reason: '' },
  });
  const submit = useSubmitSuggestion(() => reset());
  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await submit.mutateAsync(suggestionInput.parse(withoutEmptyIsbn(values)));
    } catch (e) {
      setServerError(isApiError(e) ? (e.isKey ? t(e.message) : e.message) : t('errors:server'));
    }
  });
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-labelledby="recommend-form-title">
      <Typography variant="h6" component="h2" id="recommend-form-title" sx={{ mb: 1.5 }}>{t('recommend.form')}</Typography>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="recommend-form" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {serverError && <Alert severity="error" sx={{ gridColumn: '1 / -1' }} data-testid="recommend-error">{serverError}</Alert>}
        {FIELDS.map((f) => {
          const err = formState.errors[f.name]?.message;
          const wide = f.name === 'Title' || f.name === 'Reason';
          return (
            <TextField
              key={f.name}
              label={t(`recommend.fields.${f.name}`)}
              required={'required' in f}
              multiline={'multiline' in f}
              minRows={'multiline' in f ? 3 : undefined}
              error={err != null}
              helperText={err ? t(err) : ' '}
              sx={{ gridColumn: wide ? '1 / -1' : undefined }}
              slotProps={{ htmlInput: { maxLength: f.max, 'data-testid': `recommend-${f.name}` } }}
              {...register(f.name)}
            />
          );
        })}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={submit.isPending} data-testid="recommend-submit">{t('recommend.submit')}</Button>
        </Box>
      </Box>
    </Paper>
  );
}
