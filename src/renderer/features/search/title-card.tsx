import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicTitle } from '../../../shared/api/search.ts';
import { TitleAvailability } from './availability.tsx';
import { useSearchPaths } from './search-paths.tsx';

/** One title of a result list: what it is, where to find it (call number) and whether it is in. */
/** `heading`: h2 in a list that is the page's content, h3 in a titled section of a page. */
export function TitleCard({ title, extra, heading = 'h2' }: { title: PublicTitle; extra?: string; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation('search');
  const paths = useSearchPaths();
  const facts = [title.Author, title.Publisher, title.PubYear ? String(title.PubYear) : ''].filter(Boolean).join(' · ');
  return (
    <Box component="li" data-testid={`title-${title.ID}`} sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle1" component={heading} sx={{ fontWeight: 600, lineHeight: 1.35, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={paths.detail(title.ID)} underline="hover" data-testid="title-link">{title.Title}</Link>
      </Typography>
      {title.ParallelTitle && title.ParallelTitle.toLowerCase() !== title.Title.toLowerCase() && <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{title.ParallelTitle}</Typography>}
      {facts && <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{facts}</Typography>}
      <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {title.CallNo && <Typography variant="body2" color="text.secondary">{t('card.callNo', { callNo: title.CallNo })}</Typography>}
        <Box><TitleAvailability copies={title.Copies} available={title.Available} holds={title.HoldsWaiting} /></Box>
        {extra && <Typography variant="body2" color="text.secondary">{extra}</Typography>}
      </Stack>
    </Box>
  );
}
