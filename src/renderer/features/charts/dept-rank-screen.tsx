import { useTranslation } from 'react-i18next';
import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { deptParams } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/** /deptlendrank 部门借阅排行: staff departments by loans or loans per reader. */
export default function DeptRankScreen() {
  const en = useTranslation().i18n.language === 'en-US';
  return (
    <RankReport
      id="dept-rank" run={C.deptBorrowRank} params={deptParams}
      columns={['Rank', en ? 'EnName' : 'Name', 'Loans', 'Readers', 'PerReader']}
      chart={{ category: en ? 'EnName' : 'Name', values: ['Loans'], maxRows: 30 }}
      exportKind={() => 'dept'}
    />
  );
}
