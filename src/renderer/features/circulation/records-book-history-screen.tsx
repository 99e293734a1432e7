import Stack from '@mui/material/Stack';
import { bookHistoryParams, circulationRecordCalls as R } from '../../../shared/api/circulation-records.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { useLoanColumns } from './records-columns.tsx';
import { RECORDS_NS } from './records.resource.ts';

/** /surrency/borrow-history-book 图书借阅历史: every loan of one copy, by its barcode, newest first. */
export default function RecordsBookHistoryScreen() {
  const columnOverrides = useLoanColumns();
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: 'book-history', ns: RECORDS_NS, run: R.getBorrowHistory, params: bookHistoryParams,
          columns: ['Title', 'LoanedAt', 'ReaderID', 'ReaderName', 'ClassName', 'DueDay', 'ReturnedAt', 'State', 'LoanedBy'],
          columnOverrides,
        }}
      />
    </Stack>
  );
}
