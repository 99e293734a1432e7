import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ClassChips, HotWords } from './portal-home-sections.tsx';
import { SearchBox } from './search-box.tsx';
import { isSearching, readCatalogueQuery, withParams } from './search-params.ts';
import { CatalogueResults } from './catalogue-results.tsx';

/**
 * /guidescreen/search: the kiosk's search. The box takes the focus, so the on-screen keyboard
 * comes up at once; until something is typed, the classes invite browsing.
 */
export default function GuideSearchScreen() {
  const { t } = useTranslation(['search', 'guide']);
  const [params, setParams] = useSearchParams();
  const query = readCatalogueQuery(params);
  const searching = isSearching(params);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">{t('guide:search.heading')}</Typography>
      <Box sx={{ maxWidth: 960 }}>
        <SearchBox value={query.SearchKey ?? ''} autoFocus onSearch={(key, { typing }) => setParams((p) => withParams(p, { q: key }), { replace: typing })} />
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>{t('guide:search.tip')}</Typography>
      </Box>
      {searching ? (
        <CatalogueResults />
      ) : (
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <HotWords />
          <Box>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>{t('search:home.browse')}</Typography>
            <ClassChips />
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
