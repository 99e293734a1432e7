import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { circLogResource } from './records.resource.ts';

/**
 * /surrency/br-records 借还记录: the desk's journal (borrow, return, renew, undo: when, which book,
 * which reader, who at the desk), by days, kind, staff, reader and book; exported as .xlsx under
 * the same filters through the download panel.
 */
export default function RecordsLogScreen() {
  const { t } = useTranslation('circulation');
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: circLogResource,
          filters: ['DateFrom', 'DateTo', 'Kind', 'Staff', 'Reader', 'Book'],
          columns: ['At', 'Kind', 'Barcode', 'Title', 'ReaderID', 'ReaderName', 'StaffName', 'Note'],
          slots: {
            toolbar: (query) => {
              const { Page: _p, Rows: _r, ...filters } = query;
              return <ExportButton call={circLogResource.calls.export!} input={filters} label={t('records.export.button')} />;
            },
          },
        }}
      />
    </Stack>
  );
}
