import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { borrowRulesCalls as c } from '../../../shared/api/borrow-rules.ts';
import { call } from '../../lib/api-client.ts';

/** "A loan today would be due on …" per permission group, with the calendar as saved. */
export function DuePreview() {
  const { t } = useTranslation('borrow-rules');
  const due = useQuery({ queryKey: ['borrow-rules', 'due'], queryFn: () => call(c.getDueDates, {}) });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="holiday-due-preview">
      <Typography variant="subtitle2">{t('holiday.dueTitle', { day: due.data?.LoanDay ?? '' })}</Typography>
      {due.data?.List.map((g) => (
        <Typography key={g.GroupID} variant="body2" data-testid={`due-${g.GroupID}`}>
          {t(g.Moved ? 'holiday.dueMoved' : 'holiday.due', { group: g.GroupName, days: g.LoanDays, due: g.DueDay, counted: g.CountedDay })}
        </Typography>
      ))}
    </Paper>
  );
}
