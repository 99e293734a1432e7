import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bulkCalls as C, BULK_FIELDS, type BulkField, type BulkResult } from '../../../shared/api/collection.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { fileToBase64 } from '../../kit/import-export/read-file.ts';
import { BulkResultTable } from './bulk-result-table.tsx';

/**
 * /bulk-editing 批量修改: copies by scanned barcodes (or a spreadsheet with a barcode column and the
 * columns to change) → one field and its new value → the preview of every change → apply exactly
 * that, in one transaction.
 */
export default function BulkEditingScreen() {
  const { t } = useTranslation(['collection', 'validation']);
  const [text, setText] = useState('');
  const sheetInput = useRef<HTMLInputElement>(null);
  const [field, setField] = useState<BulkField>('ShelfMark');
  const [value, setValue] = useState('');
  const [sheet, setSheet] = useState<{ name: string; content: string } | null>(null);
  const [preview, setPreview] = useState<BulkResult | null>(null);
  const [done, setDone] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const barcodes = [...new Set(text.split(/[\s,;]+/).map((b) => b.trim()).filter(Boolean))];
  const go = async (apply: boolean) => {
    setError(null);
    try {
      const r = sheet
        ? await call(C.file, { Content: sheet.content, Apply: apply }, { toast: false })
        : await call(apply ? C.apply : C.preview, { Barcodes: barcodes, Field: field, Value: value }, { toast: false });
      if (apply) { setDone(r); setPreview(null); } else { setPreview(r); setDone(null); }
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setSheet({ name: f.name, content: await fileToBase64(f) });
    setPreview(null);
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1100 }}>
      <Typography variant="h6" component="h1">{t('bulk.editHeading')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          {!sheet ? (
            <>
              <TextField multiline minRows={4} label={t('bulk.barcodes')} value={text} onChange={(e) => { setText(e.target.value); setPreview(null); }}
                helperText={t('bulk.barcodesHint', { count: barcodes.length })} slotProps={{ htmlInput: { 'data-testid': 'bulk-barcodes' } }} />
              <Stack direction="row" spacing={2}>
                <TextField select size="small" sx={{ minWidth: 200 }} label={t('validation:fields.Field')} value={field} onChange={(e) => { setField(e.target.value as BulkField); setPreview(null); }}>
                  {BULK_FIELDS.map((f) => <MenuItem key={f} value={f}>{t(`resources.copy.fields.${f}`)}</MenuItem>)}
                </TextField>
                <TextField size="small" sx={{ width: 260 }} label={t('validation:fields.Value')} value={value} onChange={(e) => { setValue(e.target.value); setPreview(null); }}
                  slotProps={{ htmlInput: { 'data-testid': 'bulk-value' } }} />
              </Stack>
            </>
          ) : (
            <Alert severity="info" action={<Button onClick={() => { setSheet(null); setPreview(null); }}>{t('bulk.clearSheet')}</Button>}>{t('bulk.sheet', { name: sheet.name })}</Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" onClick={() => void go(false)} disabled={!sheet && !barcodes.length} data-testid="bulk-preview">{t('bulk.preview')}</Button>
            <Button onClick={() => sheetInput.current?.click()}>{t('bulk.chooseSheet')}</Button>
            <input ref={sheetInput} hidden type="file" accept=".xlsx" aria-label={t('bulk.chooseSheet')} onChange={(e) => void choose(e)} />
          </Stack>
          <Typography variant="caption" color="text.secondary">{t('bulk.sheetHint')}</Typography>
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3">{t('bulk.previewHeading', { count: preview.Changes.length })}</Typography>
          <BulkResultTable result={preview} />
          <Button sx={{ mt: 2 }} variant="contained" disabled={!preview.Changes.length} onClick={() => void go(true)} data-testid="bulk-apply">{t('bulk.apply', { count: preview.Changes.length })}</Button>
        </Paper>
      )}
      {done && <Alert severity="success" data-testid="bulk-done">{t('bulk.applied', { count: done.Changes.length, refused: done.Refused.length })}</Alert>}
    </Stack>
  );
}
