import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { StationUser } from '../../shared/ipc/contract.ts';
import { AppProviders } from './app-providers.tsx';
import { LanguageSwitch } from './shell/language-switch.tsx';
import { queryClient } from '../lib/query-client.ts';
import { bridge } from '../lib/bridge.ts';
import PrintCentreScreen from '../features/printing/print-centre-screen.tsx';
import { TypedRangeCard } from '../features/printing/typed-range-card.tsx';
import { usePrinters } from '../features/printing/use-printers.ts';

export interface StationInfo { user: StationUser; since: string }

/**
 * The desk as an offline label station: its remote gateway does not answer, so instead of a dead
 * sign-in page the window shows the print centre (the queue keeps printing what it holds,
 * templates and calibration work) and the typed-range pre-print, on the permission of the last
 * user who signed in to print. Nothing here calls the gateway. "Try the server again" goes back
 * to the normal app as soon as it answers.
 */
export function OfflineStation({ info }: { info: StationInfo }) {
  return (
    <AppProviders queryClient={queryClient}>
      <StationBody info={info} />
    </AppProviders>
  );
}

function StationBody({ info }: { info: StationInfo }) {
  const { t, i18n } = useTranslation(['printing']);
  const printers = usePrinters();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  const retry = async () => {
    setChecking(true);
    setStillDown(false);
    const r = await bridge.retryGateway();
    setChecking(false);
    // When the server answers, main reloads every window into the normal app.
    if (!r.ok || !r.data) setStillDown(true);
  };
  const since = new Date(info.since).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Box data-testid="offline-station" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="div" sx={{ flex: 1 }}>{t('printing:station.title', { school: info.user.school })}</Typography>
          <LanguageSwitch />
        </Toolbar>
      </AppBar>
      <Stack component="main" spacing={2} sx={{ p: 2 }}>
        <Alert
          severity="warning" data-testid="offline-station-banner"
          action={<Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} disabled={checking} onClick={() => void retry()} data-testid="offline-station-retry">{t('printing:station.retry')}</Button>}
        >
          {t('printing:station.banner', { since, name: info.user.name })}
          {stillDown && <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="offline-station-still-down">{t('printing:station.stillDown')}</Box>}
        </Alert>
        <PrintCentreScreen />
        <TypedRangeCard school={info.user.school} printers={printers} />
      </Stack>
    </Box>
  );
}
