import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { classBorrowParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /class-borrowstatistic 班级借阅统计: per class (a head teacher: their class). */
export default function ClassBorrowScreen() {
  return (
    <StatReport
      id="class-borrow" report="classBorrow" run={C.classBorrow} params={classBorrowParams} defaults={thisYear()}
      columns={STAT_COLUMNS.classBorrow}
      chart={{ category: 'Name', values: ['PerReader', 'BorrowerPct'] }}
    />
  );
}
