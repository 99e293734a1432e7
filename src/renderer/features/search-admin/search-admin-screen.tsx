import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { searchAdminCalls as C } from '../../../shared/api/search-admin.ts';
import { call } from '../../lib/api-client.ts';
import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { ScreenTabs } from '../../kit/tabs/screen-tabs.tsx';
import { PortalSettingsSection } from './portal-settings-section.tsx';
import { blockedWordResource, hotWordResource, searchLogResource, searchWordResource } from './search-admin.resources.ts';

/** What the portal shows under its search box right now: pinned words, then the most searched. */
function PortalPreview() {
  const { t } = useTranslation('search-admin');
  const hot = useQuery({ queryKey: ['hot-word', 'portal'], queryFn: () => call(C.getPortalHotWords, {}) });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>{t('preview')}</Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="portal-hot-words">
        {hot.data?.length
          ? hot.data.map((w) => <Chip key={w.Word} label={w.Word} color={w.Pinned ? 'primary' : 'default'} variant={w.Pinned ? 'filled' : 'outlined'} title={w.Pinned ? t('pinned') : undefined} />)
          : <Typography variant="body2" color="text.secondary">{t('previewEmpty')}</Typography>}
      </Stack>
    </Paper>
  );
}

function useIdentityColumn() {
  const { t } = useTranslation('search-admin');
  return { Identity: { valueFormatter: (v: unknown) => t(`identity.${typeof v === 'string' && v ? v : 'none'}`) } };
}

function SearchLog() {
  const { t } = useTranslation('search-admin');
  const identity = useIdentityColumn();
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">{t('logHelp')}</Alert>
      <SearchList config={{ resource: searchLogResource, filters: ['SearchKey', 'DateFrom', 'DateTo', 'ZeroHit'], columns: ['At', 'Word', 'Hits', 'Identity'], columnOverrides: identity }} />
    </Stack>
  );
}

function SearchWords() {
  const { t } = useTranslation('search-admin');
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">{t('logHelp')}</Alert>
      <SearchList config={{
        resource: searchWordResource, filters: ['SearchKey', 'DateFrom', 'DateTo', 'ZeroHit'],
        columns: ['Word', 'Searches', 'Hits', 'LastAt', 'Students', 'Teachers', 'Others', 'Anonymous'],
      }} />
    </Stack>
  );
}

/**
 * /search-mana 检索管理: the public portal's hot words (pinned by staff, in order; then the most
 * searched words of the last 30 days), blocked words, and the log of portal catalogue searches
 * with its zero-hit words for purchasing. Readers are shown by identity only.
 */
export default function SearchAdminScreen() {
  const { t } = useTranslation(['search-admin', 'screens']);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./search-mana')}</Typography>
      <ScreenTabs
        label={t('screens:titles./search-mana')}
        tabs={[
          {
            id: 'hot', label: t('tabs.hot'), render: () => (
              <Stack spacing={1.5} sx={{ maxWidth: 900 }}>
                <Alert severity="info">{t('hotHelp')}</Alert>
                <PortalPreview />
                <LookupTable config={{ resource: hotWordResource, fields: ['Word', 'Sort'], readOnlyFields: ['UpdateTime'], defaultEntry: { Sort: 0 } }} />
              </Stack>
            ),
          },
          {
            id: 'blocked', label: t('tabs.blocked'), render: () => (
              <Stack spacing={1.5} sx={{ maxWidth: 900 }}>
                <Alert severity="info">{t('blockedHelp')}</Alert>
                <LookupTable config={{ resource: blockedWordResource, fields: ['Word'], readOnlyFields: ['UpdateTime'] }} />
              </Stack>
            ),
          },
          { id: 'words', label: t('tabs.words'), render: () => <SearchWords /> },
          { id: 'log', label: t('tabs.log'), render: () => <SearchLog /> },
          { id: 'readers', label: t('tabs.readers'), render: () => <PortalSettingsSection /> },
        ]}
      />
    </Stack>
  );
}
