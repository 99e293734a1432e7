import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../shared/api/home.ts';

const FIGURES = ['TitleCount', 'CopyCount', 'ReaderCount', 'OnLoanCount', 'OverdueCount', 'LoansToday', 'ReturnsToday'] as const;

/** The live figures of the library at a glance. */
export function DashboardFigures({ data }: { data: Dashboard | undefined }) {
  const { t, i18n } = useTranslation('home');
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <Grid container spacing={2} data-testid="dashboard-figures">
      {FIGURES.map((f) => (
        <Grid key={f} size={{ xs: 6, sm: 4, md: 3, lg: 12 / 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary" noWrap>{t(`figures.${f}`)}</Typography>
              <Typography variant="h5" component="p" data-testid={`figure-${f}`}>
                {data ? fmt.format(data[f]) : <Skeleton width={60} />}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
