import Stack from '@mui/material/Stack';
import { circulationRecordCalls as R, readerHistoryParams } from '../../../shared/api/circulation-records.ts';
import { ReportScreen } from '../../kit/report/report-screen.tsx';
import { useLoanColumns } from './records-columns.tsx';
import { ColumnExportButton } from './records-column-export.tsx';
import { RECORDS_NS } from './records.resource.ts';

/** /surrency/borrow-history-reader 读者借阅历史: every loan of one reader, by card number, newest first. */
const COLUMNS = ['ReaderName', 'Barcode', 'Title', 'LoanedAt', 'DueDay', 'ReturnedAt', 'RenewCount', 'State', 'LoanedBy'] as const;

export default function RecordsReaderHistoryScreen() {
  const columnOverrides = useLoanColumns();
  return (
    <Stack sx={{ p: 2 }}>
      <ReportScreen
        config={{
          id: 'reader-history', ns: RECORDS_NS, run: R.getBorrowHistory, params: readerHistoryParams,
          columns: COLUMNS,
          columnOverrides,
          toolbar: (params) => <ColumnExportButton source="readerHistory" filters={params} defaults={COLUMNS} />,
        }}
      />
    </Stack>
  );
}
