import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HardwareApp } from '../../../shared/api/library-info.ts';
import { bridge, isDesktop } from '../../lib/bridge.ts';
import { compareVersions } from '../../../shared/domain/app-version.ts';
import { inLanguage, useHardwareApps } from './library-info-queries.ts';

/** The app this desktop client is, among the releases: the desk client (the kiosk and label station are modes of it). */
const THIS_APP = 'desk';

function AppCard({ app, running }: { app: HardwareApp; running: string | null }) {
  const { t, i18n } = useTranslation('library-info');
  const mine = running != null && app.Code === THIS_APP;
  const state = !mine ? null : compareVersions(app.Version, running) > 0 ? 'update' : 'current';
  const size = (n: number | null) => (n == null ? '' : ` · ${(n / 1_048_576).toFixed(1)} MB`);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`app-${app.Code}`}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">{inLanguage(i18n.language, app.Name, app.EnName)}</Typography>
        <Typography color="text.secondary">{t('version.latest', { version: app.Version })}</Typography>
        {state === 'update' && <Chip color="warning" label={t('version.update', { running })} data-testid="version-update" />}
        {state === 'current' && <Chip color="success" label={t('version.current')} data-testid="version-current" />}
      </Stack>
      {app.ReleaseDate && <Typography variant="body2" color="text.secondary">{t('version.released', { day: new Date(app.ReleaseDate).toLocaleDateString(i18n.language) })}</Typography>}
      {app.ReleaseNotes && <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 1 }}>{app.ReleaseNotes}</Typography>}
      <Stack component="ul" sx={{ p: 0, m: 0, mt: 1, listStyle: 'none' }} spacing={0.5}>
        {app.Downloads.map((d) => (
          <li key={d.Url}>
            <Link href={d.Url} download={d.FileName} rel="noopener noreferrer">{t(`version.platforms.${d.Platform}`)}: {d.FileName}</Link>
            <Typography component="span" variant="body2" color="text.secondary">{size(d.Size)}</Typography>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /checkversion: the version of this desktop client against the latest the gateway offers
 * (getcompanyhardwareappslist), with release notes and downloads for every app of the school.
 * In a plain browser there is no client version to compare: it lists what the gateway offers.
 */
export default function CheckVersionScreen() {
  const { t } = useTranslation('library-info');
  const desktop = isDesktop();
  const info = useQuery({ queryKey: ['app-info'], queryFn: () => bridge.getAppInfo(), enabled: desktop, staleTime: Infinity });
  const running = info.data?.ok ? info.data.data.version : null;
  const apps = useHardwareApps();
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }} data-testid="check-version">
      <Typography variant="h4" component="h1">{t('version.title')}</Typography>
      <Box data-testid="running-version">
        {desktop
          ? <Typography>{running ? t('version.running', { version: running }) : t('version.reading')}</Typography>
          : <Alert severity="info">{t('version.browser')}</Alert>}
      </Box>
      {apps.isPending && <Skeleton variant="rectangular" height={160} />}
      {apps.isError && <Alert severity="error">{t('failed')}</Alert>}
      {apps.data?.length === 0 && <Alert severity="info" data-testid="no-apps">{t('version.none')}</Alert>}
      {apps.data?.map((a) => <AppCard key={a.Code} app={a} running={running} />)}
    </Stack>
  );
}
