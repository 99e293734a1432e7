import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOSS_OPS, lossCalls as L, type LossRecord } from '../../../shared/api/loss.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';
import { call } from '../../lib/api-client.ts';
import { RefundDialog } from './loss-dialogs.tsx';
import { moneyColumns, yuan } from './money.ts';
import { retrievedResource } from './loss.resource.ts';
import { useLossActions } from './use-loss-actions.ts';

interface LogLine {
  id: number;
  ok: boolean;
  text: string;
  record: LossRecord | null;
  compensated: boolean;
}

/**
 * /loss-found 图书找回: scan a lost book that turned up; it goes back to its former area (or the
 * area chosen above the box) at once, and its loss record becomes retrieved. A book that had been
 * compensated says so: a refund is the librarian's decision, recorded from its line. Below, every
 * book found again (GetRetrieveRecords).
 */
export default function LossFoundScreen() {
  const { t } = useTranslation(['loss', 'screens']);
  const canFind = useCanOp(LOSS_OPS.found);
  const canRefund = useCanOp(LOSS_OPS.compensate);
  const { foundQuiet: found } = useLossActions();
  const areas = useQuery({ queryKey: ['loss-areas'], queryFn: () => call(L.getAreas, {}) });
  /** 0: the copy's former area. */
  const [areaId, setAreaId] = useState(0);
  const [code, setCode] = useState('');
  const [log, setLog] = useState<LogLine[]>([]);
  const [refund, setRefund] = useState<LossRecord | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const add = (line: Omit<LogLine, 'id'>) => setLog((l) => [{ ...line, id: ++seq.current }, ...l].slice(0, 50));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const barcode = code.trim();
    setCode('');
    box.current?.focus();
    if (!barcode) return;
    try {
      const r = await found.mutateAsync({ Barcode: barcode, AreaID: areaId || undefined });
      const where = `${r.BranchName} · ${r.AreaName}`;
      const text = r.Record
        ? t('found.doneWithBill', { barcode: r.Barcode, title: r.Title, where, bill: r.Record.BillNo, reader: r.Record.ReaderName || t('dialog.noReader') })
        : t('found.done', { barcode: r.Barcode, title: r.Title, where });
      add({ ok: true, text, record: r.Record, compensated: r.WasCompensated });
    } catch (err) {
      add({ ok: false, text: `${barcode}: ${errorText(t, err)}`, record: null, compensated: false });
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1440 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./loss-found')}</Typography>
      {canFind && (
        <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              inputRef={box} autoFocus value={code} onChange={(e) => setCode(e.target.value)} sx={{ width: 360 }}
              label={t('found.box')} helperText={t('found.hint')}
              slotProps={{ htmlInput: { 'data-testid': 'found-scan', maxLength: 64, autoComplete: 'off' } }}
            />
            <TextField
              select label={t('found.area')} value={areaId} onChange={(e) => setAreaId(Number(e.target.value))} sx={{ width: 300 }}
              helperText={t('found.areaHint')}
            >
              <MenuItem value={0}>{t('found.formerArea')}</MenuItem>
              {(areas.data ?? []).map((a) => <MenuItem key={a.ID} value={a.ID}>{a.Name}</MenuItem>)}
            </TextField>
            <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t('found.submit')}</Button>
          </Stack>
        </Paper>
      )}
      {log.length > 0 && (
        <Stack spacing={1} data-testid="found-log" aria-live="polite">
          {log.map((l) => (
            <Alert
              key={l.id} severity={l.ok ? (l.compensated ? 'warning' : 'success') : 'error'}
              action={l.compensated && l.record && canRefund && l.record.RefundAmount == null
                ? <Button color="inherit" size="small" onClick={() => setRefund(l.record)}>{t('actions.refund')}</Button> : undefined}
            >
              {l.text}
              {l.compensated && l.record ? ` ${t('found.wasCompensated', { paid: yuan(l.record.PaidAmount), way: l.record.PayWay ? t(`payWay.${l.record.PayWay}`) : '' })}` : ''}
            </Alert>
          ))}
        </Stack>
      )}
      <SearchList
        config={{
          resource: retrievedResource,
          filters: ['DateFrom', 'DateTo', 'Reader', 'Book'],
          columns: ['RetrievedAt', 'Barcode', 'Title', 'BillNo', 'ReaderName', 'PaidAmount', 'RefundAmount', 'RetrievedBy'],
          columnOverrides: moneyColumns,
          slots: canRefund ? {
            rowActionLabels: [t('actions.refund')],
            rowActions: (row) => (row.PaidAmount && row.RefundAmount == null
              ? <Button size="small" onClick={() => setRefund(row)}>{t('actions.refund')}</Button> : null),
          } : undefined,
        }}
      />
      {refund && <RefundDialog record={refund} onClose={() => setRefund(null)} />}
    </Stack>
  );
}
