import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { RECALL_SEND, recallCalls as R, type RecallSendResult } from '../../../shared/api/circulation-recall.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { RecallFilterBar } from './recall-filters.tsx';
import { RecallGroups } from './recall-groups.tsx';
import { RecallPrintView, type PrintData, type PrintKind } from './recall-print-view.tsx';
import { RecallSendResultDialog } from './recall-send-result.tsx';
import { RECALL_PAGE_SIZES, useRecall } from './use-recall.ts';

const PATH = '/recall';

/**
 * /recall 催还: the school's overdue loans by class, for the weekly round of reminders. Filter
 * (class or grade, identity, branch, days overdue, reminded or not), tick rows or whole classes,
 * then print slips (one per reader) or class lists (for the class teacher), or e-mail the readers
 * and their linked parents. Every reminder is recorded, so each row says when it was last sent.
 */
export default function RecallScreen() {
  const { t } = useTranslation(['circulation-recall', 'screens']);
  const r = useRecall();
  const canSend = useCanOp(RECALL_SEND);
  const [print, setPrint] = useState<{ kind: PrintKind; data: PrintData; ids: number[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<RecallSendResult[] | null>(null);
  const ids = [...r.selected];
  const pageIds = (r.list.data?.List ?? []).map((l) => l.LoanID);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => r.selected.has(id));

  const openPrint = async (kind: PrintKind) => {
    setBusy(true);
    try {
      const data = await call(R.slips, { LoanIDs: ids });
      setPrint({ kind, data, ids });
    } catch {
      // The client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  // Printing is the reminder: recorded first, then the system's print dialog.
  const doPrint = () => {
    if (!print) return;
    r.send.mutate({ channel: 'print', ids: print.ids }, {
      onSuccess: (res) => {
        toast.text(t('result.printed', { count: res.Recorded }), 'success');
        window.print();
      },
    });
  };
  const sendEmail = () => r.send.mutate({ channel: 'email', ids }, { onSuccess: (res) => (setResults(res.Results), r.clear()) });

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${PATH}`)}</Typography>
      <Alert severity="info">{t('intro')}</Alert>
      <RecallFilterBar value={r.filters} depts={r.options.data?.Depts ?? []} branches={r.options.data?.Branches ?? []} onSearch={r.search} />
      <Paper variant="outlined" sx={{ p: 1.5, position: 'sticky', top: 0, zIndex: 2 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ mr: 1 }} data-testid="recall-selected" aria-live="polite">
            {t('actions.selected', { count: r.selected.size, total: r.list.data?.Total ?? 0 })}
          </Typography>
          <Button size="small" onClick={() => r.toggle(pageIds, !allTicked)} disabled={!pageIds.length} data-testid="recall-select-page">
            {t(allTicked ? 'actions.unselectPage' : 'actions.selectPage')}
          </Button>
          {r.selected.size > 0 && <Button size="small" onClick={r.clear}>{t('actions.clear')}</Button>}
          <Stack direction="row" sx={{ gap: 1, ml: 'auto', flexWrap: 'wrap' }}>
            {canSend && (
              <>
                <Button variant="contained" disabled={!ids.length || busy} onClick={() => void openPrint('slips')} data-testid="recall-print-slips">{t('actions.printSlips')}</Button>
                <Button variant="outlined" disabled={!ids.length || busy} onClick={() => void openPrint('classList')} data-testid="recall-print-classes">{t('actions.printClasses')}</Button>
                <Button variant="outlined" disabled={!ids.length || r.send.isPending} onClick={sendEmail} data-testid="recall-email">{t('actions.email')}</Button>
              </>
            )}
            {(busy || r.send.isPending) && <CircularProgress size={24} aria-label={t('actions.working')} />}
          </Stack>
        </Stack>
      </Paper>
      {r.list.isError ? (
        <Alert severity="error" action={<Button onClick={() => void r.list.refetch()}>{t('list.retry')}</Button>}>{errorText(t, r.list.error)}</Alert>
      ) : r.list.data && r.list.data.Total === 0 ? (
        <Alert severity="success" data-testid="recall-empty">{t('list.empty')}</Alert>
      ) : (
        <RecallGroups groups={r.groups} selected={r.selected} onToggle={r.toggle} />
      )}
      {r.list.isPending && <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('actions.working')} />}
      <TablePagination
        component="div" count={r.list.data?.Total ?? 0} page={r.page} onPageChange={(_e, p) => r.setPage(p)}
        rowsPerPage={r.rows} rowsPerPageOptions={[...RECALL_PAGE_SIZES]} onRowsPerPageChange={(e) => r.setRows(Number(e.target.value))}
        labelRowsPerPage={t('list.rowsPerPage')}
      />
      {print && <RecallPrintView data={print.data} kind={print.kind} printing={r.send.isPending} onPrint={doPrint} onClose={() => setPrint(null)} />}
      {results && <RecallSendResultDialog results={results} onClose={() => setResults(null)} />}
    </Stack>
  );
}
