import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { deptBorrowParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /dept-borrowstatistic 部门借阅统计: per grade or staff department (library staff). */
export default function DeptBorrowScreen() {
  return (
    <StatReport
      id="dept-borrow" report="deptBorrow" run={C.deptBorrow} params={deptBorrowParams} defaults={{ ...thisYear(), Level: 'grade' }}
      columns={STAT_COLUMNS.deptBorrow}
      chart={{ category: 'Name', values: ['PerReader', 'BorrowerPct'] }}
    />
  );
}
