import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { CallDef } from '../../../shared/api/contract.ts';
import { statisticsCalls as C, type STAT_EXPORTS } from '../../../shared/api/statistics.ts';
import { anyCall } from '../../kit/data/resource-queries.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { useResourceLabels, type ResourceLabels } from '../../kit/labels.ts';
import type { ReportChartSpec } from '../../kit/report/report-chart.tsx';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { StatPrintView } from './stat-print-view.tsx';

export const STAT_NS = 'statistics';
/** Fields whose values are codes shown in words (labels' options). */
const CODED = ['Identity'];
/** The most rows the print view shows (a class list, a school's classes). */
const PRINT_ROWS = 1000;

export interface StatReportProps {
  /** Labels: statistics:resources.<id>. */
  id: string;
  report: (typeof STAT_EXPORTS)[number];
  run: CallDef;
  params: z.ZodObject;
  defaults: Record<string, unknown>;
  columns: readonly string[];
  chart?: ReportChartSpec;
  summary?: (data: Record<string, unknown>) => ReactNode;
}

const paramsLine = (labels: ResourceLabels, p: Record<string, unknown>) =>
  Object.entries(p).filter(([k, v]) => v != null && v !== '' && k !== 'Page' && k !== 'Rows').map(([k, v]) => `${labels.field(k)}: ${typeof v === 'string' && !/^\d{4}-/.test(v) ? labels.option(k, v) : String(v)}`).join(' · ');

/** A statistics report: the kit's report screen with its export job and print view. */
export function StatReport(props: StatReportProps) {
  const { t } = useTranslation(STAT_NS);
  const labels = useResourceLabels({ ns: STAT_NS, id: props.id });
  const [print, setPrint] = useState<{ params: Record<string, unknown>; rows: Array<Record<string, unknown>> } | null>(null);
  const [busy, setBusy] = useState(false);
  const openPrint = async (params: Record<string, unknown>) => {
    setBusy(true);
    try {
      const data = await anyCall(props.run, { ...params, Page: 1, Rows: PRINT_ROWS });
      const list = (Array.isArray(data) ? data : (data as { List: unknown[] }).List) as Array<Record<string, unknown>>;
      setPrint({ params, rows: list.map((r) => ({ ...r, ...Object.fromEntries(CODED.filter((c) => c in r).map((c) => [c, labels.option(c, String(r[c]))])) })) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: props.id, ns: STAT_NS, run: props.run, params: props.params, defaults: props.defaults,
          columns: props.columns, chart: props.chart, summary: props.summary,
          toolbar: (params) => (
            <Stack direction="row" spacing={1}>
              <ExportButton call={C.export} input={{ Report: props.report, Params: params }} />
              <Button startIcon={<PrintOutlined />} disabled={busy} onClick={() => void openPrint(params)} data-testid="stat-print-open">{t('print.open')}</Button>
            </Stack>
          ),
        }}
      />
      {print && <StatPrintView labels={labels} params={paramsLine(labels, print.params)} columns={props.columns} rows={print.rows} onClose={() => setPrint(null)} />}
    </Stack>
  );
}
