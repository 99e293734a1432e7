import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { ClassChips, HotWords, PortalHomeSections } from './portal-home-sections.tsx';
import { useSchoolName } from './portal-school.tsx';
import { SearchBox } from './search-box.tsx';
import { isSearching, readCatalogueQuery, withParams } from './search-params.ts';
import { useSearchPaths } from './search-paths.tsx';
import { useCatalogueSearch } from './search-queries.ts';

// The results (facets, paging, the sort field) are a chunk of their own: the portal's home shows
// none of them, so a phone's first load does without. It is fetched once the home is on screen
// and the browser idle, so that typing does not wait for it.
const loadResults = () => import('./catalogue-results.tsx');
const CatalogueResults = lazy(() => loadResults().then((m) => ({ default: m.CatalogueResults })));

/**
 * /search: the portal's home and its results. Without a query or filter it shows the box, the
 * classes, new and popular books, news and the library's figures; with one, the ranked results.
 */
export default function PortalSearchScreen() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const paths = useSearchPaths();
  const query = readCatalogueQuery(params);
  const searching = isSearching(params);
  const school = useSchoolName();
  useEffect(() => {
    // After the home is painted and the browser is idle (Safari has no requestIdleCallback).
    const prefetch = () => void loadResults().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(prefetch, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 500);
    return () => clearTimeout(timer);
  }, []);
  // An address with a query (a shared link) starts the search while the results' chunk loads.
  useCatalogueSearch(query, searching);
  return (
    <Stack spacing={2}>
      <Box sx={{ textAlign: searching ? 'left' : 'center', pt: searching ? 0 : { xs: 1, md: 4 }, pb: searching ? 0 : 1 }}>
        {!searching && (
          <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', md: '2.125rem' } }}>
            {school ? t('home.heading', { school }) : t('home.headingPlain')}
          </Typography>
        )}
        {searching && <Typography variant="h5" component="h1" sx={visuallyHidden}>{t('results.heading')}</Typography>}
        <Box sx={{ maxWidth: searching ? 'none' : 720, mx: 'auto' }}>
          <SearchBox
            value={query.SearchKey ?? ''}
            autoFocus={!searching}
            onSearch={(key, { typing }) => setParams((p) => withParams(p, { q: key }), { replace: typing && searching })}
          />
          <Stack direction="row" sx={{ mt: 1, gap: 2, justifyContent: searching ? 'flex-start' : 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">{t('box.tip')}</Typography>
            <Link component={RouterLink} to={paths.advanced} variant="body2" data-testid="to-advanced">{t('box.advanced')}</Link>
          </Stack>
          {!searching && <Box sx={{ mt: 1.5 }}><HotWords /></Box>}
        </Box>
      </Box>
      {searching ? (
        <Suspense fallback={<Box sx={{ height: 4 }}><LinearProgress aria-label={t('results.loading')} /></Box>}>
          <CatalogueResults />
        </Suspense>
      ) : (
        <>
          <ClassChips />
          <PortalHomeSections />
        </>
      )}
    </Stack>
  );
}
