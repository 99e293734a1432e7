import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
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
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { BATCH_OPS, circulationBatchCalls as B, CONDITION_MAX, type BatchResult, type Condition } from '../../../shared/api/circulation-batch.ts';
import type { LoanRecord } from '../../../shared/api/circulation-records.ts';
import { IDENTITIES } from '../../../shared/domain/identities.ts';
import { call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { BatchTotals, DeptPicker, dayOf, rowReasons, type DeptOption } from './batch-shared.tsx';

const PATH = '/batchcondition';
const PREVIEW_ROWS = 200;

type Action = 'renew' | 'due';

/**
 * /batchcondition 按条件批量处理: choose which open loans (class or department, identity, branch,
 * due between two days, overdue only), see how many and which, then act on all of them at once:
 * renew each under the rules (each refusal told), or give each a new due day (a closure over a
 * holiday), journaled with the old and new due day. At most CONDITION_MAX at once.
 */
export default function BatchConditionScreen() {
  const { t, i18n } = useTranslation(['circulation-batch', 'screens']);
  const canRenew = useCanOp(BATCH_OPS.renew);
  const canDue = useCanOp(BATCH_OPS.due);
  const [dept, setDept] = useState<DeptOption | null>(null);
  const [identity, setIdentity] = useState('');
  const [branch, setBranch] = useState('');
  const [dueFrom, setDueFrom] = useState('');
  const [dueTo, setDueTo] = useState('');
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [condition, setCondition] = useState<Condition | null>(null);
  const [action, setAction] = useState<Action>(canRenew || !canDue ? 'renew' : 'due');
  const [newDue, setNewDue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ action: Action; res: BatchResult } | null>(null);
  const [busy, setBusy] = useState(false);
  const keyRef = useRef<{ body: string; key: string } | null>(null);
  const today = dayjs().format('YYYY-MM-DD');

  const branches = useQuery({ queryKey: ['circulation-batch', 'branches'], queryFn: () => call(basicSetsCalls.branchList, { Page: 1, Rows: 200 }, { toast: false }) });
  const preview = useQuery({
    queryKey: ['circulation-batch', 'condition', condition, i18n.language],
    queryFn: () => call(B.conditionPreview, { ...condition!, Page: 1, Rows: PREVIEW_ROWS }),
    enabled: condition != null,
  });
  const rangeBad = !!(dueFrom && dueTo && dueFrom > dueTo);

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (rangeBad) return;
    setResult(null);
    setCondition({
      OverdueOnly: overdueOnly,
      ...(dept ? { DeptID: dept.ID } : {}),
      ...(identity ? { Identity: identity as Condition['Identity'] } : {}),
      ...(branch ? { BranchID: Number(branch) } : {}),
      ...(dueFrom ? { DueFrom: dueFrom } : {}),
      ...(dueTo ? { DueTo: dueTo } : {}),
    });
  };

  const total = preview.data?.Total ?? 0;
  const tooMany = total > CONDITION_MAX;
  const dueOk = /^\d{4}-\d{2}-\d{2}$/.test(newDue) && newDue >= today;
  const canAct = condition != null && total > 0 && !tooMany && (action === 'renew' ? canRenew : canDue && dueOk);

  const run = async () => {
    if (!condition) return;
    setConfirming(false);
    setBusy(true);
    const body = JSON.stringify({ action, condition, newDue });
    if (keyRef.current?.body !== body) keyRef.current = { body, key: crypto.randomUUID() };
    try {
      const res = action === 'renew'
        ? await call(B.conditionRenew, condition, { idempotencyKey: keyRef.current.key })
        : await call(B.conditionSetDue, { ...condition, NewDueDay: newDue }, { idempotencyKey: keyRef.current.key });
      keyRef.current = null;
      setResult({ action, res });
      void preview.refetch();
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1440 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('condition.intro', { max: CONDITION_MAX })}</Alert>
      <Paper variant="outlined" component="form" onSubmit={search} sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>{t('condition.which')}</Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <DeptPicker value={dept} onChange={setDept} testId="batch-condition-class" width={280} />
          <TextField select label={t('condition.identity')} value={identity} onChange={(e) => setIdentity(e.target.value)} sx={{ width: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'batch-condition-identity' } }}>
            <MenuItem value="">{t('condition.any')}</MenuItem>
            {IDENTITIES.map((i) => <MenuItem key={i} value={i}>{t(`identity.${i}`)}</MenuItem>)}
          </TextField>
          <TextField select label={t('condition.branch')} value={branch} onChange={(e) => setBranch(e.target.value)} sx={{ width: 200 }}>
            <MenuItem value="">{t('condition.any')}</MenuItem>
            {(branches.data?.List ?? []).map((b) => <MenuItem key={b.ID} value={String(b.ID)}>{b.Name}</MenuItem>)}
          </TextField>
          <TextField type="date" label={t('condition.dueFrom')} value={dueFrom} onChange={(e) => setDueFrom(e.target.value)} sx={{ width: 180 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'batch-condition-from' } }} />
          <TextField type="date" label={t('condition.dueTo')} value={dueTo} onChange={(e) => setDueTo(e.target.value)} sx={{ width: 180 }}
            error={rangeBad} helperText={rangeBad ? t('condition.rangeBad') : ' '}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'batch-condition-to' } }} />
          <FormControlLabel control={<Checkbox checked={overdueOnly} onChange={(e) => setOverdueOnly(e.target.checked)} />} label={t('condition.overdueOnly')} sx={{ mt: 1 }} />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="batch-condition-search" disabled={rangeBad}>{t('condition.search')}</Button>
        </Stack>
      </Paper>

      {condition && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" data-testid="batch-condition-count">
            {preview.isLoading ? t('common.loading') : t('condition.count', { count: total })}
          </Typography>
          {tooMany && <Alert severity="error" data-testid="batch-condition-toomany">{t('condition.tooMany', { count: total, max: CONDITION_MAX })}</Alert>}
          {total > PREVIEW_ROWS && !tooMany && <Typography variant="body2" color="text.secondary">{t('condition.shown', { shown: PREVIEW_ROWS, total })}</Typography>}
          {preview.data && preview.data.List.length > 0 && <LoansPreview loans={preview.data.List} />}

          {total > 0 && (canRenew || canDue) && (
            <Stack direction="row" sx={{ gap: 2, mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <div>
                <FormLabel id="batch-condition-action">{t('condition.action')}</FormLabel>
                <RadioGroup row aria-labelledby="batch-condition-action" value={action} onChange={(e) => setAction(e.target.value as Action)}>
                  {canRenew && <FormControlLabel value="renew" control={<Radio size="small" />} label={t('condition.renew')} />}
                  {canDue && <FormControlLabel value="due" control={<Radio size="small" />} label={t('condition.setDue')} data-testid="batch-condition-action-due" />}
                </RadioGroup>
              </div>
              {action === 'due' && (
                <TextField type="date" label={t('condition.newDue')} value={newDue} onChange={(e) => setNewDue(e.target.value)} sx={{ width: 200 }} required
                  error={!!newDue && !dueOk} helperText={newDue && !dueOk ? t('condition.newDuePast') : t('condition.newDueHint')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'batch-condition-newdue', min: today } }} />
              )}
              <Button variant="contained" sx={{ mt: 1 }} disabled={!canAct || busy} onClick={() => setConfirming(true)} data-testid="batch-condition-run">
                {action === 'renew' ? t('condition.runRenew', { count: total }) : t('condition.runDue', { count: total })}
              </Button>
            </Stack>
          )}
        </Paper>
      )}

      {result && <ResultTable result={result} />}

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="batch-condition-confirm">
        <DialogTitle id="batch-condition-confirm">{t('condition.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {action === 'renew' ? t('condition.confirmRenew', { count: total }) : t('condition.confirmDue', { count: total, day: newDue })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={run} data-testid="batch-condition-confirm-ok">{t('common.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function LoansPreview({ loans }: { loans: readonly LoanRecord[] }) {
  const { t } = useTranslation('circulation-batch');
  return (
    <TableContainer sx={{ maxHeight: 480, mt: 1 }}>
      <Table size="small" stickyHeader aria-label={t('condition.previewLabel')} data-testid="batch-condition-preview">
        <TableHead>
          <TableRow>
            <TableCell>{t('col.class')}</TableCell>
            <TableCell>{t('col.card')}</TableCell>
            <TableCell>{t('col.name')}</TableCell>
            <TableCell>{t('col.barcode')}</TableCell>
            <TableCell>{t('col.title')}</TableCell>
            <TableCell>{t('col.due')}</TableCell>
            <TableCell align="right">{t('col.renewed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loans.map((l) => (
            <TableRow key={l.LoanID}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.ClassName}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.ReaderID}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.ReaderName}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{l.Barcode}</TableCell>
              <TableCell>{l.Title}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: l.State === 'overdue' ? 'error.main' : undefined }}>
                {l.State === 'overdue' ? t('return.overdueDue', { due: l.DueDay, days: l.OverdueDays }) : l.DueDay}
              </TableCell>
              <TableCell align="right">{l.RenewCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ResultTable({ result }: { result: { action: Action; res: BatchResult } }) {
  const { t } = useTranslation(['circulation-batch', 'circulation', 'borrowing', 'catalogue']);
  const { res } = result;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">{t('condition.resultHeading')}</Typography>
      <BatchTotals done={res.Done} refused={res.Refused} doneKey={result.action === 'renew' ? 'condition.renewedCount' : 'condition.movedCount'} testId="batch-condition-totals" />
      <TableContainer sx={{ maxHeight: 560, mt: 1 }}>
        <Table size="small" stickyHeader aria-label={t('condition.resultHeading')} data-testid="batch-condition-results">
          <TableHead>
            <TableRow>
              <TableCell>{t('col.barcode')}</TableCell>
              <TableCell>{t('col.reader')}</TableCell>
              <TableCell>{t('col.outcome')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {res.List.map((r) => (
              <TableRow key={r.Row} data-testid={`batch-condition-result-${r.Barcode}`} data-ok={r.Ok ? 'true' : 'false'}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.Barcode}</TableCell>
                <TableCell>{r.Reader ? `${r.Reader.Name}${r.Reader.ClassName ? ` · ${r.Reader.ClassName}` : ''}` : ''}</TableCell>
                <TableCell>
                  {r.Ok && r.Loan
                    ? <Typography variant="body2" color="success.main">{t('condition.dueMoved', { before: dayOf(r.PreviousDueAt), after: dayOf(r.Loan.DueAt) })}</Typography>
                    : rowReasons(t, r).map((text, k) => <Typography key={k} variant="body2" color="error" sx={{ display: 'block' }}>{text}</Typography>)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
