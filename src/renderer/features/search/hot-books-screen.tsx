import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TitleCard } from './title-card.tsx';
import { useRecommended } from './search-queries.ts';

const WINDOWS = [30, 90, 365] as const;

/** /guidescreen/hotBook: the fifty titles borrowed most in the last month, term or year. */
export default function HotBooksScreen() {
  const { t } = useTranslation('search');
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const hot = useRecommended('hot', 50, days);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">{t('hotBooks.title')}</Typography>
      <ToggleButtonGroup exclusive value={days} onChange={(_e, v: (typeof WINDOWS)[number] | null) => v && setDays(v)} aria-label={t('hotBooks.window')} data-testid="hot-window">
        {WINDOWS.map((w) => <ToggleButton key={w} value={w} sx={{ px: 3 }} data-testid={`hot-window-${w}`}>{t(`hotBooks.windows.${w}`)}</ToggleButton>)}
      </ToggleButtonGroup>
      {hot.isPending && <Skeleton height={200} />}
      {hot.isError && <Alert severity="error">{t('results.failed')}</Alert>}
      {hot.data?.length === 0 && <Alert severity="info">{t('home.noHot')}</Alert>}
      <Box component="ol" sx={{ p: 0, m: 0 }} data-testid="hot-books">
        {hot.data?.map((x, i) => <TitleCard key={x.ID} title={x} extra={t('hotBooks.rank', { rank: i + 1, count: x.Loans })} />)}
      </Box>
    </Stack>
  );
}
