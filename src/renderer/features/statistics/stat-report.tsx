import type { ReactNode } from 'react';
import type { z } from 'zod';
import Stack from '@mui/material/Stack';
import type { CallDef } from '../../../shared/api/contract.ts';
import { statisticsCalls as C, type STAT_EXPORTS } from '../../../shared/api/statistics.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import type { ReportChartSpec } from '../../kit/report/report-chart.tsx';
import { ReportScreen } from '../../kit/report/report-screen.tsx';

export const STAT_NS = 'statistics';

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

/** A statistics report: the kit's report screen (with its print sheet) and the statistics export job. */
export function StatReport(props: StatReportProps) {
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: props.id, ns: STAT_NS, run: props.run, params: props.params, defaults: props.defaults,
          columns: props.columns, chart: props.chart, summary: props.summary,
          toolbar: (params) => <ExportButton call={C.export} input={{ Report: props.report, Params: params }} />,
        }}
      />
    </Stack>
  );
}
