import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownload from '@mui/icons-material/FileDownload';
import { homeCalls } from '../../../shared/api/home.ts';
import { readerCalls } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';
import { useStartJob } from '../../lib/use-start-job.ts';
import { DashboardFigures } from './dashboard-figures.tsx';
import { LoansChart } from './loans-chart.tsx';
import { NoticesCard } from './notices-card.tsx';
import { ShortcutsCard } from './shortcuts-card.tsx';

/** /data-analysis: the home dashboard. */
export default function DataAnalysisScreen() {
  const { t } = useTranslation('home');
  const dashboard = useQuery({ queryKey: ['home', 'dashboard'], queryFn: () => call(homeCalls.getDashboard, {}) });
  // The gateway checks the permission; without it the reply is 403 -> "no operation permission".
  const exportReaders = useStartJob(readerCalls.exportReaders);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>{t('title')}</Typography>
        <Button
          variant="contained"
          startIcon={<FileDownload />}
          disabled={exportReaders.isPending}
          onClick={() => exportReaders.mutate({})}
          data-testid="export-readers"
        >
          {t('exportReaders')}
        </Button>
      </Stack>
      <DashboardFigures data={dashboard.data} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <LoansChart data={dashboard.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <NoticesCard />
        </Grid>
      </Grid>
      <ShortcutsCard />
    </Stack>
  );
}
