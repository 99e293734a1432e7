import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { gateCalls as C } from '../../../shared/api/gate.ts';
import { call } from '../../lib/api-client.ts';

const FIGURES = [
  { key: 'TodayIn', label: 'door.today' },
  { key: 'Occupancy', label: 'door.occupancy' },
  { key: 'TodayOut', label: 'door.todayOut' },
  { key: 'WeekIn', label: 'door.week' },
] as const;

/** Refreshed every half minute: a screen by the door stays current without anyone touching it. */
const REFRESH_MS = 30_000;

/**
 * /inoutstatisticiframe: the door's counts for a screen by the entrance or the school's website,
 * without signing in (the school from `?school=CODE`, a library from `&branch=ID`): today's
 * entries and exits, how many are in now, this week's entries. Numbers only, never a name. Framed
 * by another site it is served from /library/embed (see README).
 */
export default function DoorCountsScreen() {
  const { t, i18n } = useTranslation('gate');
  const [params] = useSearchParams();
  const branch = Number(params.get('branch'));
  const input = Number.isInteger(branch) && branch > 0 ? { BranchID: branch } : {};
  const counts = useQuery({
    queryKey: ['gate', 'door', input, i18n.language],
    queryFn: () => call(C.getPublicCounts, input, { toast: false }),
    refetchInterval: REFRESH_MS,
  });
  const d = counts.data;
  if (!d) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}><CircularProgress aria-label={t('door.loading')} /></Box>;
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 4 } }} data-testid="door-counts">
      <Box>
        <Typography variant="h4" component="h1">{t('door.heading')}</Typography>
        <Typography color="text.secondary">{[d.BranchName, t('door.day', { day: d.Day })].filter(Boolean).join(' · ')}</Typography>
      </Box>
      <Grid container spacing={2}>
        {FIGURES.map((f) => (
          <Grid key={f.key} size={{ xs: 6, md: 3 }}>
            <Paper variant="outlined" sx={{ p: 3, height: '100%', textAlign: 'center' }} data-testid={`door-${f.key}`}>
              <Typography variant="h2" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{d[f.key].toLocaleString(i18n.language)}</Typography>
              <Typography variant="h6" component="p" color="text.secondary">{t(f.label)}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('door.updated', { time: new Date(counts.dataUpdatedAt).toLocaleTimeString(i18n.language) })}
      </Typography>
    </Stack>
  );
}
