import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SchoolGate, useSchoolName } from './portal-school.tsx';
import { useLibraryFigures, useRecommended } from './search-queries.ts';

const FIGURES = ['Titles', 'Copies', 'AvailableCopies', 'Readers', 'LoansToday', 'LoansThisMonth', 'LoansThisYear', 'NewTitlesThisMonth'] as const;

function Figures() {
  const { t, i18n } = useTranslation('search');
  const name = useSchoolName();
  const figures = useLibraryFigures();
  const hot = useRecommended('hot', 10, 30);
  if (!figures.data) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}><CircularProgress aria-label={t('results.loading')} /></Box>;
  return (
    <Stack spacing={3} data-testid="library-figures">
      <Box>
        <Typography variant="h4" component="h1">{name ? t('statistic.heading', { school: name }) : t('statistic.headingPlain')}</Typography>
        <Typography color="text.secondary">{t('statistic.day', { day: figures.data.Day })}</Typography>
      </Box>
      <Grid container spacing={2}>
        {FIGURES.map((k) => (
          <Grid key={k} size={{ xs: 6, md: 3 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={`figure-${k}`}>
              <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>{figures.data[k].toLocaleString(i18n.language)}</Typography>
              <Typography color="text.secondary">{t(`statistic.figures.${k}`)}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      {hot.data && hot.data.length > 0 && (
        <Paper variant="outlined" component="section" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('statistic.hot')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {hot.data.map((x) => (
              <li key={x.ID}>
                <Typography component="span">{x.Title}</Typography>
                <Typography component="span" color="text.secondary">{` · ${t('statistic.loans', { count: x.Loans })}`}</Typography>
              </li>
            ))}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * /statistic: the library's figures without signing in, for the school's website or a screen in
 * the hall (`?school=CODE`): holdings, copies on the shelf, readers, loans today, this month and
 * year, new titles, and this month's most borrowed.
 */
export default function LibraryFiguresScreen() {
  return <SchoolGate><Figures /></SchoolGate>;
}
