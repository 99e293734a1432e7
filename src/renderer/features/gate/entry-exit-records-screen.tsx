import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { gateEventResource } from './gate.resource.ts';
import { GatesPanel } from './gates-panel.tsx';

/**
 * /entry-exit-records 出入记录: the gates' event log (entries and exits with their number of people,
 * alarms with the copy's barcode) by period, library, gate and kind; below it the school's gates,
 * where staff register a gate controller and get its credentials (the secret is shown once).
 */
export default function EntryExitRecordsScreen() {
  const { t } = useTranslation('gate');
  return (
    <Stack spacing={2} sx={{ p: 2, pb: 10 }}>
      <Alert severity="info">{t('records.intro')}</Alert>
      <SearchList
        config={{
          resource: gateEventResource,
          filters: ['DateFrom', 'DateTo', 'BranchID', 'GateID', 'Type'],
          columns: ['At', 'GateName', 'BranchName', 'Type', 'People', 'Barcode'],
        }}
      />
      <Typography variant="h6" component="h2">{t('gates.heading')}</Typography>
      <GatesPanel />
    </Stack>
  );
}
