import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { ScreenTabs } from '../../kit/tabs/screen-tabs.tsx';
import { DutiesPanel } from './duties-panel.tsx';
import { SchedulePanel } from './schedule-panel.tsx';
import { hoursResource, postResource, volunteerResource } from './volunteers.resources.ts';

function HoursPanel() {
  const { t } = useTranslation('volunteers');
  return (
    <SearchList
      config={{
        resource: hoursResource,
        filters: ['TermID', 'PostID', 'SearchKey'],
        columns: ['ReaderID', 'Name', 'ClassName', 'TermName', 'PostName', 'Duties', 'Minutes', 'Hours'],
        slots: {
          toolbar: (query) => {
            const { Page: _p, Rows: _r, tab: _tab, ...filters } = query;
            return <ExportButton call={hoursResource.calls.export!} input={filters} label={t('hours.export')} />;
          },
        },
      }}
    />
  );
}

/**
 * /volunteer 志愿者管理: readers who volunteer (registered per term on a post), the posts, the weekly
 * schedule, the service log (duties signed in and out by card, corrected by staff with a note) and
 * the hours per volunteer and term, exported for the school's certificates.
 */
export default function VolunteersScreen() {
  const { t } = useTranslation(['volunteers', 'screens']);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./volunteer')}</Typography>
      <ScreenTabs
        label={t('screens:titles./volunteer')}
        tabs={[
          {
            id: 'volunteers', label: t('tabs.volunteers'), render: () => (
              <CrudScreen config={{
                resource: volunteerResource,
                columns: ['ReaderID', 'Name', 'Identity', 'ClassName', 'TermName', 'PostName', 'State', 'Duties', 'Minutes', 'Note'],
                filters: ['TermID', 'PostID', 'State', 'SearchKey'],
                form: { fields: ['ReaderID', 'TermID', 'PostID', 'State', 'Note'] },
              }} />
            ),
          },
          {
            id: 'posts', label: t('tabs.posts'), render: () => (
              <Stack sx={{ maxWidth: 900 }}>
                <LookupTable config={{ resource: postResource, fields: ['Name', 'EnName', 'Sort', 'State'], readOnlyFields: ['InUse'], defaultEntry: { Sort: 0, State: 1 } }} />
              </Stack>
            ),
          },
          { id: 'schedule', label: t('tabs.schedule'), render: () => <SchedulePanel /> },
          { id: 'duties', label: t('tabs.duties'), render: () => <DutiesPanel /> },
          { id: 'hours', label: t('tabs.hours'), render: () => <HoursPanel /> },
        ]}
      />
    </Stack>
  );
}
