import { useTranslation } from 'react-i18next';
import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { groupParams } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/** /classlendrank 班级借阅排行: classes (or grades) by loans or loans per reader, readers counted where they belong now. */
export default function ClassRankScreen() {
  const en = useTranslation().i18n.language === 'en-US';
  return (
    <RankReport
      id="class-rank" run={C.gradeBorrowRank} params={groupParams}
      columns={en ? ['Rank', 'ParentEnName', 'EnName', 'Loans', 'Readers', 'PerReader'] : ['Rank', 'ParentName', 'Name', 'Loans', 'Readers', 'PerReader']}
      chart={{ category: en ? 'EnName' : 'Name', values: ['Loans'], maxRows: 30 }}
      exportKind={(p) => (p.Level === 'grade' ? 'grade' : 'class')}
    />
  );
}
