import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Dashboard } from '../../../shared/api/home.ts';

/** Loans per month over the last 12 months. */
export function LoansChart({ data }: { data: Dashboard | undefined }) {
  const { t, i18n } = useTranslation('home');
  const theme = useTheme();
  const months = data?.LoansByMonth ?? [];
  // "2026-03" → "3月" / "Mar": short enough that every month keeps its label. The axis needs the
  // extra height: MUI X blanks tick labels taller than the axis band, and CJK fonts measure tall.
  const monthLabel = (ym: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short' }).format(new Date(`${ym}-15T00:00:00Z`));
  return (
    <Card variant="outlined" data-testid="loans-chart">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>{t('chart.title')}</Typography>
        {data ? (
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: months.map((m) => m.Month), valueFormatter: monthLabel, tickLabelInterval: () => true, height: 36 }]}
            series={[{ data: months.map((m) => m.Count), label: t('chart.loans'), color: theme.palette.primary.main }]}
          />
        ) : (
          <Skeleton variant="rectangular" height={260} />
        )}
      </CardContent>
    </Card>
  );
}
