import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupRank } from '../../../shared/api/charts.ts';
import { RankBar } from './rank-bar.tsx';

/**
 * Classes by loans, or by loans per reader (so a class of 25 is not behind one of 45 for its
 * size): a bar per class, both figures written beside it, the sorted one in bold.
 */
export function ClassRankBoard({ rows, sort }: { rows: GroupRank[]; sort: 'loans' | 'perReader' }) {
  const { t, i18n } = useTranslation('guide');
  const en = i18n.language === 'en-US';
  const figure = (r: GroupRank) => (sort === 'loans' ? r.Loans : r.PerReader);
  const max = Math.max(...rows.map(figure), 0) || 1;
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Box component="ol" data-testid="class-ranks" sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 6, rowGap: 1 }}>
      {rows.map((r, i) => (
        <Box component="li" key={r.DeptID} data-testid={`class-rank-${i + 1}`} sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 2, minHeight: 64 }}>
          <Typography component="span" sx={{ width: 48, fontSize: 28, fontWeight: 700, color: r.Rank <= 3 ? 'primary.main' : 'text.secondary', flexShrink: 0 }}>{r.Rank}</Typography>
          <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
            <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2 }}>
              <Typography component="span" sx={{ fontSize: 24, fontWeight: 600 }} noWrap>{en ? r.EnName : r.Name}</Typography>
              <Typography component="span" sx={{ ml: 'auto', fontSize: 20, whiteSpace: 'nowrap' }}>
                <Box component="span" sx={{ fontWeight: sort === 'loans' ? 700 : 400 }}>{t('stats.loans', { n: r.Loans })}</Box>
                {' · '}
                <Box component="span" sx={{ fontWeight: sort === 'perReader' ? 700 : 400 }}>{t('stats.perReader', { n: nf.format(r.PerReader) })}</Box>
              </Typography>
            </Stack>
            <RankBar share={figure(r) / max} height={18} color={r.Rank <= 3 ? 'primary.main' : 'primary.light'} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
