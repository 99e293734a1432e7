import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldValues } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { basicInfoInput, basicSetsCalls as c, LEARNING_PERIODS, type BasicInfo } from '../../../shared/api/basic-sets.ts';
import { sessionCalls } from '../../../shared/api/session.ts';
import { BOOKS_PER_STUDENT_RANGE, nationalBooksPerStudent } from '../../../shared/domain/books-per-student.ts';
import { call } from '../../lib/api-client.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { useSchemaForm } from '../../kit/fields/use-schema-form.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { ThemePreview } from './theme-preview.tsx';

const KEY = ['basic-info'] as const;
const TEXT_FIELDS = ['Name', 'EnName', 'Address', 'Area', 'AdminAccount', 'AdminName'] as const;
const COLORS = ['bgColor', 'btColor'] as const;

/** /library/basic-info: the school's unit settings; saving recolours the shell (session unit info). */
export default function BasicInfoScreen() {
  const { t } = useTranslation(['basic-sets', 'common', 'kit']);
  const qc = useQueryClient();
  const info = useQuery({ queryKey: KEY, queryFn: () => call(c.basicInfoGet, {}) });
  const canEdit = useCanOp(c.basicInfoUpdate.perm);
  const form = useSchemaForm(basicInfoInput, {});
  useEffect(() => {
    if (info.data) form.reset(info.data);
  }, [info.data, form]);
  const save = useMutation({
    mutationFn: (v: FieldValues) => call(c.basicInfoUpdate, v as never, { toast: false }),
    onSuccess: async (data: BasicInfo) => {
      qc.setQueryData(KEY, data);
      // The shell reads its colours from the session's unit info.
      sessionStore.setUnit(await call(sessionCalls.getUnitInfo, {}));
      toast.key('kit:saved', 'success');
    },
  });
  const theme = form.watch('ThemeColor') as BasicInfo['ThemeColor'] | undefined;
  const period = String(form.watch('LearningPeriod') || 'primary');
  const err = (name: string) => {
    const parts = name.split('.');
    let e: unknown = form.formState.errors;
    for (const p of parts) e = (e as Record<string, unknown> | undefined)?.[p];
    const msg = (e as { message?: string } | undefined)?.message;
    return msg ? t(msg) : undefined;
  };

  return (
    <>
      <Paper sx={{ p: 3, maxWidth: 880 }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>{t('basicInfo.title')}</Typography>
        {info.error && <Alert severity="error">{errorText(t, info.error)}</Alert>}
        {save.error && <Alert severity="error" data-testid="basic-info-error" sx={{ mb: 2 }}>{errorText(t, save.error)}</Alert>}
        {info.data && (
          <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
              <Stack spacing={2} sx={{ flex: 1 }}>
                <TextField label={t('basicInfo.fields.Code')} value={info.data.Code} disabled helperText={t('basicInfo.codeReadOnly')} size="small" />
                {TEXT_FIELDS.map((name) => (
                  <TextField
                    key={name}
                    size="small"
                    label={t(`basicInfo.fields.${name}`)}
                    disabled={!canEdit}
                    {...form.register(name)}
                    error={err(name) != null}
                    helperText={err(name)}
                    slotProps={{ htmlInput: { 'data-testid': `basic-info-${name}` }, inputLabel: { shrink: true } }}
                  />
                ))}
                <Controller
                  control={form.control}
                  name="LearningPeriod"
                  render={({ field }) => (
                    <TextField select size="small" label={t('basicInfo.fields.LearningPeriod')} disabled={!canEdit} {...field} value={field.value ?? ''} error={err('LearningPeriod') != null} helperText={err('LearningPeriod')}>
                      {LEARNING_PERIODS.map((p) => <MenuItem key={p} value={p}>{t(`basicInfo.periods.${p}`)}</MenuItem>)}
                    </TextField>
                  )}
                />
                <TextField
                  size="small"
                  type="number"
                  label={t('basicInfo.fields.BooksPerStudent')}
                  disabled={!canEdit}
                  {...form.register('BooksPerStudent', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
                  error={err('BooksPerStudent') != null}
                  helperText={err('BooksPerStudent') ?? t('basicInfo.booksPerStudentHelp', { n: nationalBooksPerStudent(period), period: t(`basicInfo.periods.${period}`) })}
                  slotProps={{ htmlInput: { min: BOOKS_PER_STUDENT_RANGE.min, max: BOOKS_PER_STUDENT_RANGE.max, 'data-testid': 'basic-info-BooksPerStudent' }, inputLabel: { shrink: true } }}
                />
              </Stack>
              <Stack spacing={2} sx={{ width: 320 }}>
                {COLORS.map((k) => (
                  <TextField
                    key={k}
                    size="small"
                    type="color"
                    label={t(`basicInfo.fields.${k}`)}
                    disabled={!canEdit}
                    {...form.register(`ThemeColor.${k}`)}
                    error={err(`ThemeColor.${k}`) != null}
                    helperText={err(`ThemeColor.${k}`)}
                    slotProps={{ htmlInput: { 'data-testid': `basic-info-${k}` }, inputLabel: { shrink: true } }}
                  />
                ))}
                <ThemePreview theme={theme ?? info.data.ThemeColor} schoolName={String(form.watch('Name') ?? '')} />
              </Stack>
            </Stack>
            {canEdit && (
              <Button type="submit" variant="contained" sx={{ mt: 3 }} disabled={save.isPending} data-testid="basic-info-save">
                {t('common:actions.save')}
              </Button>
            )}
          </form>
        )}
      </Paper>
    </>
  );
}
