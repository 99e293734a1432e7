import { useTranslation } from 'react-i18next';
import type { TitleRow } from '../../../shared/api/collection.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { titleResource } from './title.resource.ts';
import { TitleCopies } from './title-copies.tsx';

/**
 * /resource-mana/resource/catalog 书目管理: the titles with their copy counts, found by title,
 * author, initials, ISBN or class; edit a title's description; a title without copies can be
 * deleted; the detail lists its copies and adds one more.
 */
export default function CatalogueScreen() {
  const { i18n } = useTranslation();
  return (
    <CrudScreen
      config={{
        resource: titleResource,
        columns: ['Title', 'Author', 'Publisher', 'PubYear', 'ISBN', 'CallNo', 'Copies', 'Available'],
        columnOverrides: { PubYear: { valueFormatter: (v: number | null) => (v == null ? '' : String(v)) }, Price: { valueFormatter: (v: number) => v.toLocaleString(i18n.language, { minimumFractionDigits: 2 }) } },
        filters: ['SearchKey', 'ClassNo'],
        form: { fields: ['Title', 'Author', 'Publisher', 'PubYear', 'Price'] },
        slots: { detail: (row: TitleRow) => <TitleCopies row={row} /> },
      }}
    />
  );
}
