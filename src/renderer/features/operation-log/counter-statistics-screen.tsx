import Stack from '@mui/material/Stack';
import { operationLogCalls as C } from '../../../shared/api/operation-log.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';

const COLUMNS = ['Workstation', 'UserName', 'UserAccount', 'Borrow', 'Return', 'Renew', 'Undo', 'Refused', 'Total'] as const;

/**
 * /counter-statistics 柜台统计: what each circulation desk and each staff member did in a period
 * (loans, returns, renewals, undos, refusals), counted from the operation log, with a chart of the
 * busiest and an .xlsx export.
 */
export default function CounterStatisticsScreen() {
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: 'counter-statistics', ns: 'operation-log', run: C.counterStatistics, export: C.exportCounterStatistics,
          columns: COLUMNS,
          chart: { category: 'Label', values: ['Borrow', 'Return', 'Renew'] },
        }}
      />
    </Stack>
  );
}
