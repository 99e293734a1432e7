import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Typography from '@mui/material/Typography';
import { ledgerCalls as L, type Balance, type LedgerKind } from '../../../shared/api/ledgers.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { firstPage, KitGrid } from '../../kit/grid/kit-grid.tsx';
import { LedgerFrame, subtitleOf } from './ledger-frame.tsx';
import { LedgerPrintView, type PrintLedger } from './ledger-print-view.tsx';
import { LEDGERS_NS, money, toInput, useLedgerOptions, type LedgerParams } from './use-ledger.ts';

type ListKind = Exclude<LedgerKind, 'ledger'>;
type Row = Record<string, unknown>;
type Result = { List: Row[]; Total: number; Totals: Balance };

// The full columns print (A4 landscape) and export; the screen leaves out what the page is too
// narrow for (publisher, year; the author of a copy), so what identifies a line is never cut off.
const COPY_COLUMNS = ['Barcode', 'Day', 'Title', 'Author', 'Publisher', 'PubYear', 'Price', 'CallNo', 'BatchNo', 'Area', 'WeededOn', 'WeedReason'];
const TITLE_COLUMNS = ['Title', 'Author', 'Publisher', 'ISBN', 'ClassNo', 'PubYear', 'Price', 'Copies', 'Value', 'Weeded'];
const WEED_COLUMNS = ['WeededOn', 'Barcode', 'Title', 'Author', 'CallNo', 'Price', 'BatchNo', 'AccessionDay', 'Reason'];
const OFF_SCREEN = new Set(['Publisher', 'PubYear']);
/** The registers by copy leave the author to print and export too: the copy's title and call number identify it. */
const offScreen = (k: ListKind, c: string) => OFF_SCREEN.has(c) || (c === 'Author' && !isTitles(k) && k !== 'weeding');
const MONEY = new Set(['Price', 'Value']);
const NUMBER = new Set(['Price', 'Value', 'Copies', 'Weeded', 'PubYear']);
const WIDTHS: Record<string, number> = { Barcode: 110, Day: 108, AccessionDay: 108, WeededOn: 108, Author: 100, Price: 75, CallNo: 100, BatchNo: 125, Area: 160, WeedReason: 125, Reason: 125, ISBN: 160, ClassNo: 90, Copies: 80, Value: 100, Weeded: 80 };
/** The most lines the print view takes; longer registers are exported. */
const PRINT_MAX = 2000;

const isTitles = (k: ListKind) => k === 'singlebatch' || k === 'singlemultiple';
const columnsOf = (k: ListKind) => (k === 'weeding' ? WEED_COLUMNS : isTitles(k) ? TITLE_COLUMNS : COPY_COLUMNS);
/** A column's header: a register by title counts copies and value of its lines, not the balance held. */
const headerKey = (k: ListKind, c: string) => (isTitles(k) && c === 'Copies' ? 'col.CopiesCount' : isTitles(k) && c === 'Value' ? 'col.ValueSum' : `col.${c}`);

function fetchPage(kind: ListKind, p: LedgerParams, page: number, rows: number, signal?: AbortSignal): Promise<Result> {
  const input = { ...toInput(p), Page: page, Rows: rows };
  const opts = { signal, toast: false };
  if (kind === 'weeding') return call(L.weeding, input as never, opts) as Promise<Result>;
  if (isTitles(kind)) return call(L.titles, { Ledger: kind, ...input } as never, opts) as Promise<Result>;
  return call(L.copies, { Ledger: kind, ...input } as never, opts) as Promise<Result>;
}

/** A cell as the register writes it: money with two decimals, reasons in words. */
function cellText(col: string, v: unknown, t: TFunction): string {
  if (v == null) return '';
  if (MONEY.has(col)) return money(Number(v));
  if (col === 'WeedReason' || col === 'Reason') return v ? t(`reason.${String(v)}`, { defaultValue: String(v) }) : '';
  return String(v);
}

const totalsText = (b: Balance, t: TFunction) => t('totals', { titles: b.Titles, copies: b.Copies, value: money(b.Value) });

