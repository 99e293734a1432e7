import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemRank } from '../../../shared/api/charts.ts';
import { RankBar } from './rank-bar.tsx';

const PROMINENT = 10;
const detailOf = (id: number) => `/guidescreen/searchdetail?id=${id}`;

/** Places 1–3 in gold, silver and bronze: the colours children know from any podium. */
const MEDALS = ['#c9a227', '#9ea7ad', '#b87333'];

function TopCard({ item, max, place }: { item: ItemRank; max: number; place: number }) {
  const { t } = useTranslation('guide');
  return (
    <Paper variant="outlined" component="li" sx={{ listStyle: 'none', borderWidth: 2 }}>
      <ButtonBase component={RouterLink} to={detailOf(item.ItemID)} focusRipple data-testid={`top-book-${place}`}
        sx={{ width: '100%', p: 2, gap: 2, justifyContent: 'flex-start', alignItems: 'center', textAlign: 'left', minHeight: 112 }}>
        <Box sx={{ flexShrink: 0, width: 72, height: 72, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: MEDALS[item.Rank - 1] ?? 'primary.main', color: '#fff' }}>
          <Typography component="span" sx={{ fontSize: 36, fontWeight: 700, lineHeight: 1 }}>{item.Rank}</Typography>
        </Box>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="span" sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }} noWrap>{item.Title}</Typography>
          <Typography component="span" sx={{ fontSize: 20 }} color="text.secondary" noWrap>{item.Author}</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1 }}><RankBar share={item.Loans / max} height={16} /></Box>
            <Typography component="span" sx={{ fontSize: 24, fontWeight: 700, whiteSpace: 'nowrap' }}>{t('stats.loans', { n: item.Loans })}</Typography>
          </Stack>
        </Stack>
      </ButtonBase>
    </Paper>
  );
}

/** The top 100 titles: the first ten as large cards, the rest as a list below them. Each opens the title. */
export function TopBooksBoard({ items }: { items: ItemRank[] }) {
  const { t } = useTranslation('guide');
  const max = items[0]?.Loans || 1;
  const rest = items.slice(PROMINENT);
  return (
    <Stack spacing={3}>
      <Box component="ol" data-testid="top-books" aria-label={t('stats.topTen')}
        sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        {items.slice(0, PROMINENT).map((item, i) => <TopCard key={item.ItemID} item={item} max={max} place={i + 1} />)}
      </Box>
      {rest.length > 0 && (
        <Box component="section">
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>{t('stats.more', { from: PROMINENT + 1, to: items.length })}</Typography>
          <Box component="ol" start={PROMINENT + 1} data-testid="more-books" sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 4 }}>
            {rest.map((item, i) => (
              <Box component="li" key={item.ItemID} sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
                <ButtonBase component={RouterLink} to={detailOf(item.ItemID)} data-testid={`more-book-${PROMINENT + i + 1}`}
                  sx={{ width: '100%', minHeight: 56, gap: 2, justifyContent: 'flex-start', textAlign: 'left', px: 1 }}>
                  <Typography component="span" sx={{ width: 56, fontSize: 22, fontWeight: 700, color: 'text.secondary', flexShrink: 0 }}>{item.Rank}</Typography>
                  <Typography component="span" sx={{ flex: 1, minWidth: 0, fontSize: 22 }} noWrap>
                    {item.Title}<Typography component="span" color="text.secondary" sx={{ fontSize: 18, ml: 1.5 }}>{item.Author}</Typography>
                  </Typography>
                  <Typography component="span" sx={{ fontSize: 22, fontWeight: 600, whiteSpace: 'nowrap' }}>{t('stats.loans', { n: item.Loans })}</Typography>
                </ButtonBase>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
