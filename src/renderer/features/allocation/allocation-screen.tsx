import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { allocationCalls as C } from '../../../shared/api/allocation.ts';
import type { BatchResult } from '../../../shared/api/collection.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { TargetAreaFields } from './target-area-fields.tsx';

/**
 * /allocation 典藏调拨: a list of barcodes (scanned one per line, or pasted from a stocktake) to
 * one area. Every copy the state machine allows is moved in one transaction; the others are
 * listed with the reason and stay where they are.
 */
export default function AllocationScreen() {
  const { t } = useTranslation(['allocation', 'errors']);
  const [areaId, setAreaId] = useState('');
  const [shelfMark, setShelfMark] = useState('');
  const [text, setText] = useState('');
  const [result, setResult] = useState<BatchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const barcodes = [...new Set(text.split(/[\s,;]+/).map((b) => b.trim()).filter(Boolean))];

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await call(C.allocate, { AreaID: Number(areaId), Barcodes: barcodes, ...(shelfMark ? { ShelfMark: shelfMark } : {}) }, { toast: false }));
      setText('');
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1000 }}>
      <Typography variant="h6" component="h1">{t('screen.listHeading')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <TargetAreaFields areaId={areaId} shelfMark={shelfMark} onArea={setAreaId} onShelfMark={setShelfMark} />
          </Stack>
          <TextField multiline minRows={6} label={t('screen.barcodes')} value={text} onChange={(e) => setText(e.target.value)} helperText={t('screen.barcodesHint', { count: barcodes.length })}
            slotProps={{ htmlInput: { 'data-testid': 'allocation-barcodes' } }} />
          <div>
            <Button variant="contained" disabled={busy || !areaId || !barcodes.length} onClick={() => void run()} data-testid="allocation-run">{t('screen.run', { count: barcodes.length })}</Button>
          </div>
        </Stack>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.Refused.length ? 'warning' : 'success'} data-testid="allocation-result">
          <Typography variant="body2">{t('screen.result', { moved: result.Changed, refused: result.Refused.length })}</Typography>
          {result.Refused.map((r) => <Typography key={`${r.ID}-${r.Barcode}`} variant="body2">{r.Barcode}: {r.Message}</Typography>)}
        </Alert>
      )}
    </Stack>
  );
}
