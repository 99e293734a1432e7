import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { itemParams } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/** /catelendrank 分类借阅排行: loans by the CLC main class of the title lent (A … Z; unclassified apart). */
export default function ClcRankScreen() {
  return (
    <RankReport
      id="clc-rank" run={C.getClcRank} params={itemParams}
      columns={['Rank', 'ClassCode', 'Name', 'Loans', 'Titles', 'Share']}
      chart={{ category: 'ClassCode', values: ['Loans'] }}
      exportKind={() => 'clc'}
    />
  );
}
