import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { editingConfigSchema, LIMITED_FIELDS, type EditingConfig } from '../../../shared/domain/catalogue/editing-config.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { useCanOp } from '../../lib/use-can-op.ts';

export const CONFIG_KEY = ['catalogue', 'config'] as const;
const LANGUAGES = editingConfigSchema.shape.DefaultLanguage.options;

/** Form state keeps what was typed; numbers are parsed on save (blank limit = no limit). */
type Draft = Omit<EditingConfig, 'MaxLength' | 'DefaultCopies'> & { MaxLength: Record<string, string>; DefaultCopies: string };

const toDraft = (c: EditingConfig): Draft => ({
  ...c,
  DefaultCopies: String(c.DefaultCopies),
  MaxLength: Object.fromEntries(LIMITED_FIELDS.map((f) => [f, c.MaxLength[f] == null ? '' : String(c.MaxLength[f])])),
});

/** The school's cataloguing settings (Literature/GetEditingConfig, SaveEditingConfig). */
export function EditingConfigForm() {
  const { t, i18n } = useTranslation(['catalogue', 'validation', 'common', 'kit']);
  const qc = useQueryClient();
  const canEdit = useCanOp(C.saveEditingConfig.perm);
  const config = useQuery({ queryKey: CONFIG_KEY, queryFn: () => call(C.getEditingConfig, {}) });
  const areas = useQuery({ queryKey: ['catalogue', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }) });
  const sequences = useQuery({ queryKey: ['catalogue', 'sequences'], queryFn: () => call(C.getBarCodeAutoAddList, {}) });
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (config.data) setDraft(toDraft(config.data));
  }, [config.data]);
  const save = useMutation({
    mutationFn: (value: EditingConfig) => call(C.saveEditingConfig, value, { toast: false }),
    onSuccess: (data) => {
      qc.setQueryData(CONFIG_KEY, data);
      toast.key('kit:saved', 'success');
    },
  });
  if (config.error) return <Alert severity="error">{errorText(t, config.error)}</Alert>;
  if (!draft) return null;
  const en = i18n.language.startsWith('en');
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const num = (s: string) => (s.trim() === '' ? null : Number(s));
    save.mutate({
      ...draft,
      DefaultCopies: Number(draft.DefaultCopies),
      MaxLength: Object.fromEntries(LIMITED_FIELDS.map((f) => [f, num(draft.MaxLength[f] ?? '')])) as EditingConfig['MaxLength'],
    });
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }} data-testid="editing-config">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{t('rules.settingsHeading')}</Typography>
      {save.error && <Alert severity="error" sx={{ mb: 2 }} data-testid="editing-config-error">{errorText(t, save.error)}</Alert>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField select size="small" sx={{ minWidth: 220 }} label={t('validation:fields.BookNumberScheme')} value={draft.BookNumberScheme} disabled={!canEdit}
          onChange={(e) => set('BookNumberScheme', e.target.value as Draft['BookNumberScheme'])}
          slotProps={{ htmlInput: { 'data-testid': 'rule-scheme' } }}>
          <MenuItem value="sequence">{t('rules.scheme.sequence')}</MenuItem>
          <MenuItem value="author">{t('rules.scheme.author')}</MenuItem>
        </TextField>
        <TextField select size="small" sx={{ minWidth: 180 }} label={t('validation:fields.DefaultLanguage')} value={draft.DefaultLanguage} disabled={!canEdit}
          onChange={(e) => set('DefaultLanguage', e.target.value as Draft['DefaultLanguage'])}>
          {LANGUAGES.map((l) => <MenuItem key={l} value={l}>{t(`rules.language.${l}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" sx={{ width: 140 }} label={t('validation:fields.DefaultCopies')} value={draft.DefaultCopies} disabled={!canEdit}
          onChange={(e) => set('DefaultCopies', e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'rule-copies' } }} />
        <TextField select size="small" sx={{ minWidth: 240 }} label={t('validation:fields.DefaultAreaID')} value={draft.DefaultAreaID ?? ''} disabled={!canEdit}
          onChange={(e) => set('DefaultAreaID', e.target.value === '' ? null : Number(e.target.value))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{t('rules.none')}</MenuItem>
          {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={a.ID}>{en && a.EnName ? a.EnName : a.Name}</MenuItem>)}
        </TextField>
        <TextField select size="small" sx={{ minWidth: 240 }} label={t('validation:fields.DefaultSequenceID')} value={draft.DefaultSequenceID ?? ''} disabled={!canEdit}
          onChange={(e) => set('DefaultSequenceID', e.target.value === '' ? null : Number(e.target.value))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{t('rules.defaultOfSequences')}</MenuItem>
          {(sequences.data ?? []).map((s) => <MenuItem key={s.ID} value={s.ID}>{`${s.Name} (${s.Next})`}</MenuItem>)}
        </TextField>
        <TextField size="small" sx={{ width: 200 }} label={t('validation:fields.AFI')} value={draft.AFI} disabled={!canEdit} helperText={t('rules.afiHint')}
          onChange={(e) => set('AFI', e.target.value.toUpperCase())} slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'rule-afi' } }} />
        <TextField size="small" sx={{ width: 200 }} label={t('validation:fields.LoanAFI')} value={draft.LoanAFI} disabled={!canEdit} helperText={t('rules.loanAfiHint')}
          onChange={(e) => set('LoanAFI', e.target.value.toUpperCase())} slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'rule-loan-afi' } }} />
        <FormControlLabel
          control={<Switch checked={draft.DeweyForEnglish} disabled={!canEdit} onChange={(e) => set('DeweyForEnglish', e.target.checked)} />}
          label={t('validation:fields.DeweyForEnglish')}
        />
      </Stack>
      <Typography variant="subtitle2" component="h3">{t('validation:fields.MaxLength')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('rules.maxLengthHint')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        {LIMITED_FIELDS.map((f) => (
          <TextField key={f} size="small" sx={{ width: 140 }} label={t(`validation:fields.${f}`)} value={draft.MaxLength[f] ?? ''} disabled={!canEdit}
            placeholder={t('rules.noLimit')}
            onChange={(e) => setDraft((d) => (d ? { ...d, MaxLength: { ...d.MaxLength, [f]: e.target.value } } : d))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `rule-max-${f}` }, inputLabel: { shrink: true } }} />
        ))}
      </Stack>
      {canEdit && <Button type="submit" variant="contained" disabled={save.isPending} data-testid="rule-save">{t('rules.saveSettings')}</Button>}
    </Paper>
  );
}
