import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { zeroBookParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /zero-borrow-book 零借阅图书: copies or titles held at the period's end and not lent in it. */
export default function ZeroBookScreen() {
  return (
    <StatReport
      id="zero-book" report="zeroBook" run={C.zeroBorrowBooks} params={zeroBookParams} defaults={{ ...thisYear(), Unit: 'copy' }}
      columns={[...STAT_COLUMNS.zeroBookCopy, 'Copies']}
    />
  );
}
