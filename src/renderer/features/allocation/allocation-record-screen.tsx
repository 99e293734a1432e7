import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { allocationRecordResource } from './allocation-record.resource.ts';

/** /allocation-record 调拨记录: every move, newest first, by date, barcode, title or operator. */
export default function AllocationRecordScreen() {
  const { i18n } = useTranslation();
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: allocationRecordResource,
          filters: ['SearchKey', 'DateFrom', 'DateTo'],
          columns: ['At', 'Barcode', 'Title', 'FromArea', 'ToArea', 'User'],
          columnOverrides: { At: { valueFormatter: (v: string) => new Date(v).toLocaleString(i18n.language) } },
        }}
      />
    </Stack>
  );
}
