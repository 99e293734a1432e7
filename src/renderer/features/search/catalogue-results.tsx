import { useSearchParams } from 'react-router-dom';
import { readCatalogueQuery, readFilters, readPage, withParams, FILTER_PARAMS } from './search-params.ts';
import { useCatalogueSearch } from './search-queries.ts';
import { SearchResults } from './search-results.tsx';

/** The one box's results for the search in the address (the portal's /search and the kiosk's). */
export function CatalogueResults() {
  const [params, setParams] = useSearchParams();
  const query = readCatalogueQuery(params);
  const result = useCatalogueSearch(query);
  return (
    <SearchResults
      result={result.data}
      fetching={result.isFetching}
      fresh={!result.isPlaceholderData && !result.isFetching}
      shownKey={query.SearchKey}
      failed={result.isError}
      filters={readFilters(params)}
      page={readPage(params)}
      onChange={(changes) => setParams((p) => withParams(p, changes))}
      onClear={() => setParams((p) => withParams(p, FILTER_PARAMS))}
    />
  );
}
