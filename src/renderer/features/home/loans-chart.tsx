import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Dashboard } from '../../../shared/api/home.ts';

/** Loans per month over the last 12 months. */
export function LoansChart({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation('home');
  const months = data?.LoansByMonth ?? [];
  return (
    <Card variant="outlined" data-testid="loans-chart">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>{t('chart.title')}</Typography>
        {data ? (
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: months.map((m) => m.Month) }]}
            series={[{ data: months.map((m) => m.Count), label: t('chart.loans') }]}
          />
        ) : (
          <Skeleton variant="rectangular" height={260} />
        )}
      </CardContent>
    </Card>
  );
}
