import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { SearchResult } from '../../../shared/api/search.ts';
import { SEARCH_SORTS } from '../../../shared/domain/search/search-options.ts';
import { FacetPanel } from './facet-panel.tsx';
import { PAGE_ROWS, type Filters } from './search-params.ts';
import { TitleCard } from './title-card.tsx';

/** Pages past this are not offered: a reader narrows the search instead. */
const MAX_PAGES = 500;

/**
 * A result list with its facets, sort order and pages, for the one box and for advanced search.
 * Facets sit beside the list from the md breakpoint and fold behind a "Filter" button below it.
 */
export function SearchResults({ result, fetching, fresh = !fetching, shownKey, failed, filters, page, onChange, onClear }: {
  result: SearchResult | undefined;
  fetching: boolean;
  /** The list answers the current search (not the previous one kept on screen while it loads). */
  fresh?: boolean;
  /** The words searched, on the list's root (data-key) for tests and the typing benchmark. */
  shownKey?: string;
  failed: boolean;
  filters: Filters;
  page: number;
  onChange: (changes: Record<string, string | number | boolean | null>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('search');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [showFacets, setShowFacets] = useState(false);
  const filtered = filters.Language != null || filters.ClassNo != null || filters.BranchID != null || filters.AvailableOnly === true;
  const pages = result ? Math.min(MAX_PAGES, Math.ceil(result.Total / PAGE_ROWS)) : 0;
  const facets = result && <FacetPanel facets={result.Facets} filters={filters} onChange={onChange} />;
  return (
    <Stack direction={wide ? 'row' : 'column'} spacing={wide ? 3 : 1} sx={{ alignItems: 'flex-start' }} data-testid="search-results" data-key={shownKey} data-fresh={fresh && result != null}>
      {wide ? (
        <Box component="aside" sx={{ width: 240, flexShrink: 0 }}>{facets}</Box>
      ) : (
        <Box sx={{ width: '100%' }}>
          <Button startIcon={<FilterListIcon />} onClick={() => setShowFacets((v) => !v)} aria-expanded={showFacets} sx={{ textTransform: 'none' }} data-testid="facet-toggle">
            {filtered ? t('facets.toggleActive') : t('facets.toggle')}
          </Button>
          <Collapse in={showFacets}>{facets}</Collapse>
        </Box>
      )}
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="body1" component="p" sx={{ flex: 1 }} role="status" data-testid="search-total">
            {result ? t('results.total', { count: result.Total }) : '\u00a0'}
          </Typography>
          <TextField
            select size="small" label={t('results.sort')} value={filters.Sort ?? 'relevance'}
            onChange={(e) => onChange({ sort: e.target.value === 'relevance' ? null : e.target.value })}
            // Native: the phone's own picker, and no menu machinery in the portal's first load.
            sx={{ minWidth: 150 }} slotProps={{ select: { native: true, inputProps: { 'data-testid': 'search-sort' } } }}
          >
            {SEARCH_SORTS.map((s) => <option key={s} value={s}>{t(`results.sorts.${s}`)}</option>)}
          </TextField>
        </Stack>
        <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label={t('results.loading')} />}</Box>
        {failed && !result && <Alert severity="error">{t('results.failed')}</Alert>}
        {result && result.List.length === 0 && (
          <Alert severity="info" data-testid="search-empty" action={filtered ? <Button color="inherit" size="small" onClick={onClear}>{t('results.clearFilters')}</Button> : undefined}>
            {page > 1 && result.Total > 0 ? t('results.pastEnd') : t('results.none')}
          </Alert>
        )}
        <Box component="ol" sx={{ p: 0, m: 0 }} aria-label={t('results.label')}>
          {result?.List.map((x) => <TitleCard key={x.ID} title={x} />)}
        </Box>
        {pages > 1 && (
          <Pagination
            count={pages} page={Math.min(page, pages)} onChange={(_e, p) => onChange({ page: p })}
            siblingCount={wide ? 1 : 0} sx={{ mt: 2, '& ul': { justifyContent: 'center' } }} data-testid="search-pages"
            getItemAriaLabel={(type, p) => t(`results.pageLabel.${type}`, { page: p })}
          />
        )}
      </Box>
    </Stack>
  );
}
