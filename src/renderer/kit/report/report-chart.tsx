import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ResourceLabels } from '../labels.ts';

export interface ReportChartSpec {
  /** Column whose values label the x axis. */
  category: string;
  /** Numeric columns, one series each. */
  values: readonly string[];
  kind?: 'bar' | 'line';
  /** Charts only the first rows (a ranking's top places), the table keeps them all. */
  maxRows?: number;
}

/** The report's rows as a chart (MUI X Charts); loaded lazily so only charted reports pay for it. */
export default function ReportChart({ spec, rows: all, labels }: { spec: ReportChartSpec; rows: readonly Record<string, unknown>[]; labels: ResourceLabels }) {
  const rows = spec.maxRows != null ? all.slice(0, spec.maxRows) : all;
  // height: MUI X blanks tick labels taller than the axis band, and CJK fonts measure tall.
  const xAxis = [{ scaleType: 'band' as const, data: rows.map((r) => String(r[spec.category] ?? '')), height: 36 }];
  const series = spec.values.map((v) => ({ label: labels.field(v), data: rows.map((r) => Number(r[v] ?? 0)) }));
  return (
    <Card variant="outlined" data-testid="report-chart">
      <CardContent>
        {spec.kind === 'line' ? (
          <LineChart height={280} xAxis={[{ ...xAxis[0], scaleType: 'point' as const }]} series={series} />
        ) : (
          <BarChart height={280} xAxis={xAxis} series={series} />
        )}
      </CardContent>
    </Card>
  );
}
