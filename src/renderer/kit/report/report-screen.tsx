import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { z } from 'zod';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CallDef } from '../../../shared/api/contract.ts';
import { toPageQuery } from '../../lib/table-defaults.ts';
import { anyCall } from '../data/resource-queries.ts';
import { fieldSpecs } from '../fields/field-spec.ts';
import { columnsFor, type ColumnOverrides } from '../grid/columns.ts';
import { firstPage, KitGrid } from '../grid/kit-grid.tsx';
import { ExportButton } from '../import-export/export-button.tsx';
import { useResourceLabels } from '../labels.ts';
import { EmptyState } from '../states/empty-state.tsx';
import type { ReportChartSpec } from './report-chart.tsx';
import { ReportParamsForm } from './report-params-form.tsx';
import { ReportPrintButton } from './report-print.tsx';
import { MAX_ROWS } from '../../../shared/api/paging.ts';

const ReportChart = lazy(() => import('./report-chart.tsx'));

export interface ReportConfig {
  /** Labels: `<ns>:resources.<id>.name`, `.fields.<Param or Column>` (same convention as resources). */
  id: string;
  ns: string;
  /** Returns { List, Total } (paged when its input has Page/Rows) or a plain array of rows. */
  run: CallDef;
  /** Parameters (default: the run call's input without Page/Rows). */
  params?: z.ZodObject;
  defaults?: Record<string, unknown>;
  /** Row schema for the columns (default: the element of the run call's data). */
  rowSchema?: z.ZodObject;
  columns?: readonly string[];
  columnOverrides?: ColumnOverrides;
  chart?: ReportChartSpec;
  /** Export of the same parameters as a job (returns { DataID }) through the download panel. */
  export?: CallDef;
  /** Buttons beside the title once run, given the parameters run (an export of one's own). */
  toolbar?: (params: Record<string, unknown>) => ReactNode;
  /** Figures above the table from the whole reply (totals a report returns beside its List). */
  summary?: (data: Record<string, unknown>) => ReactNode;
}

const PAGING = ['Page', 'Rows'] as const;

/** Every row of the report for `params`, up to `limit` (pages of MAX_ROWS), for the print view. */
async function fetchAllRows(run: CallDef, params: FieldValues, paged: boolean, limit: number): Promise<{ rows: GridValidRowModel[]; total: number }> {
  const rows: GridValidRowModel[] = [];
  let total = 0;
  for (let page = 1; rows.length < limit; page++) {
    const data = await anyCall(run, paged ? { ...params, Page: page, Rows: MAX_ROWS } : params, { toast: true });
    const list = Array.isArray(data) ? (data as GridValidRowModel[]) : ((data as { List: GridValidRowModel[] }).List ?? []);
    total = Array.isArray(data) ? list.length : Number((data as { Total: number }).Total ?? list.length);
    rows.push(...list);
    if (!paged || list.length < MAX_ROWS) break;
  }
  return { rows: rows.slice(0, limit), total };
}

function rowSchemaOf(def: CallDef): z.ZodObject | undefined {
  const d = def.data as z.ZodType;
  const list = d instanceof z.ZodObject ? (d.shape as Record<string, z.ZodType>).List : d;
  const el = list instanceof z.ZodArray ? list.element : undefined;
  return el instanceof z.ZodObject ? el : undefined;
}

/** Parameter form → run → table → chart → export (a report or ledger screen). */
export function ReportScreen({ config }: { config: ReportConfig }) {
  const { t } = useTranslation('kit');
  const labels = useResourceLabels(config);
  const input = config.run.input as z.ZodObject;
  const paged = 'Page' in input.shape;
  // omit() refuses unknown keys, so only the paging keys the input really has are left out.
  const params = useMemo(() => config.params ?? input.omit(Object.fromEntries(PAGING.filter((k) => k in input.shape).map((k) => [k, true] as const)) as never), [config.params, input]);
  const [ran, setRan] = useState<FieldValues | null>(null);
  const [pagination, setPagination] = useState(firstPage);
  const query = ran ? { ...ran, ...(paged ? toPageQuery(pagination) : {}) } : null;
  const result = useQuery({
    queryKey: [config.id, 'report', query],
    queryFn: async ({ signal }) => {
      const data = await anyCall(config.run, query, { signal, toast: false });
      return Array.isArray(data) ? { List: data as GridValidRowModel[], Total: data.length } : (data as { List: GridValidRowModel[]; Total: number });
    },
    enabled: query != null,
    placeholderData: keepPreviousData,
  });
  const rowSchema = config.rowSchema ?? rowSchemaOf(config.run);
  const rows = (result.data?.List ?? []).map((row, i) => ({ __row: i, ...row }));
  const columns = useMemo(() => (rowSchema ? columnsFor(fieldSpecs(rowSchema, {}, config.columns), labels, { overrides: config.columnOverrides, rows: result.data?.List }) : []), [rowSchema, config.columns, config.columnOverrides, labels, result.data]);

  return (
    <Stack spacing={2} data-testid={`report-${config.id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">{labels.name()}</Typography>
        <Stack direction="row" spacing={1}>
          {ran && <ReportPrintButton title={labels.name()} params={ran} columns={columns} labels={labels} fetchAll={(limit) => fetchAllRows(config.run, ran, paged, limit)} />}
          {config.export && ran && <ExportButton call={config.export} input={ran} />}
          {config.toolbar && ran && config.toolbar(ran)}
        </Stack>
      </Stack>
      <ReportParamsForm schema={params} labels={labels} defaults={config.defaults} busy={result.isFetching} onRun={(v) => (setRan(v), setPagination((p) => ({ ...p, page: 0 })))} />
      {!ran ? (
        <EmptyState message={t('report.notRun')} />
      ) : (
        <>
          {config.summary && result.data && config.summary(result.data as unknown as Record<string, unknown>)}
          <KitGrid
            testId="report-grid"
            rows={rows}
            total={result.data?.Total ?? 0}
            loading={result.isFetching}
            error={result.error}
            onRetry={() => void result.refetch()}
            pagination={pagination}
            onPaginationChange={setPagination}
            columns={columns}
            getRowId={(row) => row.__row as number}
            grid={paged ? undefined : { paginationMode: 'client', rowCount: undefined }}
          />
          {config.chart && rows.length > 0 && (
            <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
              <ReportChart spec={config.chart} rows={rows} labels={labels} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
