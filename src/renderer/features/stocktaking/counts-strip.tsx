import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StocktakeCounts } from '../../../shared/api/stocktaking.ts';

const ORDER: ReadonlyArray<{ key: keyof StocktakeCounts; color: string }> = [
  { key: 'Expected', color: 'text.primary' },
  { key: 'Found', color: 'success.main' },
  { key: 'Missing', color: 'error.main' },
  { key: 'Misplaced', color: 'warning.main' },
  { key: 'NotExpected', color: 'info.main' },
  { key: 'Unknown', color: 'text.secondary' },
  { key: 'Left', color: 'text.secondary' },
];

/** The live counts of a stocktake, big enough to read from the shelf. */
export function CountsStrip({ counts }: { counts: StocktakeCounts }) {
  const { t } = useTranslation('stocktaking');
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} data-testid="stocktake-counts">
      {ORDER.map(({ key, color }) => (
        <Paper key={key} variant="outlined" sx={{ px: 2, py: 1, minWidth: 104 }} data-testid={`count-${key}`}>
          <Typography variant="body2" color="text.secondary">{t(`counts.${key}`)}</Typography>
          <Typography variant="h5" component="p" sx={{ color, fontWeight: 600 }}>{counts[key]}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
