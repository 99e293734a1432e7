import Stack from '@mui/material/Stack';
import { bookHistoryParams, circulationRecordCalls as R } from '../../../shared/api/circulation-records.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { useLoanColumns } from './records-columns.tsx';
import { ColumnExportButton } from './records-column-export.tsx';
import { RECORDS_NS } from './records.resource.ts';

/** /surrency/borrow-history-book 图书借阅历史: every loan of one copy, by its barcode, newest first. */
const COLUMNS = ['Title', 'LoanedAt', 'ReaderID', 'ReaderName', 'ClassName', 'DueDay', 'ReturnedAt', 'State', 'LoanedBy'] as const;

export default function RecordsBookHistoryScreen() {
  const columnOverrides = useLoanColumns();
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: 'book-history', ns: RECORDS_NS, run: R.getBorrowHistory, params: bookHistoryParams,
          columns: COLUMNS,
          columnOverrides,
          toolbar: (params) => <ColumnExportButton source="bookHistory" filters={params} defaults={COLUMNS} />,
        }}
      />
    </Stack>
  );
}
