import Stack from '@mui/material/Stack';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { useLoanColumns } from './records-columns.tsx';
import { ColumnExportButton } from './records-column-export.tsx';
import { openLoansResource } from './records.resource.ts';

/**
 * /surrency/no-return 未还图书: every open loan of the school, a class (or grade, or department)
 * at a time if asked, by class, card number and due day; overdue only, or due by a day.
 */
const COLUMNS = ['ClassName', 'ReaderID', 'ReaderName', 'Barcode', 'Title', 'LoanedAt', 'DueDay', 'State'] as const;

export default function RecordsNoReturnScreen() {
  const columnOverrides = useLoanColumns();
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: openLoansResource,
          filters: ['SearchKey', 'DeptID', 'DueBy', 'OverdueOnly'],
          columns: COLUMNS,
          columnOverrides,
          slots: { toolbar: (query) => <ColumnExportButton source="open" filters={query} defaults={COLUMNS} /> },
        }}
      />
    </Stack>
  );
}
