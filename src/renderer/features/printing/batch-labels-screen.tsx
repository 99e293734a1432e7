import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { collectionCalls, type CollectionQuery } from '../../../shared/api/collection.ts';
import { acquisitionCalls } from '../../../shared/api/acquisition.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { MAX_ROWS } from '../../../shared/api/paging.ts';
import { PRINT_LIMIT } from '../../../shared/domain/ui-constants.ts';
import { compareCallNumbers } from '../../../shared/domain/catalogue/call-number.ts';
import { call } from '../../lib/api-client.ts';
import { BROWSER_UNSUPPORTED, isDesktop } from '../../lib/bridge.ts';
import { useLabelStyles } from './label-styles.ts';
import { printCopyLabels } from './print-labels.ts';
import { errorNote, noteText, type Note } from './print-note.ts';
import { usePrinters } from './use-printers.ts';

type Filters = Pick<CollectionQuery, 'BatchID' | 'AreaID' | 'ClassNo'>;
type Order = 'catalogued' | 'callNumber';
type Found = { total: number; copies: { Barcode: string; CallNo: string; ID: number }[] };

/**
 * /pltplot: labels for many copies at once, chosen by acquisition batch, collection area and
 * class-number prefix (the cart of books just catalogued, a shelf being relabelled), in
 * cataloguing or shelf order, spine and barcode labels as two jobs. At most 5000 (spec).
 */
export default function BatchLabelsScreen() {
  const { t } = useTranslation(['printing', 'errors']);
  const desktop = isDesktop();
  const styles = useLabelStyles();
  const batches = useQuery({ queryKey: ['acquisition', 'open-batches'], queryFn: () => call(acquisitionCalls.getBatchList, { Page: 1, Rows: 200 }) });
  const areas = useQuery({ queryKey: ['catalogue', 'areas'], queryFn: () => call(basicSetsCalls.locationList, { Page: 1, Rows: 200 }) });
  const [filters, setFilters] = useState<Filters>({});
  const [order, setOrder] = useState<Order>('callNumber');
  const [kinds, setKinds] = useState({ spine: true, barcode: false });
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const printers = usePrinters();
  const [messages, setMessages] = useState<{ kind?: 'spine' | 'barcode'; note: Note }[]>([]);


  const set = (patch: Filters) => {
    setFilters({ ...filters, ...patch });
    setFound(null);
  };

  const find = async () => {
    setBusy(true);
    setMessages([]);
    try {
      const first = await call(collectionCalls.list, { Page: 1, Rows: MAX_ROWS, ...filters });
      const copies = [...first.List];
      for (let page = 2; copies.length < Math.min(first.Total, PRINT_LIMIT); page++) {
        copies.push(...(await call(collectionCalls.list, { Page: page, Rows: MAX_ROWS, ...filters })).List);
      }
      setFound({ total: first.Total, copies: copies.slice(0, PRINT_LIMIT) });
    } catch (err) {
      setMessages([{ note: errorNote(err) }]);
    } finally {
      setBusy(false);
    }
  };

  const print = async () => {
    if (!found) return;
    setBusy(true);
    setMessages([]);
    const sorted = [...found.copies].sort(order === 'catalogued' ? (a, b) => a.ID - b.ID : (a, b) => compareCallNumbers(a.CallNo, b.CallNo) || a.Barcode.localeCompare(b.Barcode));
    const barcodes = sorted.map((c) => c.Barcode);
    const out: { kind?: 'spine' | 'barcode'; note: Note }[] = [];
    for (const kind of (['spine', 'barcode'] as const).filter((k) => kinds[k])) {
      try {
        const r = await printCopyLabels(t, styles, printers, { kind, barcodes, title: t(`printing:batch.jobTitle.${kind}`, { count: barcodes.length }) });
        out.push({ kind, note: r });
      } catch (err) {
        out.push({ kind, note: errorNote(err) });
      }
    }
    setMessages(out);
    setBusy(false);
  };

  const over = found ? found.total > PRINT_LIMIT : false;
  const nothing = !filters.BatchID && !filters.AreaID && !filters.ClassNo;

  return (
    <Card variant="outlined" sx={{ maxWidth: 900 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">{t('printing:batch.heading')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('printing:batch.intro')}</Typography>
          {!desktop && <Alert severity="info" data-testid="print-browser-note">{t(BROWSER_UNSUPPORTED)}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('printing:preprint.batch')} value={filters.BatchID ?? ''} onChange={(e) => set({ BatchID: e.target.value === '' ? undefined : Number(e.target.value) })} sx={{ flex: 1 }} slotProps={{ htmlInput: { 'data-testid': 'batch-filter-batch' } }}>
              <MenuItem value="">{t('printing:batch.any')}</MenuItem>
              {(batches.data?.List ?? []).map((b) => <MenuItem key={b.ID} value={b.ID}>{b.BatchNo}</MenuItem>)}
            </TextField>
            <TextField select label={t('printing:batch.area')} value={filters.AreaID ?? ''} onChange={(e) => set({ AreaID: e.target.value === '' ? undefined : Number(e.target.value) })} sx={{ flex: 1 }}>
              <MenuItem value="">{t('printing:batch.any')}</MenuItem>
              {(areas.data?.List ?? []).map((a) => <MenuItem key={a.ID} value={a.ID}>{a.Name}</MenuItem>)}
            </TextField>
            <TextField label={t('printing:batch.classNo')} value={filters.ClassNo ?? ''} onChange={(e) => set({ ClassNo: e.target.value.trim().toUpperCase() || undefined })} sx={{ flex: 1 }}
              helperText={t('printing:batch.classNoHelp')} slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'batch-filter-class' } }} />
          </Stack>
          <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={busy || nothing} onClick={() => void find()} data-testid="batch-find">{t('printing:batch.find')}</Button>
          {found && (
            <Alert severity={over ? 'warning' : 'info'} data-testid="batch-found">
              {over ? t('printing:batch.foundOver', { total: found.total, max: PRINT_LIMIT }) : t('printing:batch.found', { count: found.total })}
              {found.copies.length > 0 && ` ${found.copies[0]!.Barcode}${found.copies.length > 1 ? ` … ${found.copies.at(-1)!.Barcode}` : ''}`}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <FormControlLabel control={<Checkbox checked={kinds.spine} onChange={(e) => setKinds({ ...kinds, spine: e.target.checked })} />} label={t('printing:batch.kind.spine')} />
            <FormControlLabel control={<Checkbox checked={kinds.barcode} onChange={(e) => setKinds({ ...kinds, barcode: e.target.checked })} />} label={t('printing:batch.kind.barcode')} />
            <TextField select size="small" label={t('printing:batch.order')} value={order} onChange={(e) => setOrder(e.target.value as Order)} sx={{ minWidth: 220 }}>
              <MenuItem value="callNumber">{t('printing:batch.orders.callNumber')}</MenuItem>
              <MenuItem value="catalogued">{t('printing:batch.orders.catalogued')}</MenuItem>
            </TextField>
          </Stack>
          <Typography variant="body2" color="text.secondary">{t('printing:batch.stylesFrom')}</Typography>
          {messages.map((m, i) => (
            <Alert key={i} severity={m.note.severity} data-testid="batch-message">
              {m.kind ? t('printing:batch.result', { kind: t(`printing:batch.kind.${m.kind}`), text: noteText(t, m.note) }) : noteText(t, m.note)}
            </Alert>
          ))}
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!desktop || busy || !found?.copies.length || (!kinds.spine && !kinds.barcode) || !printers.length} onClick={() => void print()} data-testid="batch-print">
            {t('printing:batch.print', { count: found?.copies.length ?? 0 })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
