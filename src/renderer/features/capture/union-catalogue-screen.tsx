import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { unionRowResource } from './union-row.resource.ts';

/**
 * /union-catalog 联合目录: the titles every school on this server has catalogued, one row per
 * ISBN, with how many schools hold it. A title this school lacks opens full cataloguing with its
 * ISBN, where the union catalogue fills the record in.
 */
export default function UnionCatalogueScreen() {
  const { t } = useTranslation(['capture']);
  const navigate = useNavigate();
  return (
    <Stack sx={{ p: 2 }}>
      <SearchList
        config={{
          resource: unionRowResource,
          filters: ['SearchKey'],
          columns: ['ISBN', 'Title', 'Author', 'Publisher', 'PubYear', 'ClassNo', 'Schools', 'Copies'],
          // A year is not a quantity: no thousands separator.
          columnOverrides: { PubYear: { valueFormatter: (v: number | null) => (v == null ? '' : String(v)) } },
          slots: {
            intro: t('union.hint'),
            rowActionLabels: [t('union.catalogue'), t('union.held')],
            rowActions: (row) => row.Mine
              ? <Chip size="small" label={t('union.held')} />
              : (
                <Button size="small" onClick={() => navigate(`/book-editing2?isbn=${encodeURIComponent(row.ISBN)}`)}
                  aria-label={t('union.catalogueIt', { title: row.Title })}>
                  {t('union.catalogue')}
                </Button>
              ),
          },
        }}
      />
    </Stack>
  );
}
