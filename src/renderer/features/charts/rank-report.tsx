import Stack from '@mui/material/Stack';
import type { z } from 'zod';
import type { CallDef } from '../../../shared/api/contract.ts';
import type { ReportChartSpec } from '../../kit/report/report-chart.tsx';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { RankToolbar, type RankExportKind } from './rank-toolbar.tsx';

export const CHARTS_NS = 'charts';

export interface RankReportProps {
  /** Labels under charts:resources.<id>. */
  id: string;
  run: CallDef;
  params: z.ZodObject;
  columns: readonly string[];
  chart: ReportChartSpec;
  /** Which export the parameters run (may depend on them: classes or grades). */
  exportKind: (params: Record<string, unknown>) => RankExportKind;
}

/** A ranking on the report archetype: parameters → table → bar chart, with the period it covered, export and print. */
export function RankReport({ id, run, params, columns, chart, exportKind }: RankReportProps) {
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id, ns: CHARTS_NS, run, params, columns, chart,
          toolbar: (ran) => <RankToolbar reportId={id} params={ran} kind={exportKind(ran)} />,
        }}
      />
    </Stack>
  );
}
