import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bulkCalls as C, type BulkResult } from '../../../shared/api/collection.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { BulkResultTable } from './bulk-result-table.tsx';

type DeleteResult = BulkResult & { TitlesLeftEmpty: number };

/**
 * /delete-records-bulk 批量删除: scanned barcodes → the preview (what goes, what is refused and why,
 * how many titles are left without copies) → type the confirmation word → delete.
 */
export default function BulkDeleteScreen() {
  const { t } = useTranslation(['collection']);
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<DeleteResult | null>(null);
  const [done, setDone] = useState<DeleteResult | null>(null);
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const barcodes = [...new Set(text.split(/[\s,;]+/).map((b) => b.trim()).filter(Boolean))];
  const go = async (confirm: boolean) => {
    setError(null);
    try {
      const r = await call(C.deleteAll, { Barcodes: barcodes, Confirm: confirm }, { toast: false });
      if (confirm) { setDone(r); setPreview(null); setText(''); setWord(''); } else { setPreview(r); setDone(null); }
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1100 }}>
      <Typography variant="h6" component="h1">{t('bulk.deleteHeading')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TextField fullWidth multiline minRows={4} label={t('bulk.barcodes')} value={text} onChange={(e) => { setText(e.target.value); setPreview(null); }}
          helperText={t('bulk.barcodesHint', { count: barcodes.length })} slotProps={{ htmlInput: { 'data-testid': 'delete-barcodes' } }} />
        <Button sx={{ mt: 2 }} variant="outlined" disabled={!barcodes.length} onClick={() => void go(false)} data-testid="delete-preview">{t('bulk.preview')}</Button>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3">{t('bulk.deletePreview', { count: preview.Changes.length, titles: preview.TitlesLeftEmpty })}</Typography>
          <BulkResultTable result={preview} showValues={false} />
          {preview.Changes.length > 0 && (
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
              <TextField size="small" label={t('bulk.typeToConfirm', { word: t('bulk.confirmWord') })} value={word} onChange={(e) => setWord(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'delete-confirm-word' } }} />
              <Button variant="contained" color="error" disabled={word.trim() !== t('bulk.confirmWord')} onClick={() => void go(true)} data-testid="delete-run">
                {t('bulk.delete', { count: preview.Changes.length })}
              </Button>
            </Stack>
          )}
        </Paper>
      )}
      {done && <Alert severity={done.Refused.length ? 'warning' : 'success'} data-testid="delete-done">{t('bulk.deleted', { count: done.Changes.length, refused: done.Refused.length })}</Alert>}
    </Stack>
  );
}
