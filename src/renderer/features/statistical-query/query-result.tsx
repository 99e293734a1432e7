import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ALL_MEASURES, statisticalQueryCalls as C, type QueryResult } from '../../../shared/api/statistical-query.ts';
import { MAX_ROWS } from '../../../shared/api/paging.ts';
import { call } from '../../lib/api-client.ts';
import { toPageQuery } from '../../lib/table-defaults.ts';
import { firstPage, KitGrid } from '../../kit/grid/kit-grid.tsx';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import type { ResourceLabels } from '../../kit/labels.ts';
import { ReportPrintButton } from '../../kit/report/report-print.tsx';
import type { Draft } from './query-model.ts';

const ReportChart = lazy(() => import('../../kit/report/report-chart.tsx'));
const NUMERIC: ReadonlySet<string> = new Set([...ALL_MEASURES, 'Price', 'PeriodLoans']);
/** Categories and series a chart shows at most (the table has them all). */
const CHART_CATEGORIES = 30;
const MONEY: ReadonlySet<string> = new Set(['Value', 'Price']);
const CHART_SERIES = 12;

/** Grouped rows as a chart: one dimension — its measures; two — the first measure, a series per value of the second. */
function chartOf(r: QueryResult): { rows: Array<Record<string, unknown>>; category: string; values: string[]; cut: boolean } {
  const dims = r.Columns.filter((c) => !NUMERIC.has(c));
  const measures = r.Columns.filter((c) => NUMERIC.has(c));
  if (dims.length < 2) return { rows: r.List.slice(0, CHART_CATEGORIES), category: dims[0]!, values: measures, cut: r.List.length > CHART_CATEGORIES };
  const [d1, d2] = dims as [string, string];
  const allSeries = [...new Set(r.List.map((x) => String(x[d2])))];
  const series = allSeries.slice(0, CHART_SERIES);
  const byCat = new Map<string, Record<string, unknown>>();
  for (const x of r.List) {
    const k = String(x[d1]);
    if (!byCat.has(k)) byCat.set(k, { [d1]: k });
    if (series.includes(String(x[d2]))) byCat.get(k)![String(x[d2])] = x[measures[0]!];
  }
  return { rows: [...byCat.values()].slice(0, CHART_CATEGORIES), category: d1, values: series, cut: byCat.size > CHART_CATEGORIES || allSeries.length > CHART_SERIES };
}

/** The result of the query run: totals, the table (grouped or a page of rows), a chart of groups, print and export. */
export function QueryResultView({ ran, labels, described }: { ran: Draft; labels: ResourceLabels; described: Record<string, string> }) {
  const { t, i18n } = useTranslation('statistical-query');
  const grouped = ran.GroupBy.length > 0;
  const [pagination, setPagination] = useState(firstPage);
  const input = { ...ran, ...(grouped ? {} : toPageQuery(pagination)) };
  const result = useQuery({
    queryKey: ['statistical-query', input, i18n.language],
    queryFn: ({ signal }) => call(C.run, input as never, { signal, toast: false }),
    placeholderData: keepPreviousData,
  });
  const r = result.data;
  const columns = useMemo<GridColDef[]>(() => (r?.Columns ?? []).map((c) => ({
    field: c, headerName: labels.field(c), sortable: grouped, minWidth: NUMERIC.has(c) ? 110 : 140, flex: NUMERIC.has(c) ? 0 : c === 'Title' ? 2 : 1,
    type: NUMERIC.has(c) ? 'number' : 'string',
    valueFormatter: (v: unknown) => (typeof v === 'boolean' ? t(v ? 'yes' : 'no') : MONEY.has(c) && typeof v === 'number' ? v.toFixed(2) : v),
  })), [r, grouped, labels, t]);
  const rows = (r?.List ?? []).map((x, i) => ({ __row: i, ...x }));
  const chart = r && grouped && r.List.length > 0 ? chartOf(r) : null;
  const fetchAll = async (limit: number): Promise<{ rows: GridValidRowModel[]; total: number }> => {
    if (grouped) return { rows: (r?.List ?? []).slice(0, limit), total: r?.Total ?? 0 };
    const all: GridValidRowModel[] = [];
    let total = 0;
    for (let page = 1; all.length < limit; page++) {
      const d = await call(C.run, { ...ran, Page: page, Rows: MAX_ROWS } as never, { toast: true });
      total = d.Total;
      all.push(...d.List);
      if (d.List.length < MAX_ROWS) break;
    }
    return { rows: all.slice(0, limit), total };
  };
  const overall = r ? Object.entries(r.Overall).map(([k, v]) => `${labels.field(k)} ${v.toLocaleString(i18n.language)}`).join(' · ') : '';
  return (
    <Stack spacing={2} data-testid="sq-result">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" aria-live="polite" data-testid="sq-overall">
          {r ? t('ui.overallLine', { figures: overall, count: t(grouped ? 'ui.groups' : 'ui.rows', { total: r.Total }) }) : ' '}
        </Typography>
        <Stack direction="row" spacing={1}>
          {r && <ReportPrintButton title={labels.name()} params={described} columns={columns} labels={labels} fetchAll={fetchAll} />}
          <ExportButton call={C.export} input={ran as unknown as Record<string, unknown>} />
        </Stack>
      </Stack>
      {r?.Truncated && <Alert severity="warning">{t('ui.truncated', { max: r.Total })}</Alert>}
      <KitGrid
        testId="sq-grid"
        rows={rows}
        total={r?.Total ?? 0}
        loading={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        pagination={pagination}
        onPaginationChange={setPagination}
        columns={columns}
        getRowId={(row) => row.__row as number}
        grid={grouped ? { paginationMode: 'client', rowCount: undefined } : undefined}
      />
      {chart && (
        <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
          <ReportChart spec={{ category: chart.category, values: chart.values }} rows={chart.rows} labels={labels} />
          {chart.cut && <Typography variant="body2" color="text.secondary">{t('ui.chartCut', { categories: CHART_CATEGORIES, series: CHART_SERIES })}</Typography>}
        </Suspense>
      )}
    </Stack>
  );
}
