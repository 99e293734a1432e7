import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ClassChips, HotWords } from './portal-home-sections.tsx';
import { SearchBox } from './search-box.tsx';
import { readCatalogueQuery, readFilters, readPage, withParams } from './search-params.ts';
import { useCatalogueSearch } from './search-queries.ts';
import { SearchResults } from './search-results.tsx';

/**
 * /guidescreen/search: the kiosk's search. The box takes the focus, so the on-screen keyboard
 * comes up at once; until something is typed, the classes invite browsing.
 */
export default function GuideSearchScreen() {
  const { t } = useTranslation(['search', 'guide']);
  const [params, setParams] = useSearchParams();
  const query = readCatalogueQuery(params);
  const filters = readFilters(params);
  const searching = (query.SearchKey ?? '') !== '' || Object.keys(filters).some((k) => k !== 'Sort');
  const result = useCatalogueSearch(searching ? query : null);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">{t('guide:search.heading')}</Typography>
      <Box sx={{ maxWidth: 960 }}>
        <SearchBox value={query.SearchKey ?? ''} autoFocus onSearch={(key, { typing }) => setParams((p) => withParams(p, { q: key }), { replace: typing })} />
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>{t('guide:search.tip')}</Typography>
      </Box>
      {searching ? (
        <SearchResults
          result={result.data}
          fetching={result.isFetching}
          fresh={!result.isPlaceholderData && !result.isFetching}
          shownKey={query.SearchKey}
          failed={result.isError}
          filters={filters}
          page={readPage(params)}
          onChange={(changes) => setParams(withParams(params, changes))}
          onClear={() => setParams(withParams(params, { lang: null, class: null, branch: null, avail: null }))}
        />
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
