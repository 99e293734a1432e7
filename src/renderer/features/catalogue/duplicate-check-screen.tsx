import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C } from '../../../shared/api/catalogue.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { ShelfTitlesTable } from './shelf-titles-table.tsx';

type Candidates = Awaited<ReturnType<typeof call<typeof C.checkDuplicates>>>;

/**
 * /newbook-duplicate-check 新书查重: is this new book one we hold? By ISBN (10 and 13 alike) and by
 * title and author (pinyin-aware: 紅樓夢 is 红楼梦). Below, the catalogue's own likely duplicates,
 * each mergeable into the first record (copies move, history kept).
 */
export default function DuplicateCheckScreen() {
  const { t } = useTranslation(['catalogue', 'validation']);
  const qc = useQueryClient();
  const [form, setForm] = useState({ ISBN: '', Title: '', Author: '' });
  const [found, setFound] = useState<Candidates | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [merging, setMerging] = useState<{ keep: number; merge: number; title: string } | null>(null);
  const groups = useQuery({ queryKey: ['catalogue', 'duplicate-groups'], queryFn: () => call(C.duplicateGroups, { Page: 1, Rows: 50 }) });
  const check = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      setFound(await call(C.checkDuplicates, { ...(form.ISBN.trim() ? { ISBN: form.ISBN.trim() } : {}), Title: form.Title, Author: form.Author }, { toast: false }));
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h6" component="h1">{t('dup.heading')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={(e) => void check(e)} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          {(['ISBN', 'Title', 'Author'] as const).map((f, i) => (
            <TextField key={f} autoFocus={i === 0} size="small" sx={{ width: f === 'Title' ? 360 : 220 }} label={t(`validation:fields.${f}`)} value={form[f]}
              onChange={(e) => setForm({ ...form, [f]: e.target.value })} slotProps={{ htmlInput: { 'data-testid': `dup-${f}` } }} />
          ))}
          <Button type="submit" variant="contained" data-testid="dup-check">{t('dup.check')}</Button>
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {found && (found.List.length
        ? <Paper variant="outlined" sx={{ p: 2 }}><Typography variant="subtitle1" component="h2">{t('dup.found', { count: found.List.length })}</Typography>
          <ShelfTitlesTable rows={found.List} label={t('dup.found', { count: found.List.length })} testId="dup-found"
            extra={(r) => (r.Reason === 'isbn' ? t('dup.sameIsbn') : t('dup.similar', { score: Math.round(r.Score * 100) }))} /></Paper>
        : <Alert severity="success" data-testid="dup-none">{t('dup.none')}</Alert>)}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">{t('dup.groups', { count: groups.data?.Total ?? 0 })}</Typography>
        {(groups.data?.List ?? []).map((g, gi) => (
          <Stack key={gi} sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary">{g.Reason === 'isbn' ? t('dup.sameIsbn') : t('dup.sameTitle')}</Typography>
            <ShelfTitlesTable rows={g.Items} label={g.Items[0]?.Title ?? ''}
              extra={(r) => (r.ItemID === g.Items[0]!.ItemID ? t('dup.kept') : (
                <Button size="small" onClick={() => setMerging({ keep: g.Items[0]!.ItemID, merge: r.ItemID, title: r.Title })}>{t('dup.merge')}</Button>
              ))} />
          </Stack>
        ))}
      </Paper>
      <ConfirmDialog open={merging != null} title={t('dup.mergeTitle', { title: merging?.title ?? '' })} body={t('dup.mergeBody')} confirmLabel={t('dup.merge')}
        onClose={() => setMerging(null)}
        onConfirm={async () => {
          const r = await call(C.mergeTitles, { KeepID: merging!.keep, MergeID: merging!.merge }, { toast: false });
          setMerging(null);
          toast.text(t('dup.merged', { count: r.Moved }), 'success');
          await qc.invalidateQueries({ queryKey: ['catalogue', 'duplicate-groups'] });
        }} />
    </Stack>
  );
}
