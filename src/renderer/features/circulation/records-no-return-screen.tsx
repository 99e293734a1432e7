import Stack from '@mui/material/Stack';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { useLoanColumns } from './records-columns.tsx';
import { openLoansResource } from './records.resource.ts';

/**
 * /surrency/no-return 未还图书: every open loan of the school, a class (or grade, or department)
 * at a time if asked, by class, card number and due day; overdue only, or due by a day.
 */
export default function RecordsNoReturnScreen() {
  const columnOverrides = useLoanColumns();
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: openLoansResource,
          filters: ['SearchKey', 'DeptID', 'DueBy', 'OverdueOnly'],
          columns: ['ClassName', 'ReaderID', 'ReaderName', 'Barcode', 'Title', 'LoanedAt', 'DueDay', 'State'],
          columnOverrides,
        }}
      />
    </Stack>
  );
}
