import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { libraryInfoCalls as C, PROFILE_PERM, type OpeningDay, type ProfileInput } from '../../../shared/api/library-info.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { WEEK_ORDER } from './opening-hours.tsx';
import { PictureManager } from './picture-manager.tsx';

export const PROFILE_KEY = ['library-info', 'admin-profile'] as const;
const TEXTS = [['Intro', 4000], ['EnIntro', 4000], ['Rules', 4000], ['EnRules', 4000]] as const;

/**
 * The library's public profile on /library/basic-info (below the unit's settings): introduction,
 * reading rules, phone and e-mail, the week's opening hours and the pictures. What /libraryinfo
 * and the portal show; the address is the unit's, above.
 */
export function ProfileEditor() {
  const { t } = useTranslation(['library-info', 'common', 'validation']);
  const qc = useQueryClient();
  const canEdit = useCanOp(PROFILE_PERM);
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: () => call(C.getProfile, {}) });
  const [v, setV] = useState<ProfileInput | null>(null);
  useEffect(() => {
    if (profile.data) {
      const { Intro, EnIntro, Rules, EnRules, Phone, Email, Hours, HoursNote, EnHoursNote } = profile.data;
      setV({ Intro, EnIntro, Rules, EnRules, Phone, Email, Hours, HoursNote, EnHoursNote });
    }
  }, [profile.data]);
  const save = useMutation({
    mutationFn: () => call(C.updateProfile, v!, { toast: false }),
    onSuccess: (data) => {
      qc.setQueryData(PROFILE_KEY, data);
      void qc.invalidateQueries({ queryKey: ['library-info'] });
      toast.key('kit:saved', 'success');
    },
  });
  if (!v) return profile.error ? <Alert severity="error">{errorText(t, profile.error)}</Alert> : null;
  const setDay = (day: number, patch: Partial<OpeningDay>) => setV({ ...v, Hours: v.Hours.map((h) => (h.Day === day ? { ...h, ...patch } : h)) });
  return (
    <Paper sx={{ p: 3, maxWidth: 880, mt: 3 }} data-testid="library-profile-editor">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('editor.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('editor.hint')}</Typography>
      <Grid container spacing={2}>
        {TEXTS.map(([k, max]) => (
          <Grid key={k} size={{ xs: 12, md: 6 }}>
            <TextField fullWidth multiline minRows={3} label={t(`validation:fields.${k}`)} value={v[k] ?? ''} disabled={!canEdit}
              onChange={(e) => setV({ ...v, [k]: e.target.value })} slotProps={{ htmlInput: { maxLength: max, 'data-testid': `profile-${k}` } }} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth size="small" label={t('validation:fields.Phone')} value={v.Phone ?? ''} disabled={!canEdit} onChange={(e) => setV({ ...v, Phone: e.target.value })} slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'profile-Phone' } }} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth size="small" label={t('validation:fields.Email')} value={v.Email ?? ''} disabled={!canEdit} onChange={(e) => setV({ ...v, Email: e.target.value })} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'profile-Email' } }} />
        </Grid>
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>{t('hours.title')}</Typography>
      <Stack spacing={1}>
        {WEEK_ORDER.map((day) => {
          const h = v.Hours.find((x) => x.Day === day)!;
          return (
            <Stack key={day} direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid={`profile-day-${day}`}>
              <Typography sx={{ width: 90 }}>{t(`days.${day}`)}</Typography>
              <FormControlLabel control={<Checkbox checked={h.Closed} disabled={!canEdit} onChange={(e) => setDay(day, { Closed: e.target.checked })} />} label={t('hours.closed')} />
              <TextField type="time" size="small" label={t('validation:fields.Open')} value={h.Open} disabled={!canEdit || h.Closed} onChange={(e) => setDay(day, { Open: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `profile-open-${day}` } }} />
              <TextField type="time" size="small" label={t('validation:fields.Close')} value={h.Close} disabled={!canEdit || h.Closed} onChange={(e) => setDay(day, { Close: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `profile-close-${day}` } }} />
            </Stack>
          );
        })}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField fullWidth size="small" label={t('validation:fields.HoursNote')} value={v.HoursNote ?? ''} disabled={!canEdit} onChange={(e) => setV({ ...v, HoursNote: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField fullWidth size="small" label={t('validation:fields.EnHoursNote')} value={v.EnHoursNote ?? ''} disabled={!canEdit} onChange={(e) => setV({ ...v, EnHoursNote: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Stack>
      </Stack>
      {save.error && <Alert severity="error" sx={{ mt: 2 }} data-testid="profile-error">{errorText(t, save.error)}</Alert>}
      {canEdit && <Button variant="contained" sx={{ mt: 2 }} onClick={() => save.mutate()} disabled={save.isPending} data-testid="profile-save">{t('editor.save')}</Button>}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 4, mb: 1 }}>{t('gallery.title')}</Typography>
      <PictureManager pictures={profile.data?.Pictures ?? []} canEdit={canEdit} onChanged={() => void qc.invalidateQueries({ queryKey: ['library-info'] })} />
    </Paper>
  );
}
