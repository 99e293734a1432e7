import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AreaFigures } from '../../../shared/api/stocktaking.ts';

/** Found, misplaced and missing per area, stacked to the expected count (loaded lazily). */
export default function AreaChart({ areas }: { areas: readonly AreaFigures[] }) {
  const { t } = useTranslation('stocktaking');
  const keys = ['Found', 'Misplaced', 'Missing', 'Left'] as const;
  return (
    <BarChart height={260}
      xAxis={[{ scaleType: 'band', data: areas.map((a) => a.Area), height: 36 }]}
      series={keys.map((k) => ({ label: t(`report.fields.${k}`), data: areas.map((a) => a[k]), stack: 'all' }))} />
  );
}
