import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { allocationCalls as C } from '../../../shared/api/allocation.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { TargetAreaFields } from './target-area-fields.tsx';

interface Scan { key: number; barcode: string; ok: boolean; text: string }

/**
 * /allocation-scan 扫码调拨: choose the target area once, then scan copies one by one. Each scan
 * is moved at once and appears at the top, moved or refused with the reason; the count runs; the
 * cursor never leaves the scan box.
 */
export default function AllocationScanScreen() {
  const { t } = useTranslation(['allocation', 'errors']);
  const scanRef = useRef<HTMLInputElement>(null);
  const [areaId, setAreaId] = useState('');
  const [shelfMark, setShelfMark] = useState('');
  const [code, setCode] = useState('');
  const [scans, setScans] = useState<Scan[]>([]);
  const moved = scans.filter((s) => s.ok).length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const barcode = code.trim();
    setCode('');
    scanRef.current?.focus();
    if (!barcode || !areaId) return;
    const key = Date.now() + Math.random();
    try {
      const copy = await call(C.scan, { AreaID: Number(areaId), Barcode: barcode, ...(shelfMark ? { ShelfMark: shelfMark } : {}) }, { toast: false });
      setScans((s) => [{ key, barcode, ok: true, text: `${copy.Title} · ${copy.CallNo}` }, ...s]);
    } catch (err) {
      setScans((s) => [{ key, barcode, ok: false, text: errorText(t, err) }, ...s]);
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1000 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1">{t('screen.scanHeading')}</Typography>
        <Chip color="primary" variant="outlined" data-testid="allocation-count" label={t('screen.count', { moved, refused: scans.length - moved })} />
      </Stack>
      <Paper variant="outlined" component="form" onSubmit={(e) => void submit(e)} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TargetAreaFields areaId={areaId} shelfMark={shelfMark} onArea={(v) => { setAreaId(v); scanRef.current?.focus(); }} onShelfMark={setShelfMark} />
          <TextField inputRef={scanRef} size="small" sx={{ width: 300 }} label={t('screen.scan')} value={code} onChange={(e) => setCode(e.target.value)} disabled={!areaId}
            helperText={areaId ? t('screen.scanHint') : t('screen.chooseFirst')} slotProps={{ htmlInput: { 'data-testid': 'allocation-scan', maxLength: 64 } }} />
          {/* Scanners end with Enter; the button makes that a submit in a form with several fields. */}
          <Button type="submit" variant="contained" disabled={!areaId}>{t('screen.move')}</Button>
        </Stack>
      </Paper>
      {!scans.length && <Alert severity="info">{t('screen.scanEmpty')}</Alert>}
      <List dense data-testid="allocation-scans">
        {scans.map((s) => (
          <ListItem key={s.key} divider>
            <ListItemText
              primary={<Typography component="span" sx={{ fontFamily: 'monospace' }}>{s.barcode}</Typography>}
              secondary={<Typography component="span" variant="body2" color={s.ok ? 'success.main' : 'error'}>{s.ok ? t('screen.moved', { what: s.text }) : s.text}</Typography>}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
