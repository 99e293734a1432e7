import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { RESOURCE_CATEGORIES, type NetworkResource } from '../../../shared/api/library-info.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { inLanguage, useNetworkResources } from './library-info-queries.ts';
import { LibraryLinks } from './library-links.tsx';

/**
 * /search/networkresource: the e-book platforms, databases and courses the library recommends,
 * grouped by category. Each opens in a new tab (rel=noopener noreferrer) and says it leaves the site.
 */
export default function NetworkResourcesScreen() {
  const { t, i18n } = useTranslation('library-info');
  const list = useNetworkResources();
  const groups = RESOURCE_CATEGORIES.map((c) => ({ c, items: (list.data ?? []).filter((r) => r.Category === c) })).filter((g) => g.items.length);
  const host = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  };
  const item = (r: NetworkResource) => (
    <Paper component="li" variant="outlined" key={r.ID} sx={{ p: 1.5, listStyle: 'none', position: 'relative' }} data-testid={`resource-${r.ID}`}>
      <Link href={r.Url} target="_blank" rel="noopener noreferrer" underline="hover" sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }} data-testid="resource-link">
        {inLanguage(i18n.language, r.Name, r.EnName)}
        <OpenInNew fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
        <Box component="span" sx={visuallyHidden}>{t('network.newTab')}</Box>
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{t('network.leaves', { host: host(r.Url) })}</Typography>
      {r.Description && <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{r.Description}</Typography>}
    </Paper>
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">{t('network.title')}</Typography>
      <Typography color="text.secondary">{t('network.hint')}</Typography>
      {list.isPending && <Skeleton variant="rectangular" height={200} />}
      {list.isError && <Alert severity="error">{t('failed')}</Alert>}
      {list.data?.length === 0 && <Alert severity="info">{t('network.none')}</Alert>}
      {groups.map((g) => (
        <Box component="section" key={g.c} data-testid={`resource-group-${g.c}`}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t(`categories.${g.c}`)}</Typography>
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>{g.items.map(item)}</Stack>
        </Box>
      ))}
      <LibraryLinks current="/search/networkresource" />
    </Stack>
  );
}
