import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { captureCalls as C, CAPTURE_MAPPED_FIELDS, type SourceSettings } from '../../../shared/api/capture.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { useCanOp } from '../../lib/use-can-op.ts';

const KEY = ['capture', 'sources'] as const;
interface Draft { s: SourceSettings; ApiKey: string; ClearApiKey: boolean; TimeoutMs: string; Mapping: string }

/** "Title=name" lines ⇄ the mapping object. */
const mappingText = (m: SourceSettings['Mapping']) => Object.entries(m ?? {}).map(([k, v]) => `${k}=${v}`).join('\n');
function parseMapping(text: string) {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const [k, ...rest] = line.split('=');
    if (k?.trim() && rest.length) out[k.trim()] = rest.join('=').trim();
  }
  return out;
}

/**
 * Where capture looks for records (cataloguing rules): SRU servers, the union catalogue, and the
 * vendors a school has a contract with, each by address and key. Keys are write-only.
 */
export function CaptureSourcesPanel() {
  const { t } = useTranslation(['capture', 'validation', 'common', 'kit', 'catalogue']);
  const qc = useQueryClient();
  const canEdit = useCanOp(C.saveSource.perm);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(C.getSources, {}) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const { Kind: _kind, Configured: _c, HasApiKey: _h, ...rest } = d.s;
      return call(C.saveSource, {
        ...rest, ApiKey: d.ApiKey, ClearApiKey: d.ClearApiKey, TimeoutMs: Number(d.TimeoutMs),
        ...(d.s.Kind === 'json' || d.s.Kind === 'lexile' || d.s.Kind === 'cover' ? { Mapping: parseMapping(d.Mapping) } : {}),
      } as never, { toast: false });
    },
    onSuccess: async () => {
      setDraft(null);
      toast.key('kit:saved', 'success');
      await qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const edit = (s: SourceSettings) => {
    save.reset();
    setDraft({ s, ApiKey: '', ClearApiKey: false, TimeoutMs: String(s.TimeoutMs), Mapping: mappingText(s.Mapping) });
  };
  const set = (patch: Partial<SourceSettings>) => setDraft((d) => (d ? { ...d, s: { ...d.s, ...patch } } : d));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.mutate(draft);
  };
  const kind = draft?.s.Kind;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="capture-sources">
      <Typography variant="h6" component="h2">{t('settings.heading')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('settings.hint')}</Typography>
      {list.error && <Alert severity="error">{errorText(t, list.error)}</Alert>}
      <Table size="small" aria-label={t('settings.heading')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('settings.source')}</TableCell>
            <TableCell>{t('validation:fields.URL')}</TableCell>
            <TableCell>{t('settings.state')}</TableCell>
            <TableCell align="right">{t('kit:actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data ?? []).map((s) => (
            <TableRow key={s.ID} data-testid={`source-${s.ID}`}>
              <TableCell>{t(`source.${s.ID}`)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{s.ID === 'union' ? t('settings.thisServer') : s.URL || '—'}</TableCell>
              <TableCell>
                <Chip size="small" color={s.Configured ? 'success' : 'default'} label={s.Configured ? t('settings.on') : t('settings.off')} />
              </TableCell>
              <TableCell align="right">
                {canEdit && <Button size="small" onClick={() => edit(s)} aria-label={t('settings.edit', { source: t(`source.${s.ID}`) })}>{t('settings.setUp')}</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={draft != null} onClose={() => setDraft(null)} maxWidth="sm" fullWidth>
        {draft && (
          <form onSubmit={submit} noValidate>
            <DialogTitle>{t('settings.edit', { source: t(`source.${draft.s.ID}`) })}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {save.error && <Alert severity="error" data-testid="source-error">{errorText(t, save.error)}</Alert>}
                <FormControlLabel control={<Switch checked={draft.s.Enabled} onChange={(e) => set({ Enabled: e.target.checked })} slotProps={{ input: { 'aria-label': t('validation:fields.Enabled') } }} />} label={t('validation:fields.Enabled')} />
                {kind !== 'union' && (
                  <>
                    <TextField size="small" label={t('validation:fields.URL')} value={draft.s.URL} onChange={(e) => set({ URL: e.target.value })}
                      helperText={kind === 'sru' ? t('settings.sruUrlHint') : t('settings.urlHint')} slotProps={{ htmlInput: { 'data-testid': 'source-url' } }} />
                    <TextField size="small" type="password" autoComplete="off" label={t('validation:fields.ApiKey')} value={draft.ApiKey}
                      onChange={(e) => setDraft({ ...draft, ApiKey: e.target.value })} helperText={draft.s.HasApiKey ? t('settings.keyKept') : undefined} />
                    {draft.s.HasApiKey && <FormControlLabel control={<Switch checked={draft.ClearApiKey} onChange={(e) => setDraft({ ...draft, ClearApiKey: e.target.checked })} />} label={t('validation:fields.ClearApiKey')} />}
                    <TextField size="small" label={t('validation:fields.TimeoutMs')} value={draft.TimeoutMs} onChange={(e) => setDraft({ ...draft, TimeoutMs: e.target.value })}
                      slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
                  </>
                )}
                {kind === 'sru' && (
                  <Stack direction="row" spacing={2}>
                    <TextField size="small" label={t('validation:fields.Database')} value={draft.s.Database ?? ''} onChange={(e) => set({ Database: e.target.value })} />
                    <TextField size="small" select sx={{ minWidth: 160 }} label={t('validation:fields.RecordSchema')} value={draft.s.RecordSchema ?? 'marcxml'} onChange={(e) => set({ RecordSchema: e.target.value as 'marcxml' | 'unimarc' })}>
                      <MenuItem value="marcxml">MARC 21</MenuItem>
                      <MenuItem value="unimarc">UNIMARC / CNMARC</MenuItem>
                    </TextField>
                    <TextField size="small" label={t('validation:fields.IsbnIndex')} value={draft.s.IsbnIndex ?? ''} onChange={(e) => set({ IsbnIndex: e.target.value })} />
                  </Stack>
                )}
                {(kind === 'json' || kind === 'lexile' || kind === 'cover') && (
                  <>
                    <TextField size="small" label={t('validation:fields.Root')} value={draft.s.Root ?? ''} onChange={(e) => set({ Root: e.target.value })} helperText={t('settings.rootHint')} />
                    <TextField size="small" multiline minRows={3} label={t('validation:fields.Mapping')} value={draft.Mapping}
                      onChange={(e) => setDraft({ ...draft, Mapping: e.target.value })} helperText={t('settings.mappingHint', { fields: CAPTURE_MAPPED_FIELDS.join(', ') })} />
                  </>
                )}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDraft(null)}>{t('common:actions.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending} data-testid="source-save">{t('common:actions.save')}</Button>
            </DialogActions>
          </form>
        )}
      </Dialog>
    </Paper>
  );
}
