import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { resourceCircParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /resourcecicr 资源类型流通统计: loans, returns and renewals by resource type. */
export default function ResourceCircScreen() {
  return (
    <StatReport
      id="resource-circ" report="resourceCirc" run={C.resourceCirc} params={resourceCircParams} defaults={thisYear()}
      columns={STAT_COLUMNS.resourceCirc}
      chart={{ category: 'Name', values: ['Loans', 'Returns', 'Renewals'] }}
    />
  );
}
