import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recallCalls as R, type OverdueLoan, type RecallChannel } from '../../../shared/api/circulation-recall.ts';
import type { CallInput } from '../../../shared/api/contract.ts';
import { call } from '../../lib/api-client.ts';

export type RecallFilters = Omit<CallInput<typeof R.overdueReviews>, 'Page' | 'Rows'>;
export const EMPTY_FILTERS: RecallFilters = { Reminded: 'all', Sort: 'class' };
export const RECALL_PAGE_SIZES = [50, 100, 200] as const;

/** Rows of one class (or department) on the page, in the list's order. */
export interface RecallGroup {
  key: string;
  className: string;
  rows: OverdueLoan[];
}

/** Consecutive rows of one class make a group (the list is sorted by class by default; other sorts give small groups). */
export function groupByClass(rows: readonly OverdueLoan[]): RecallGroup[] {
  const out: RecallGroup[] = [];
  for (const r of rows) {
    const key = String(r.ClassID ?? 'none');
    const last = out.at(-1);
    if (last && last.key === key) last.rows.push(r);
    else out.push({ key, className: r.ClassName, rows: [r] });
  }
  return out;
}

/** The overdue list under the filters, one page at a time, and the rows ticked on it. */
export function useRecall() {
  const qc = useQueryClient();
  // Class and branch names come in the user's language: a language switch reads them again.
  const lang = useTranslation().i18n.language;
  const [filters, setFilters] = useState<RecallFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<number>(RECALL_PAGE_SIZES[1]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const input = { ...filters, Page: page + 1, Rows: rows };
  const list = useQuery({
    queryKey: ['recall', 'list', lang, input],
    queryFn: ({ signal }) => call(R.overdueReviews, input, { signal }),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({ queryKey: ['recall', 'options', lang], queryFn: ({ signal }) => call(R.options, {}, { signal }), staleTime: 60_000 });
  const groups = useMemo(() => groupByClass(list.data?.List ?? []), [list.data]);

  const toggle = (ids: readonly number[], on: boolean) => setSelected((prev) => {
    const next = new Set(prev);
    for (const id of ids) if (on) next.add(id); else next.delete(id);
    return next;
  });
  const search = (f: RecallFilters) => {
    setFilters(f);
    setPage(0);
    setSelected(new Set());
  };

  const send = useMutation({
    mutationFn: (o: { channel: RecallChannel; ids: readonly number[] }) => call(R.send, { LoanIDs: [...o.ids], Channel: o.channel }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['recall', 'list'] }),
  });

  return {
    filters, search, page, setPage, rows, setRows: (n: number) => (setRows(n), setPage(0)),
    list, options, groups, selected, toggle, clear: () => setSelected(new Set()), send,
  };
}
