import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogueCalls as C, type Preprint } from '../../../shared/api/catalogue.ts';
import { acquisitionCalls } from '../../../shared/api/acquisition.ts';
import { PRINT_LIMIT } from '../../../shared/domain/ui-constants.ts';
import { call } from '../../lib/api-client.ts';
import { isDesktop } from '../../lib/bridge.ts';
import { useSession } from '../../lib/use-session.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { useLabelStyles } from './label-styles.ts';
import { printBarcodeLabels } from './print-labels.ts';
import { errorNote, noteText, type Note } from './print-note.ts';
import { TypedRangeCard } from './typed-range-card.tsx';
import { usePrinters } from './use-printers.ts';

const LIST_KEY = ['catalogue', 'preprints'] as const;

/**
 * /preprint: barcode labels printed before the books arrive. A range is reserved from a barcode
 * sequence (so cataloguing never issues those numbers again) and printed at this desk, or, in a
 * browser, through the no-login printable view. The ranges reserved so far are listed, to print
 * again or view. While the network is down the desk can still print a typed range.
 */
export default function PreprintScreen() {
  const { t, i18n } = useTranslation(['printing', 'errors', 'validation']);
  const desktop = isDesktop();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const styles = useLabelStyles();
  const user = useSession().user;
  const school = (i18n.language === 'en-US' ? user?.SchoolEnName || user?.SchoolName : user?.SchoolName) ?? '';
  const sequences = useQuery({ queryKey: ['catalogue', 'sequences'], queryFn: () => call(C.getBarCodeAutoAddList, {}) });
  const batches = useQuery({ queryKey: ['acquisition', 'open-batches'], queryFn: () => call(acquisitionCalls.getBatchList, { Page: 1, Rows: 200 }) });
  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => call(C.preprints, { Page: 1, Rows: 50 }) });
  const printers = usePrinters();
  const [sequenceId, setSequenceId] = useState<number | ''>('');
  const [count, setCount] = useState('30');
  const [batchId, setBatchId] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Note | null>(null);

  useEffect(() => {
    const seqs = sequences.data ?? [];
    if (sequenceId === '' && seqs.length) setSequenceId((seqs.find((s) => s.IsDefault) ?? seqs[0]!).ID);
  }, [sequences.data, sequenceId]);

  const n = Number(count);
  const countOk = Number.isInteger(n) && n >= 1 && n <= PRINT_LIMIT;
  const seq = sequences.data?.find((s) => s.ID === sequenceId);

  const print = async (p: Preprint & { Barcodes: string[] }) => {
    if (!desktop) {
      navigate(`/barcode-prepriting-view?token=${encodeURIComponent(p.ViewToken)}`);
      return;
    }
    const done = await printBarcodeLabels(t, styles, printers, { barcodes: p.Barcodes, heading: school, title: t('printing:preprint.jobTitle', { first: p.First, last: p.Last }) });
    setMessage(done);
  };

  const reserve = async () => {
    if (sequenceId === '' || !countOk) return;
    setBusy(true);
    setMessage(null);
    try {
      const p = await call(C.reservePreprint, { SequenceID: sequenceId, Count: n, BatchID: batchId === '' ? null : batchId, Note: note });
      await qc.invalidateQueries({ queryKey: LIST_KEY });
      await qc.invalidateQueries({ queryKey: ['catalogue', 'sequences'] });
      setMessage({ severity: 'info', key: 'printing:preprint.reserved', params: { count: p.Count, first: p.First, last: p.Last } });
      await print(p);
    } catch (err) {
      setMessage(errorNote(err));
    } finally {
      setBusy(false);
    }
  };

  const again = async (id: number, view: boolean) => {
    setMessage(null);
    try {
      const p = await call(C.preprintBarcodes, { ID: id });
      await qc.invalidateQueries({ queryKey: LIST_KEY });
      if (view) navigate(`/barcode-prepriting-view?token=${encodeURIComponent(p.ViewToken)}`);
      else await print(p);
    } catch (err) {
      setMessage(errorNote(err));
    }
  };

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 760 }}>
            <Typography variant="h6" component="h1">{t('printing:preprint.heading')}</Typography>
            <Typography variant="body2" color="text.secondary">{t('printing:preprint.intro')}</Typography>
            {!desktop && <Alert severity="info" data-testid="print-browser-note">{t('printing:preprint.browserNote')}</Alert>}
            {sequences.data && !sequences.data.length && <Alert severity="warning">{t('printing:preprint.noSequences')}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={t('printing:preprint.sequence')} value={sequenceId} onChange={(e) => setSequenceId(Number(e.target.value))} sx={{ flex: 2 }}
                helperText={seq ? t('printing:preprint.nextIs', { next: seq.Next }) : ' '} slotProps={{ htmlInput: { 'data-testid': 'preprint-sequence' } }}>
                {(sequences.data ?? []).map((s) => <MenuItem key={s.ID} value={s.ID}>{s.Name}</MenuItem>)}
              </TextField>
              <TextField label={t('printing:preprint.count')} type="number" value={count} onChange={(e) => setCount(e.target.value)} sx={{ flex: 1 }}
                error={!countOk} helperText={countOk ? t('printing:preprint.countHelp', { max: PRINT_LIMIT }) : t('printing:preprint.countProblem', { max: PRINT_LIMIT })}
                slotProps={{ htmlInput: { min: 1, max: PRINT_LIMIT, 'data-testid': 'preprint-count' } }} />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={t('printing:preprint.batch')} value={batchId} onChange={(e) => setBatchId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ flex: 1 }}>
                <MenuItem value="">{t('printing:preprint.noBatch')}</MenuItem>
                {(batches.data?.List ?? []).filter((b) => b.State !== 'closed').map((b) => <MenuItem key={b.ID} value={b.ID}>{b.BatchNo}</MenuItem>)}
              </TextField>
              <TextField label={t('printing:preprint.note')} value={note} onChange={(e) => setNote(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Stack>
            {message && <Alert severity={message.severity} onClose={() => setMessage(null)} data-testid="preprint-message">{noteText(t, message)}</Alert>}
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={busy || sequenceId === '' || !countOk} onClick={() => void reserve()} data-testid="preprint-reserve">
              {t(desktop ? 'printing:preprint.reserveAndPrint' : 'printing:preprint.reserveAndView', { count: countOk ? n : 0 })}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2">{t('printing:preprint.history')}</Typography>
            {list.isError && <Alert severity="error">{errorText(t, list.error)}</Alert>}
            {list.data && !list.data.List.length && <Typography variant="body2">{t('printing:preprint.none')}</Typography>}
            {!!list.data?.List.length && (
              <Table size="small" data-testid="preprint-list">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('printing:centre.time')}</TableCell>
                    <TableCell>{t('printing:preprint.range')}</TableCell>
                    <TableCell align="right">{t('printing:centre.labels')}</TableCell>
                    <TableCell>{t('printing:preprint.sequence')}</TableCell>
                    <TableCell>{t('printing:preprint.batch')}</TableCell>
                    <TableCell>{t('printing:preprint.note')}</TableCell>
                    <TableCell>{t('printing:preprint.by')}</TableCell>
                    <TableCell>{t('printing:centre.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.List.map((p) => (
                    <TableRow key={p.ID} data-testid={`preprint-row-${p.ID}`}>
                      <TableCell>{when(p.CreatedAt)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.First} – {p.Last}</TableCell>
                      <TableCell align="right">{p.Count}</TableCell>
                      <TableCell>{p.Sequence}</TableCell>
                      <TableCell>{p.BatchNo}</TableCell>
                      <TableCell>{p.Note}</TableCell>
                      <TableCell>{p.CreatedBy}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1}>
                          {desktop && <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => void again(p.ID, false)}>{t('printing:preprint.printAgain')}</Button>}
                          <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => void again(p.ID, true)} data-testid={`preprint-view-${p.ID}`}>{t('printing:preprint.view')}</Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        </CardContent>
      </Card>

      {desktop && <TypedRangeCard school={school} printers={printers} />}
    </Stack>
  );
}
