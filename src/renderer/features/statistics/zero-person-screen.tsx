import { STAT_COLUMNS, statisticsCalls as C } from '../../../shared/api/statistics.ts';
import { zeroReaderParams, thisYear } from './stat-params.ts';
import { StatReport } from './stat-report.tsx';

/** /zero-borrow-person 零借阅读者: active readers without a loan in the period (a head teacher: their class). */
export default function ZeroPersonScreen() {
  return (
    <StatReport
      id="zero-person" report="zeroPerson" run={C.zeroBorrowReaders} params={zeroReaderParams} defaults={{ ...thisYear(), Identity: 'student' }}
      columns={STAT_COLUMNS.zeroPerson}
    />
  );
}
