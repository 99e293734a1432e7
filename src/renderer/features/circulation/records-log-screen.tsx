import Stack from '@mui/material/Stack';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { ColumnExportButton } from './records-column-export.tsx';
import { circLogResource } from './records.resource.ts';

const COLUMNS = ['At', 'Kind', 'Barcode', 'Title', 'ReaderID', 'ReaderName', 'StaffName', 'Note'] as const;

/**
 * /surrency/br-records 借还记录: the desk's journal (borrow, return, renew, undo: when, which book,
 * which reader, who at the desk), by days, kind, staff, reader and book; exported as .xlsx under
 * the same filters, with the columns the user chooses, through the download panel.
 */
export default function RecordsLogScreen() {
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: circLogResource,
          filters: ['DateFrom', 'DateTo', 'Kind', 'Staff', 'Reader', 'Book'],
          columns: COLUMNS,
          slots: { toolbar: (query) => <ColumnExportButton source="log" filters={query} defaults={COLUMNS} /> },
        }}
      />
    </Stack>
  );
}
