import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { FacetValue, SearchFacets } from '../../../shared/api/search.ts';
import type { Filters } from './search-params.ts';

type FacetKey = 'Language' | 'Class' | 'Branch' | 'ResourceType';
const PARAM: Record<FacetKey, string> = { Language: 'lang', Class: 'class', Branch: 'branch', ResourceType: 'type' };

/**
 * The facets of a result: CLC main class, resource type, language, branch, and "on the shelf now". One value
 * per facet; choosing the chosen one again clears it. Counts come from the gateway over the
 * whole result, each facet ignoring its own choice, so a reader can switch between values.
 */
export function FacetPanel({ facets, filters, onChange }: {
  facets: SearchFacets;
  filters: Filters;
  onChange: (changes: Record<string, string | number | boolean | null>) => void;
}) {
  const { t, i18n } = useTranslation('search');
  const en = i18n.language === 'en-US';
  const chosen: Record<FacetKey, string | undefined> = {
    Language: filters.Language,
    Class: filters.ClassNo,
    Branch: filters.BranchID != null ? String(filters.BranchID) : undefined,
    ResourceType: filters.ResourceTypeID != null ? String(filters.ResourceTypeID) : undefined,
  };
  const group = (key: FacetKey, values: FacetValue[]) =>
    values.length > 0 && (
      <nav aria-label={t(`facets.${key}`)} key={key}>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>{t(`facets.${key}`)}</Typography>
        <List dense disablePadding>
          {values.map((v) => {
            const on = chosen[key] === v.Value;
            const name = (en ? v.EnName : v.Name) || v.Name || v.Value;
            return (
              <ListItemButton
                key={v.Value}
                selected={on}
                aria-pressed={on}
                onClick={() => onChange({ [PARAM[key]]: on ? null : v.Value })}
                data-testid={`facet-${key}-${v.Value}`}
                sx={{ borderRadius: 1, minHeight: 44 }}
              >
                <ListItemText primary={key === 'Class' ? `${v.Value} ${name}` : name} slotProps={{ primary: { noWrap: true, title: name } }} />
                <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>{v.Count}</Typography>
              </ListItemButton>
            );
          })}
        </List>
      </nav>
    );
  return (
    <Stack data-testid="facet-panel">
      <FormControlLabel
        control={<Switch checked={filters.AvailableOnly === true} onChange={(e) => onChange({ avail: e.target.checked })} data-testid="facet-available" />}
        label={t('facets.availableNow', { count: facets.AvailableNow })}
      />
      {group('Class', facets.Class)}
      {group('ResourceType', facets.ResourceType)}
      {group('Language', facets.Language)}
      {group('Branch', facets.Branch)}
      {!facets.Exact && <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>{t('facets.approximate')}</Typography>}
    </Stack>
  );
}
