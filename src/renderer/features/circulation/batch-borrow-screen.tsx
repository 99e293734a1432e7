import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BATCH_OPS, circulationBatchCalls as B, type BatchResult, type ClassReader } from '../../../shared/api/circulation-batch.ts';
import { wordReason } from '../../../shared/api/circulation.ts';
import { call } from '../../lib/api-client.ts';
import { playSound } from '../../lib/sounds.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { applyResult, firstReader, pendingOf, remainingOf, remove, scan, toSend, type BorrowMode, type BorrowState, type QueueLine } from './batch-borrow-queue.ts';
import { BatchTotals, DeptPicker, dayOf, rowReasons, type DeptOption } from './batch-shared.tsx';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';

const PATH = '/batchborrow';

/**
 * /batchborrow 批量借书: a class's books lent at once. Pick the class: its readers are listed in
 * roster order with what they have on loan and may still borrow. Scan the books: each goes to the
 * selected reader, and the selection moves to the next reader who may borrow (or stays, in "one
 * reader, many books"); a reader card scanned selects that reader; ↑/↓ in the box move the
 * selection. Nothing is lent until "Lend all", which sends the list as one batch; each line then
 * says lent (and the due day) or why not.
 */
export default function BatchBorrowScreen() {
  const { t, i18n } = useTranslation(['circulation-batch', 'screens', 'circulation', 'borrowing', 'catalogue']);
  const canLend = useCanOp(BATCH_OPS.borrow);
  const [dept, setDept] = useState<DeptOption | null>(null);
  const [mode, setMode] = useState<BorrowMode>('next');
  const [state, setState] = useState<BorrowState>({ selected: null, lines: [] });
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  // One key per list sent: the same list sent again after a failure is the same request.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const roster = useQuery({
    queryKey: ['circulation-batch', 'class-readers', dept?.ID, i18n.language],
    queryFn: () => call(B.getClassReaders, { DeptID: dept!.ID }),
    enabled: dept != null,
  });
  const readers: ClassReader[] = roster.data?.List ?? [];
  const nameOf = (userId: number) => readers.find((r) => r.UserID === userId)?.Name ?? String(userId);

  useEffect(() => {
    // A new class starts a new list; the first reader who may borrow is selected.
    setState({ selected: null, lines: [] });
    setResult(null);
    setNotice(null);
  }, [dept?.ID]);
  useEffect(() => {
    if (roster.data) setState((s) => (s.selected == null ? { ...s, selected: firstReader(roster.data.List, s.lines) } : s));
  }, [roster.data]);

  const handle = (raw: string) => {
    const value = raw.trim();
    if (!value || !readers.length) return;
    const { state: next, outcome } = scan(state, readers, value, mode);
    setState(next);
    if (outcome.kind === 'queued') {
      setNotice({ ok: true, text: t('borrow.queued', { barcode: value, name: nameOf(outcome.line.userId) }) });
      playSound('success');
    } else if (outcome.kind === 'reader') {
      setNotice({ ok: true, text: t('borrow.selected', { name: nameOf(outcome.userId) }) });
    } else if (outcome.kind === 'duplicate') {
      setNotice({ ok: false, text: t('borrow.duplicate', { barcode: value, name: nameOf(outcome.userId) }) });
      playSound('refusal');
    } else {
      setNotice({ ok: false, text: t('borrow.noReader') });
      playSound('refusal');
    }
  };
  useScannerBursts((scanned) => {
    handle(scanned);
    box.current?.focus();
  }, dept != null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    handle(code);
    setCode('');
    box.current?.focus();
  };

  const sending = toSend(state.lines);
  const lendAll = async () => {
    if (!sending.length || busy) return;
    const items = sending.map((l) => ({ UserID: l.userId, Barcode: l.barcode }));
    const body = JSON.stringify(items);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    setBusy(true);
    try {
      const res = await call(B.batchCirc, { Items: items }, { idempotencyKey: attempt.current.key });
      attempt.current = null;
      setState((s) => ({ ...s, lines: applyResult(s.lines, sending, res.List) }));
      setResult(res);
      playSound(res.Refused ? 'refusal' : 'success');
      void roster.refetch();
    } catch {
      // The client showed the failure; the list stays as it was, to be sent again.
    } finally {
      setBusy(false);
      box.current?.focus();
    }
  };

  const move = (e: KeyboardEvent) => {
    // Ctrl+Enter lends the list without leaving the scan box.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void lendAll();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const i = readers.findIndex((r) => r.UserID === state.selected);
    const j = Math.min(readers.length - 1, Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)));
    if (readers[j]) setState((s) => ({ ...s, selected: readers[j]!.UserID }));
  };

  const selectReader = (userId: number) => {
    setState((s) => ({ ...s, selected: userId }));
    box.current?.focus();
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1440 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('borrow.intro')}</Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <DeptPicker value={dept} onChange={setDept} testId="batch-borrow-class" />
          <Box>
            <FormLabel id="batch-borrow-mode">{t('borrow.mode')}</FormLabel>
            <RadioGroup row aria-labelledby="batch-borrow-mode" value={mode} onChange={(e) => setMode(e.target.value as BorrowMode)}>
              <FormControlLabel value="next" control={<Radio size="small" />} label={t('borrow.modeNext')} />
              <FormControlLabel value="one" control={<Radio size="small" />} label={t('borrow.modeOne')} data-testid="batch-borrow-mode-one" />
            </RadioGroup>
          </Box>
        </Stack>
        {dept && (
          <Stack component="form" onSubmit={submit} direction="row" sx={{ gap: 2, mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              inputRef={box} autoFocus value={code} onChange={(e) => setCode(e.target.value)} onKeyDown={move}
              label={t('borrow.box')} helperText={t('borrow.hint')} sx={{ width: 420, maxWidth: '100%' }}
              slotProps={{ htmlInput: { 'data-testid': 'batch-borrow-scan', maxLength: 64, autoComplete: 'off' } }}
            />
            <Button type="submit" variant="outlined" sx={{ mt: 1 }}>{t('borrow.add')}</Button>
          </Stack>
        )}
        {notice && (
          <Typography role="status" variant="body2" color={notice.ok ? 'success.main' : 'error'} sx={{ mt: 1 }} data-testid="batch-borrow-notice">
            {notice.text}
          </Typography>
        )}
      </Paper>

      {dept && (
        <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
          <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="subtitle1" component="h2">{t('borrow.readersHeading', { count: readers.length })}</Typography>
            {roster.data && roster.data.Total > readers.length && <Alert severity="warning">{t('borrow.rosterCut', { shown: readers.length, total: roster.data.Total })}</Alert>}
            {roster.isLoading && <Typography variant="body2">{t('common.loading')}</Typography>}
            {roster.data && !readers.length && <Typography variant="body2" color="text.secondary">{t('borrow.noReaders')}</Typography>}
            {readers.length > 0 && (
              <TableContainer sx={{ maxHeight: 560 }}>
                <Table size="small" stickyHeader aria-label={t('borrow.readersHeading', { count: readers.length })} data-testid="batch-borrow-readers">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('col.card')}</TableCell>
                      <TableCell>{t('col.name')}</TableCell>
                      <TableCell align="right">{t('col.onLoan')}</TableCell>
                      <TableCell align="right">{t('col.left')}</TableCell>
                      <TableCell align="right">{t('col.inBatch')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {readers.map((r) => {
                      const selected = r.UserID === state.selected;
                      const left = remainingOf(r, state.lines);
                      return (
                        <TableRow
                          key={r.UserID} hover selected={selected} aria-selected={selected} onClick={() => selectReader(r.UserID)}
                          data-testid={`batch-borrow-reader-${r.ReaderID}`} data-selected={selected ? 'true' : 'false'} sx={{ cursor: 'pointer' }}
                        >
                          <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.ReaderID}</TableCell>
                          <TableCell>
                            <Box component="span" sx={{ fontWeight: selected ? 700 : undefined }}>{r.Name}</Box>
                            {selected && <Box component="span" sx={visuallyHidden}>{t('borrow.selectedMark')}</Box>}
                            {r.Blocks.map((b) => (
                              <Typography key={b.Code} variant="caption" color="error" sx={{ display: 'block' }}>
                                {wordReason((key, params) => t(key, params ?? {}), b)}
                              </Typography>
                            ))}
                            {!r.Blocks.length && r.Loans.some((l) => l.Overdue) && (
                              <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                                {t('borrow.overdue', { count: r.Loans.filter((l) => l.Overdue).length })}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell align="right">{r.OnLoan}</TableCell>
                          <TableCell align="right" sx={{ color: left <= 0 ? 'error.main' : undefined }}>{Math.max(0, left)}</TableCell>
                          <TableCell align="right">{pendingOf(state.lines, r.UserID) || ''}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Paper>

          <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="subtitle1" component="h2">{t('borrow.listHeading', { count: state.lines.length })}</Typography>
            {result && <BatchTotals done={result.Done} refused={result.Refused} doneKey="borrow.doneCount" testId="batch-borrow-totals" />}
            {!state.lines.length
              ? <Typography variant="body2" color="text.secondary">{t('borrow.listEmpty')}</Typography>
              : <QueueTable lines={state.lines} nameOf={nameOf} onRemove={(key) => { setState((s) => remove(s, key)); box.current?.focus(); }} />}
            <Stack direction="row" sx={{ gap: 1, mt: 2 }}>
              {canLend && (
                <Button variant="contained" onClick={lendAll} disabled={!sending.length || busy} data-testid="batch-borrow-commit">
                  {t('borrow.commit', { count: sending.length })}
                </Button>
              )}
              <Button onClick={() => { setState((s) => ({ ...s, lines: [] })); setResult(null); box.current?.focus(); }} disabled={!state.lines.length || busy}>
                {t('borrow.clear')}
              </Button>
            </Stack>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

function QueueTable({ lines, nameOf, onRemove }: { lines: readonly QueueLine[]; nameOf: (id: number) => string; onRemove: (key: number) => void }) {
  const { t } = useTranslation(['circulation-batch', 'circulation', 'borrowing', 'catalogue']);
  return (
    <TableContainer sx={{ maxHeight: 560 }}>
      <Table size="small" stickyHeader aria-label={t('borrow.listHeading', { count: lines.length })} data-testid="batch-borrow-list">
        <TableHead>
          <TableRow>
            <TableCell>{t('col.reader')}</TableCell>
            <TableCell>{t('col.barcode')}</TableCell>
            <TableCell>{t('col.outcome')}</TableCell>
            <TableCell><Box component="span" sx={visuallyHidden}>{t('col.actions')}</Box></TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.key} data-testid={`batch-borrow-line-${l.barcode}`} data-status={l.status}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{nameOf(l.userId)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.barcode}</TableCell>
              <TableCell>
                {l.status === 'pending' && <Typography variant="body2" color="text.secondary">{t('borrow.pending')}</Typography>}
                {l.status === 'lent' && l.result?.Loan && (
                  <Typography variant="body2" color="success.main">{t('borrow.lent', { title: l.result.Loan.Title, due: dayOf(l.result.Loan.DueAt) })}</Typography>
                )}
                {l.status === 'refused' && l.result && rowReasons(t, l.result).map((r, i) => (
                  <Typography key={i} variant="body2" color="error" sx={{ display: 'block' }}>{r}</Typography>
                ))}
              </TableCell>
              <TableCell>
                {l.status !== 'lent' && (
                  <Button size="small" onClick={() => onRemove(l.key)} aria-label={t('borrow.removeOne', { barcode: l.barcode })} data-testid={`batch-borrow-remove-${l.barcode}`}>
                    {t('borrow.remove')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
