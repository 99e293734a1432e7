import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { circulationParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /circulate-statistic 流通统计: loans, returns, renewals and overdue per day or month. */
export default function CirculationScreen() {
  return (
    <StatReport
      id="circulation" report="circulation" run={C.circulation} params={circulationParams} defaults={{ ...thisYear(), Step: 'month' }}
      columns={STAT_COLUMNS.circulation}
      chart={{ category: 'Period', values: ['Loans', 'Returns', 'Renewals', 'Overdue'], kind: 'line' }}
    />
  );
}
