import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useClassRank, useItemRank } from './guide-queries.ts';
import { shortDay } from './rank-bar.tsx';
import { TopBooksBoard } from './top-books-board.tsx';
import { ClassRankBoard } from './class-rank-board.tsx';

type Period = 'week' | 'month';
type View = 'books' | 'classes';
type Sort = 'loans' | 'perReader';

function Choice<T extends string>({ value, options, onChange, label, testId }: { value: T; options: Array<[T, string]>; onChange: (v: T) => void; label: string; testId: string }) {
  return (
    <ToggleButtonGroup exclusive value={value} onChange={(_e, v: T | null) => v && onChange(v)} aria-label={label} data-testid={testId}>
      {options.map(([v, text]) => <ToggleButton key={v} value={v} sx={{ px: 3, fontSize: '1.25rem', minHeight: 56, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' } }} data-testid={`${testId}-${v}`}>{text}</ToggleButton>)}
    </ToggleButtonGroup>
  );
}

/** /guidescreen/brstatistic: this week's or month's most borrowed books and the class rankings, for a wall screen. */
export default function BorrowStatisticsScreen() {
  const { t, i18n } = useTranslation('guide');
  const [period, setPeriod] = useState<Period>('week');
  const [view, setView] = useState<View>('books');
  const [sort, setSort] = useState<Sort>('perReader');
  const items = useItemRank(period);
  const classes = useClassRank(period, sort);
  const active = view === 'books' ? items : classes;
  const span = items.data ?? classes.data;
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 600, mr: 'auto' }}>{t('stats.heading')}</Typography>
        <Choice value={period} onChange={setPeriod} label={t('stats.period')} testId="stats-period" options={[['week', t('stats.week')], ['month', t('stats.month')]]} />
        <Choice value={view} onChange={setView} label={t('stats.view')} testId="stats-view" options={[['books', t('stats.books')], ['classes', t('stats.classes')]]} />
      </Stack>
      {span && (
        <Typography variant="h5" component="p" color="text.secondary" data-testid="stats-span">
          {t('stats.span', { from: shortDay(span.From, i18n.language), to: shortDay(span.To, i18n.language), n: span.TotalLoans })}
        </Typography>
      )}
      {view === 'classes' && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
          <Choice value={sort} onChange={setSort} label={t('stats.sortBy')} testId="stats-sort" options={[['perReader', t('stats.byPerReader')], ['loans', t('stats.byLoans')]]} />
          <Typography variant="h6" component="p" color="text.secondary">{t(sort === 'perReader' ? 'stats.perReaderHint' : 'stats.loansHint')}</Typography>
        </Stack>
      )}
      {active.isPending && <Skeleton variant="rounded" height={480} />}
      {active.isError && <Alert severity="error" sx={{ fontSize: '1.25rem' }}>{t('stats.failed')}</Alert>}
      {view === 'books' && items.data && (items.data.List.length ? <TopBooksBoard items={items.data.List} /> : <Alert severity="info" sx={{ fontSize: '1.25rem' }} data-testid="stats-empty">{t('stats.noLoans')}</Alert>)}
      {view === 'classes' && classes.data && (classes.data.List.length ? <ClassRankBoard rows={classes.data.List} sort={sort} /> : <Alert severity="info" sx={{ fontSize: '1.25rem' }}>{t('stats.noClasses')}</Alert>)}
    </Stack>
  );
}
