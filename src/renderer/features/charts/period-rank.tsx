import { useMemo } from 'react';
import { chartsCalls as C } from '../../../shared/api/charts.ts';
import { periodParams, PERIOD_RANKS, type PeriodRankKind } from './rank-params.ts';
import { RankReport } from './rank-report.tsx';

/**
 * The day, week, month and year top lists (/dayrank … /yearrank): the most borrowed books of the
 * period, top 100 by default; each screen offers its own presets (last week, last month first).
 */
export function PeriodRank({ kind }: { kind: PeriodRankKind }) {
  const params = useMemo(() => periodParams(kind), [kind]);
  return (
    <RankReport
      id={PERIOD_RANKS[kind].id} run={C.itemBorrowRank} params={params}
      columns={['Rank', 'Title', 'Author', 'Loans']}
      chart={{ category: 'Title', values: ['Loans'], maxRows: 20 }}
      exportKind={() => 'item'}
    />
  );
}
