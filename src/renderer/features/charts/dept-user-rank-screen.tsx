import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { deptUserParams } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/** /deptuserrank 部门读者排行: readers of a department (its sub-departments included) by loans. */
export default function DeptUserRankScreen() {
  return (
    <RankReport
      id="dept-user-rank" run={C.deptUserBorrowRank} params={deptUserParams}
      columns={['Rank', 'ReaderID', 'Name', 'DeptName', 'Identity', 'Loans']}
      chart={{ category: 'Name', values: ['Loans'], maxRows: 30 }}
      exportKind={() => 'deptUser'}
    />
  );
}
