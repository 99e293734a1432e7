import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { itemParams } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/** /collLendrank 馆藏借阅排行: the titles lent most in a period (every loan of any copy counts; cancelled loans do not). */
export default function ItemRankScreen() {
  return (
    <RankReport
      id="item-rank" run={C.itemBorrowRank} params={itemParams}
      columns={['Rank', 'Title', 'Author', 'Loans']}
      chart={{ category: 'Title', values: ['Loans'], maxRows: 20 }}
      exportKind={() => 'item'}
    />
  );
}
