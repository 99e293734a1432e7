import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityState, ActivitySummary } from '../../../shared/api/activities.ts';

const STATE_COLOR: Record<ActivityState, 'success' | 'info' | 'default'> = { doing: 'success', notStarted: 'info', ended: 'default' };

/** Running, coming soon or ended; filled, so it reads without colour too (its word says it). */
export function StateChip({ state, large = false }: { state: ActivityState; large?: boolean }) {
  const { t } = useTranslation('activities');
  return (
    <Chip
      label={t(`states.${state}`)} color={STATE_COLOR[state]} size={large ? 'medium' : 'small'} data-testid={`state-${state}`}
      // MUI's info blue under white text is 3.9:1; its dark shade passes (WCAG AA 4.5:1).
      sx={{ ...(state === 'notStarted' ? { bgcolor: 'info.dark' } : {}), ...(large ? { fontSize: '1.1rem', height: 40, px: 1 } : {}) }}
    />
  );
}

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/** "2026-04-01 to 2026-04-30" and, when the school's today is known, how long is left. */
export function DatesLine({ a, today, variant = 'body2' }: { a: Pick<ActivitySummary, 'StartDate' | 'EndDate' | 'State'>; today?: string; variant?: 'body2' | 'h6' }) {
  const { t } = useTranslation('activities');
  let when = '';
  if (today) {
    const days = (d: string) => Math.round((dayMs(d) - dayMs(today)) / 86_400_000);
    if (a.State === 'notStarted') when = t('dates.startsIn', { days: days(a.StartDate) });
    else if (a.State === 'doing') when = a.EndDate === today ? t('dates.endsToday') : t('dates.endsIn', { days: days(a.EndDate) });
  }
  return (
    <Typography variant={variant} component="p" color="text.secondary" sx={{ fontWeight: variant === 'h6' ? 400 : undefined }}>
      {t('dates.range', { from: a.StartDate, to: a.EndDate })}{when && ` · ${when}`}
    </Typography>
  );
}

/** One activity as a card that opens it: title, state, dates, summary and its counts. */
export function ActivityCard({ a, to, large = false, showTheme = true, heading = 'h3' }: { a: ActivitySummary; to: string; large?: boolean; showTheme?: boolean; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation('activities');
  return (
    <Paper variant="outlined" sx={{ width: '100%', height: '100%', borderWidth: large ? 2 : 1 }} data-testid={`activity-${a.ID}`}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: large ? 3 : 2, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }} data-testid="activity-link">
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant={large ? 'h5' : 'subtitle1'} component={heading} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.Title}</Typography>
          <Box sx={{ flexShrink: 0 }}><StateChip state={a.State} large={large} /></Box>
        </Stack>
        <DatesLine a={a} variant={large ? 'h6' : 'body2'} />
        {showTheme && a.ThemeTitle && <Typography variant={large ? 'h6' : 'body2'} component="p" color="text.secondary" sx={{ fontWeight: 400 }}>{t('detail.theme', { title: a.ThemeTitle })}</Typography>}
        {a.Summary && <Typography variant={large ? 'h6' : 'body2'} component="p" sx={{ mt: 1, fontWeight: 400, overflowWrap: 'anywhere' }}>{a.Summary}</Typography>}
        <Typography variant={large ? 'body1' : 'caption'} component="p" color="text.secondary" sx={{ mt: 'auto', pt: 1 }}>
          {t('list.activityCounts', { tasks: a.Tasks, participants: a.Participants, submissions: a.Submissions })}
        </Typography>
      </CardActionArea>
    </Paper>
  );
}
