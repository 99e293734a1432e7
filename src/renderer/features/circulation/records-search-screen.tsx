import Stack from '@mui/material/Stack';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { useLoanColumns } from './records-columns.tsx';
import { ColumnExportButton } from './records-column-export.tsx';
import { loanSearchResource } from './records.resource.ts';

/**
 * /surrency/search-records 借阅查询: loans open and closed, newest first, by reader (card, name or
 * pinyin), book (barcode or title), the days they were lent and their state.
 */
const COLUMNS = ['Barcode', 'Title', 'ReaderID', 'ReaderName', 'ClassName', 'LoanedAt', 'DueDay', 'ReturnedAt', 'State'] as const;

export default function RecordsSearchScreen() {
  const columnOverrides = useLoanColumns();
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: loanSearchResource,
          filters: ['Reader', 'Book', 'DateFrom', 'DateTo', 'State'],
          columns: COLUMNS,
          columnOverrides,
          slots: { toolbar: (query) => <ColumnExportButton source="loans" filters={query} defaults={COLUMNS} /> },
        }}
      />
    </Stack>
  );
}
