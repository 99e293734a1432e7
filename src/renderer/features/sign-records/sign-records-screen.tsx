import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SIGN_STATION, SIGN_VIEW } from '../../../shared/api/sign-records.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { ScreenTabs, type ScreenTab } from '../../kit/tabs/screen-tabs.tsx';
import { SignList } from './sign-list.tsx';
import { SignStation } from './sign-station.tsx';

/**
 * /signrecord 签到记录: the sign-in station (a reader scans their card entering the library or a
 * reading room) and the list of visits with counts per day and per class. Each part needs its own
 * operation, so a self-service station account signs readers in without reading who came.
 */
export default function SignRecordsScreen() {
  const { t } = useTranslation(['sign-records', 'screens', 'errors']);
  const canStation = useCanOp(SIGN_STATION);
  const canView = useCanOp(SIGN_VIEW);
  const tabs: ScreenTab[] = [
    ...(canStation ? [{ id: 'station', label: t('tabs.station'), render: () => <SignStation /> }] : []),
    ...(canView ? [{ id: 'list', label: t('tabs.list'), render: () => <SignList /> }] : []),
  ];
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./signrecord')}</Typography>
      {tabs.length ? <ScreenTabs tabs={tabs} label={t('screens:titles./signrecord')} /> : <Alert severity="info">{t('errors:noPermission')}</Alert>}
    </Stack>
  );
}
