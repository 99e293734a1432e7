import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { collectionCalls, labelCalls as C } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { relabelResource } from './relabel.resource.ts';

/**
 * /resource-mana/resource/label-transfer 换标: scan the old barcode (or tag) → the copy is shown →
 * scan the new label (and tag) → Enter. Keyboard and scanner only; the history is below.
 */
export default function LabelTransferScreen() {
  const { t, i18n } = useTranslation(['collection']);
  const qc = useQueryClient();
  const oldRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [copy, setCopy] = useState<CopyRow | null>(null);
  const [newBarcode, setNewBarcode] = useState('');
  const [newRfid, setNewRfid] = useState('');
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      setCopy(await call(collectionCalls.byCode, { Code: code.trim() }, { toast: false }));
    } catch (err) {
      setCopy(null);
      setMessage({ severity: 'error', text: errorText(t, err) });
    }
  };
  const transfer = async (e: FormEvent) => {
    e.preventDefault();
    if (!copy) return;
    try {
      const r = await call(C.transfer, { Code: copy.Barcode, ...(newBarcode.trim() ? { NewBarcode: newBarcode.trim() } : {}), ...(newRfid.trim() ? { NewRFID: newRfid.trim() } : {}) }, { toast: false });
      setMessage({ severity: 'success', text: t('label.done', { old: copy.Barcode, new: r.Barcode }) });
      setCopy(null);
      setCode('');
      setNewBarcode('');
      setNewRfid('');
      await qc.invalidateQueries({ queryKey: ['relabel'] });
      oldRef.current?.focus();
    } catch (err) {
      setMessage({ severity: 'error', text: errorText(t, err) });
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
      <Typography variant="h6" component="h2">{t('label.heading')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('label.hint')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={(e) => void find(e)} sx={{ p: 2 }}>
        <Stack direction="row" spacing={2}>
          <TextField inputRef={oldRef} autoFocus size="small" sx={{ width: 320 }} label={t('label.old')} value={code} onChange={(e) => setCode(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'label-old', maxLength: 64 } }} />
          <Button type="submit" variant="outlined">{t('label.find')}</Button>
        </Stack>
      </Paper>
      {message && <Alert severity={message.severity} data-testid="label-message">{message.text}</Alert>}
      {copy && (
        <Paper variant="outlined" component="form" onSubmit={(e) => void transfer(e)} sx={{ p: 2 }} data-testid="label-copy">
          <Typography variant="subtitle1" sx={{ mb: 2 }}>{t('label.copy', { title: copy.Title, callNo: copy.CallNo, barcode: copy.Barcode })}</Typography>
          <Stack direction="row" spacing={2}>
            <TextField inputRef={newRef} autoFocus size="small" sx={{ width: 260 }} label={t('label.newBarcode')} value={newBarcode} onChange={(e) => setNewBarcode(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'label-new', maxLength: 64 } }} />
            <TextField size="small" sx={{ width: 260 }} label={t('label.newRfid')} value={newRfid} onChange={(e) => setNewRfid(e.target.value)} />
            <Button type="submit" variant="contained" data-testid="label-transfer">{t('label.transfer')}</Button>
          </Stack>
        </Paper>
      )}
      <SearchList config={{ resource: relabelResource, filters: ['SearchKey'], columns: ['At', 'OldBarcode', 'NewBarcode', 'NewRFID', 'Title', 'User'],
        columnOverrides: { At: { valueFormatter: (v: string) => new Date(v).toLocaleString(i18n.language) } } }} />
    </Stack>
  );
}
