import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { classUserParams } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/** /classuserrank 班级读者排行: readers of the school, a grade or a class by loans (a head teacher: their class only). */
export default function ClassUserRankScreen() {
  return (
    <RankReport
      id="class-user-rank" run={C.gradeUserBorrowRank} params={classUserParams}
      columns={['Rank', 'ReaderID', 'Name', 'GradeName', 'DeptName', 'Identity', 'Loans']}
      chart={{ category: 'Name', values: ['Loans'], maxRows: 30 }}
      exportKind={() => 'gradeUser'}
    />
  );
}
