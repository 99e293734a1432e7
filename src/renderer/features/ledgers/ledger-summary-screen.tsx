import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import LinearProgress from '@mui/material/LinearProgress';
import { ledgerCalls as L } from '../../../shared/api/ledgers.ts';
import { call } from '../../lib/api-client.ts';
import { ErrorState } from '../../kit/states/error-state.tsx';
import { LedgerFrame, subtitleOf } from './ledger-frame.tsx';
import { LedgerPrintView } from './ledger-print-view.tsx';
import { SUMMARY_COLUMNS, SummaryTable, summaryCells, summaryLead, summaryTail } from './summary-table.tsx';
import { LEDGERS_NS, toInput, useLedgerOptions, type LedgerParams } from './use-ledger.ts';

const NUMERIC = new Set<string>(SUMMARY_COLUMNS.slice(3));

/** /ledger 财产总账: the summary register of a period (总括登记账). */
export default function LedgerSummaryScreen() {
  const { t } = useTranslation(LEDGERS_NS);
  const [ran, setRan] = useState<LedgerParams | null>(null);
  const [printing, setPrinting] = useState(false);
  const options = useLedgerOptions('ledger');
  const q = useQuery({
    queryKey: ['ledgers', 'summary', ran],
    queryFn: ({ signal }) => call(L.summary, toInput(ran!) as never, { signal, toast: false }),
    enabled: ran != null,
    placeholderData: keepPreviousData,
  });
  return (
    <LedgerFrame kind="ledger" ran={ran} onRun={setRan} busy={q.isFetching} onPrint={() => setPrinting(true)}>
      {() => (
        <>
          {q.isFetching && <LinearProgress aria-label={t('run')} />}
          {q.error && <ErrorState error={q.error} onRetry={() => void q.refetch()} />}
          {q.data && <SummaryTable summary={q.data} />}
          {printing && q.data && ran && (
            <LedgerPrintView
              onClose={() => setPrinting(false)}
              ledger={{
                title: t('title.ledger'), schoolName: options.data?.SchoolName ?? '', subtitle: subtitleOf(ran, options.data, t),
                groups: [{ label: '', span: 3 }, { label: t('group.in'), span: 3 }, { label: t('group.out'), span: 3 }, { label: t('group.held'), span: 3 }],
                columns: SUMMARY_COLUMNS.map((c) => ({ label: t(`col.${c}`), numeric: NUMERIC.has(c) })),
                rows: q.data.Lines.map((l) => summaryCells(l, t)),
                lead: summaryLead(q.data, t), tail: summaryTail(q.data, t), rowsPerPage: 25,
              }}
            />
          )}
        </>
      )}
    </LedgerFrame>
  );
}
