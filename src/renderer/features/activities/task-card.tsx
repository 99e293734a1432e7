import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityTask, TaskBook } from '../../../shared/api/activities.ts';

/** A title of a task's list: its name links to the title's page, with how many copies are on the shelf. */
export function BookLine({ b, to, large = false }: { b: TaskBook; to: string; large?: boolean }) {
  const { t } = useTranslation('activities');
  return (
    <Box component="li" sx={{ py: large ? 1 : 0.5 }} data-testid={`task-book-${b.ItemID}`}>
      <Link component={RouterLink} to={to} underline="hover" variant={large ? 'h6' : 'body1'} sx={{ overflowWrap: 'anywhere', fontWeight: 500 }} data-testid="book-link">{b.Title}</Link>
      <Typography variant={large ? 'body1' : 'body2'} color="text.secondary" component="div">
        {[b.Author, b.Available > 0 ? t('detail.available', { available: b.Available, copies: b.Copies }) : t('detail.none')].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

/** One task of an activity: what to do, how many finished it, and its book list. */
export function TaskCard({ task, bookPath, taskPath, large = false }: {
  task: ActivityTask; bookPath: (id: number) => string; taskPath?: string | null; large?: boolean;
}) {
  const { t } = useTranslation('activities');
  return (
    <Paper variant="outlined" component="li" sx={{ p: large ? 3 : 2, listStyle: 'none', borderWidth: large ? 2 : 1 }} data-testid={`task-${task.ID}`}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size={large ? 'medium' : 'small'} variant="outlined" label={t(`kinds.${task.Kind}`)} />
        <Typography variant={large ? 'h5' : 'subtitle1'} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{task.Title}</Typography>
      </Stack>
      <Typography variant={large ? 'h6' : 'body2'} component="p" sx={{ mt: 0.5, fontWeight: 400 }}>
        {t(`detail.target.${task.Kind}`, { count: task.Target })} · <span data-testid="task-completed">{t('detail.completed', { count: task.Completed })}</span>
      </Typography>
      {task.Description && <Typography variant={large ? 'body1' : 'body2'} color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{task.Description}</Typography>}
      {task.Books.length > 0 && !taskPath && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="h4">{t('detail.books')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>{task.Books.map((b) => <BookLine key={b.ItemID} b={b} to={bookPath(b.ItemID)} large={large} />)}</Box>
        </Box>
      )}
      {taskPath && (
        <Button component={RouterLink} to={taskPath} variant="contained" size="large" sx={{ mt: 2, fontSize: '1.2rem' }} data-testid="task-open">
          {t('detail.taskLink')}
        </Button>
      )}
    </Paper>
  );
}
