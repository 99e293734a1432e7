import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { moneyColumns } from './money.ts';
import { lossRecordResource } from './loss.resource.ts';

/**
 * /loss-record 丢失记录: every loss record, newest first, by the days registered, class or
 * department (as when registered), reader, book, bill, state and kind; exported as .xlsx under the
 * same filters through the download panel.
 */
export default function LossRecordScreen() {
  const { t } = useTranslation('loss');
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: lossRecordResource,
          filters: ['DateFrom', 'DateTo', 'DeptID', 'Reader', 'Book', 'BillNo', 'State', 'Kind'],
          columns: ['BillNo', 'RegisteredAt', 'Kind', 'Barcode', 'Title', 'ReaderName', 'ClassName', 'Amount', 'State'],
          columnOverrides: moneyColumns,
          slots: {
            toolbar: (query) => {
              const { Page: _p, Rows: _r, ...filters } = query;
              return <ExportButton call={lossRecordResource.calls.export!} input={filters} label={t('export.button')} />;
            },
          },
        }}
      />
    </Stack>
  );
}
