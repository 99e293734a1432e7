import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BATCH_MAX_ROWS, BATCH_OPS, circulationBatchCalls as B, type BatchRow } from '../../../shared/api/circulation-batch.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { BatchTotals, DeptPicker, rowReasons, type DeptOption } from './batch-shared.tsx';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';

const PATH = '/batchreturn';

interface Line {
  barcode: string;
  title: string;
  reader: string;
  due: string;
  result: BatchRow | null;
}

/**
 * Returns the barcodes in batches of BATCH_MAX_ROWS, each batch with its own idempotency key (kept
 * for the same batch sent again after a failure), and gives back every row's outcome in order.
 */
function useReturnAll() {
  const keys = useRef(new Map<string, string>());
  return async (barcodes: readonly string[]): Promise<BatchRow[]> => {
    const out: BatchRow[] = [];
    for (let i = 0; i < barcodes.length; i += BATCH_MAX_ROWS) {
      const chunk = barcodes.slice(i, i + BATCH_MAX_ROWS);
      const body = chunk.join('\n');
      if (!keys.current.has(body)) keys.current.set(body, crypto.randomUUID());
      const res = await call(B.batchReturn, { Barcodes: chunk }, { idempotencyKey: keys.current.get(body)! });
      keys.current.delete(body);
      out.push(...res.List.map((r) => ({ ...r, Row: r.Row + i })));
    }
    return out;
  };
}

/**
 * /batchreturn 批量还书: a trolley of books returned at once. Scan them into a list (nothing is
 * written per scan; a book scanned twice is told), or pick a class to list its open loans with a
 * box each; "Return all" returns them, and every line says whose it was or why not.
 */
export default function BatchReturnScreen() {
  const { t } = useTranslation(['circulation-batch', 'screens']);
  const [tab, setTab] = useState<'scan' | 'class'>('scan');
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1440 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('return.intro')}</Alert>
      <Tabs value={tab} onChange={(_e, v: 'scan' | 'class') => setTab(v)} aria-label={t('return.tabs')}>
        <Tab value="scan" label={t('return.tabScan')} data-testid="batch-return-tab-scan" />
        <Tab value="class" label={t('return.tabClass')} data-testid="batch-return-tab-class" />
      </Tabs>
      {tab === 'scan' ? <ScanReturn /> : <ClassReturn />}
    </Stack>
  );
}