/**
 * The registers that list copies or titles (/store, /copybatch, /copymultiple, /singlebatch,
 * /singlemultiple, /weeding): a page of lines with the totals of all it matched, and a print view
 * of up to 2,000 lines with a total on every page and the closing total.
 */
export function LedgerList({ kind }: { kind: ListKind }) {
  const { t } = useTranslation(LEDGERS_NS);
  const [ran, setRan] = useState<LedgerParams | null>(null);
  const [pagination, setPagination] = useState(firstPage);
  const [print, setPrint] = useState<PrintLedger | null>(null);
  const options = useLedgerOptions(kind);
  const q = useQuery({
    queryKey: ['ledgers', kind, ran, pagination],
    queryFn: ({ signal }) => fetchPage(kind, ran!, pagination.page + 1, pagination.pageSize, signal),
    enabled: ran != null,
    placeholderData: keepPreviousData,
  });
  const cols = columnsOf(kind);
  const columns = useMemo<GridColDef<GridValidRowModel>[]>(() => cols.filter((c) => !offScreen(kind, c)).map((c) => ({
    field: c, headerName: t(headerKey(kind, c)), sortable: false,
    align: NUMBER.has(c) ? 'right' : 'left', headerAlign: NUMBER.has(c) ? 'right' : 'left',
    ...(c === 'Title' ? { flex: 1, minWidth: 150 } : { width: WIDTHS[c] ?? 110 }),
    valueFormatter: (v: unknown) => cellText(c, v, t),
  })), [cols, kind, t]);

  const openPrint = async () => {
    if (!ran) return;
    try {
      const first = await fetchPage(kind, ran, 1, 1000);
      const rows = [...first.List];
      if (first.Total > 1000 && PRINT_MAX > 1000) rows.push(...(await fetchPage(kind, ran, 2, 1000)).List);
      const shown = rows.slice(0, PRINT_MAX);
      const at = (c: string) => cols.indexOf(c);
      const sumCol = isTitles(kind) ? 'Value' : 'Price';
      setPrint({
        title: t(`title.${kind}`), schoolName: options.data?.SchoolName ?? '', subtitle: subtitleOf(ran, options.data, t),
        columns: cols.map((c) => ({ label: t(headerKey(kind, c)), numeric: NUMBER.has(c) })),
        rows: shown.map((r) => cols.map((c) => cellText(c, r[c], t))),
        rowsPerPage: 22,
        // A page's total: its copies and their value, summed in cents.
        pageTotal: (page) => {
          const cents = page.reduce((n, r) => n + Math.round(Number(r[at(sumCol)]) * 100), 0);
          const copies = isTitles(kind) ? page.reduce((n, r) => n + Number(r[at('Copies')]), 0) : page.length;
          const line = cols.map(() => '');
          line[0] = t('print.pageTotal', { copies });
          if (isTitles(kind)) line[at('Copies')] = String(copies);
          line[at(sumCol)] = money(cents / 100);
          return line;
        },
        tail: [[t('totalLine', { titles: first.Totals.Titles, copies: first.Totals.Copies, value: money(first.Totals.Value) }), ...cols.slice(1).map(() => '')]],
        note: first.Total > shown.length ? t('print.capped', { shown: shown.length, total: first.Total }) : undefined,
      });
    } catch (e) {
      toast.text(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <LedgerFrame kind={kind} ran={ran} onRun={(p) => (setRan(p), setPagination((x) => ({ ...x, page: 0 })))} busy={q.isFetching} onPrint={() => void openPrint()}>
      {() => (
        <>
          <KitGrid
            testId="ledger-grid" rows={(q.data?.List ?? []).map((r, i) => ({ __row: i, ...r }))} total={q.data?.Total ?? 0}
            loading={q.isFetching} error={q.error} onRetry={() => void q.refetch()}
            pagination={pagination} onPaginationChange={setPagination} columns={columns} getRowId={(r) => r.__row as number}
          />
          {q.data && <Typography sx={{ fontWeight: 700 }} data-testid="ledger-totals">{totalsText(q.data.Totals, t)}</Typography>}
          {print && <LedgerPrintView ledger={print} onClose={() => setPrint(null)} />}
        </>
      )}
    </LedgerFrame>
  );
}
