import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import { gateCalls as C } from '../../../shared/api/gate.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { statParams } from './gate.resource.ts';

/**
 * /inoutstatistic 进出馆统计: entries, exits and alarms per hour of the day (summed over the
 * period), per day or per month, for the school or one library or gate, with a chart, the .xlsx
 * export as a job and the report's print sheet.
 */
export default function InoutStatisticScreen() {
  const defaults = useMemo(() => ({ Unit: 'day' }), []);
  return (
    <Stack sx={{ p: 2 }} data-testid="inout-statistic">
      <ReportScreen
        config={{
          id: 'inout-stat', ns: 'gate', run: C.getStatistic, params: statParams, defaults, export: C.exportStatistic,
          columns: ['Period', 'In', 'Out', 'Alarms'],
          chart: { category: 'Period', values: ['In', 'Out'], kind: 'bar' },
        }}
      />
    </Stack>
  );
}