function ScanReturn() {
  const { t } = useTranslation(['circulation-batch']);
  const canReturn = useCanOp(BATCH_OPS.return);
  const [lines, setLines] = useState<Line[]>([]);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [totals, setTotals] = useState<{ done: number; refused: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const returnAll = useReturnAll();

  const handle = (raw: string) => {
    const barcode = raw.trim();
    if (!barcode) return;
    if (lines.some((l) => l.barcode.toLowerCase() === barcode.toLowerCase() && !l.result?.Ok)) {
      setNotice({ ok: false, text: t('return.duplicate', { barcode }) });
      playSound('refusal');
      return;
    }
    setLines((ls) => [...ls, { barcode, title: '', reader: '', due: '', result: null }]);
    setNotice({ ok: true, text: t('return.queued', { barcode }) });
  };
  useScannerBursts((scanned) => {
    handle(scanned);
    box.current?.focus();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    handle(code);
    setCode('');
    box.current?.focus();
  };
  const pending = lines.filter((l) => !l.result?.Ok);
  const commit = async () => {
    setBusy(true);
    try {
      const rows = await returnAll(pending.map((l) => l.barcode));
      const byLine = new Map(pending.map((l, i) => [l, rows[i] ?? null]));
      setLines((ls) => ls.map((l) => (byLine.has(l) ? { ...l, result: byLine.get(l)! } : l)));
      const done = rows.filter((r) => r.Ok).length;
      setTotals({ done, refused: rows.length - done });
      playSound(done === rows.length ? 'success' : 'refusal');
    } catch {
      // Shown by the client; the list stays to be sent again.
    } finally {
      setBusy(false);
      box.current?.focus();
    }
  };

  return (
    <>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            inputRef={box} autoFocus value={code} onChange={(e) => setCode(e.target.value)} label={t('return.box')} helperText={t('return.hint')}
            onKeyDown={(e) => {
              // Ctrl+Enter returns the list without leaving the scan box.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                if (pending.length && !busy) void commit();
              }
            }}
            sx={{ width: 420, maxWidth: '100%' }} slotProps={{ htmlInput: { 'data-testid': 'batch-return-scan', maxLength: 64, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="outlined" sx={{ mt: 1 }}>{t('return.add')}</Button>
        </Stack>
        {notice && <Typography role="status" variant="body2" color={notice.ok ? 'success.main' : 'error'} sx={{ mt: 1 }} data-testid="batch-return-notice">{notice.text}</Typography>}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2">{t('return.listHeading', { count: lines.length })}</Typography>
        {totals && <BatchTotals done={totals.done} refused={totals.refused} doneKey="return.doneCount" testId="batch-return-totals" />}
        {!lines.length
          ? <Typography variant="body2" color="text.secondary">{t('return.listEmpty')}</Typography>
          : <ReturnTable lines={lines} onRemove={(i) => setLines((ls) => ls.filter((_l, j) => j !== i))} />}
        <Stack direction="row" sx={{ gap: 1, mt: 2 }}>
          {canReturn && (
            <Button variant="contained" onClick={commit} disabled={!pending.length || busy} data-testid="batch-return-commit">
              {t('return.commit', { count: pending.length })}
            </Button>
          )}
          <Button onClick={() => { setLines([]); setTotals(null); }} disabled={!lines.length || busy}>{t('return.clear')}</Button>
        </Stack>
      </Paper>
    </>
  );
}

function ReturnTable({ lines, onRemove, selection }: {
  lines: readonly Line[];
  onRemove?: (index: number) => void;
  selection?: { checked: ReadonlySet<string>; toggle: (barcode: string) => void; toggleAll: () => void };
}) {
  const { t } = useTranslation(['circulation-batch', 'circulation', 'borrowing', 'catalogue']);
  const allChecked = selection ? lines.filter((l) => !l.result?.Ok).every((l) => selection.checked.has(l.barcode)) : false;
  return (
    <TableContainer sx={{ maxHeight: 620 }}>
      <Table size="small" stickyHeader aria-label={t('return.listHeading', { count: lines.length })} data-testid="batch-return-list">
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox checked={allChecked} onChange={selection.toggleAll} slotProps={{ input: { 'aria-label': t('return.selectAll') } }} data-testid="batch-return-all" />
              </TableCell>
            )}
            <TableCell>{t('col.barcode')}</TableCell>
            <TableCell>{t('col.title')}</TableCell>
            <TableCell>{t('col.reader')}</TableCell>
            {selection && <TableCell>{t('col.due')}</TableCell>}
            <TableCell>{t('col.outcome')}</TableCell>
            {onRemove && <TableCell><Box component="span" sx={visuallyHidden}>{t('col.actions')}</Box></TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => {
            const r = l.result;
            const status = r ? (r.Ok ? 'returned' : 'refused') : 'pending';
            return (
              <TableRow key={`${l.barcode}-${i}`} data-testid={`batch-return-line-${l.barcode}`} data-status={status}>
                {selection && (
                  <TableCell padding="checkbox">
                    {!r?.Ok && (
                      <Checkbox
                        checked={selection.checked.has(l.barcode)} onChange={() => selection.toggle(l.barcode)}
                        slotProps={{ input: { 'aria-label': t('return.selectOne', { barcode: l.barcode }) } }}
                      />
                    )}
                  </TableCell>
                )}
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.barcode}</TableCell>
                <TableCell>{r?.Loan?.Title ?? l.title}</TableCell>
                <TableCell>{r?.Reader ? `${r.Reader.Name}${r.Reader.ClassName ? ` · ${r.Reader.ClassName}` : ''}` : l.reader}</TableCell>
                {selection && <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.due}</TableCell>}
                <TableCell>
                  {status === 'pending' && <Typography variant="body2" color="text.secondary">{t('return.pending')}</Typography>}
                  {r?.Ok && r.Loan && (
                    <Typography variant="body2" color="success.main">
                      {r.Loan.OverdueDays > 0 ? t('return.returnedLate', { days: r.Loan.OverdueDays }) : t('return.returned')}
                    </Typography>
                  )}
                  {r && !r.Ok && rowReasons(t, r).map((text, k) => <Typography key={k} variant="body2" color="error" sx={{ display: 'block' }}>{text}</Typography>)}
                </TableCell>
                {onRemove && (
                  <TableCell>
                    {!r?.Ok && (
                      <Button size="small" onClick={() => onRemove(i)} aria-label={t('return.removeOne', { barcode: l.barcode })}>{t('return.remove')}</Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ClassReturn() {
  const { t, i18n } = useTranslation(['circulation-batch']);
  const canReturn = useCanOp(BATCH_OPS.return);
  const [dept, setDept] = useState<DeptOption | null>(null);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Map<string, BatchRow>>(new Map());
  const [totals, setTotals] = useState<{ done: number; refused: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const returnAll = useReturnAll();
  const loans = useQuery({
    queryKey: ['circulation-batch', 'class-loans', dept?.ID, i18n.language],
    queryFn: () => call(B.getClassLoans, { DeptID: dept!.ID }),
    enabled: dept != null,
  });
  useEffect(() => {
    // A class's list: every loan ticked to start with (a class brings its books back together).
    setChecked(new Set((loans.data?.List ?? []).map((l) => l.Barcode)));
    setResults(new Map());
    setTotals(null);
  }, [loans.data]);
  const lines: Line[] = (loans.data?.List ?? []).map((l) => ({
    barcode: l.Barcode, title: l.Title, reader: `${l.ReaderName} · ${l.ReaderID}`,
    due: l.State === 'overdue' ? t('return.overdueDue', { due: l.DueDay, days: l.OverdueDays }) : l.DueDay, result: results.get(l.Barcode) ?? null,
  }));
  const selected = lines.filter((l) => checked.has(l.barcode) && !l.result?.Ok);
  const toggle = (barcode: string) => setChecked((s) => {
    const n = new Set(s);
    if (n.has(barcode)) n.delete(barcode);
    else n.add(barcode);
    return n;
  });
  const open = lines.filter((l) => !l.result?.Ok);
  const toggleAll = () => setChecked(open.every((l) => checked.has(l.barcode)) ? new Set() : new Set(open.map((l) => l.barcode)));
  const commit = async () => {
    setBusy(true);
    try {
      const rows = await returnAll(selected.map((l) => l.barcode));
      setResults((m) => {
        const n = new Map(m);
        selected.forEach((l, i) => rows[i] && n.set(l.barcode, rows[i]));
        return n;
      });
      const done = rows.filter((r) => r.Ok).length;
      setTotals({ done, refused: rows.length - done });
      playSound(done === rows.length ? 'success' : 'refusal');
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <DeptPicker value={dept} onChange={setDept} testId="batch-return-class" />
      {dept && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>{t('return.classHeading', { count: lines.length })}</Typography>
          {loans.data && loans.data.Total > lines.length && <Alert severity="warning">{t('return.classCut', { shown: lines.length, total: loans.data.Total })}</Alert>}
          {totals && <BatchTotals done={totals.done} refused={totals.refused} doneKey="return.doneCount" testId="batch-return-totals" />}
          {loans.data && !lines.length && <Typography variant="body2" color="text.secondary">{t('return.classEmpty')}</Typography>}
          {lines.length > 0 && <ReturnTable lines={lines} selection={{ checked, toggle, toggleAll }} />}
          {canReturn && (
            <Button variant="contained" sx={{ mt: 2 }} onClick={commit} disabled={!selected.length || busy} data-testid="batch-return-commit">
              {t('return.commitSelected', { count: selected.length })}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
