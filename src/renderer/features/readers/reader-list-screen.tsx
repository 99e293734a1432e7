import { useTranslation } from 'react-i18next';
import { readerCalls } from '../../../shared/api/readers.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { ImportButton } from '../../kit/import-export/import-button.tsx';
import { PhotoField } from './photo-field.tsx';
import { ReaderDetailView } from './reader-detail.tsx';
import { readerFormResource, readerResource } from './readers.resource.ts';

/** The list's columns (also checked against the 1440 px layout in reader-list-columns.test.ts). */
export const READER_COLUMNS = ['ReaderID', 'Name', 'Identity', 'DeptName', 'Status', 'Phone', 'Deposit', 'ExpireAt', 'Roles'] as const;

const FORM_FIELDS = ['Name', 'ReaderID', 'Account', 'Identity', 'DeptID', 'Sex', 'Birthday', 'Phone', 'Email', 'Status', 'ExpireAt', 'Photo', 'ID'];

/** /user-transfer: readers — search (name, pinyin, initials, card number), add/edit/delete with photo, parents in the detail, Excel import and export. */
// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").
export default function ReaderListScreen() {
  const { t } = useTranslation('readers');
  return (
      <CrudScreen
        config={{
          resource: readerFormResource,
          columns: READER_COLUMNS,
          filters: ['SearchKey', 'Identity', 'Status'],
          form: { fields: FORM_FIELDS, fieldSlots: { Photo: (_spec, control) => <PhotoField control={control} label={t('resources.reader.fields.Photo')} /> } },
          defaultEntry: { Identity: 'student', Status: 'active', Sex: 'unknown' },
          slots: {
            detail: (row) => <ReaderDetailView row={row} />,
            toolbar: (query) => (
              <>
                <ImportButton resource={readerResource} />
                <ExportButton call={readerCalls.exportReaders} input={query.SearchKey ? { SearchKey: query.SearchKey } : {}} />
              </>
            ),
          },
        }}
      />
  );
}
