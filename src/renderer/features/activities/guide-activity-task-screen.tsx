import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { StateChip } from './activity-parts.tsx';
import { GUIDE_ACTIVITY_PATHS as PATHS, idParam } from './activity-paths.ts';
import { useActivityInfo } from './activity-queries.ts';

/** /guidescreen/activitytask?activity=&task=: one task on the kiosk, its book list as big tiles that open each title (and where it stands). */
export default function GuideActivityTaskScreen() {
  const { t } = useTranslation('activities');
  const [params] = useSearchParams();
  const info = useActivityInfo(idParam(params.get('activity')));
  const taskId = idParam(params.get('task'));
  const a = info.data;
  const task = a?.TaskList.find((x) => x.ID === taskId);
  if (info.isError || taskId == null || idParam(params.get('activity')) == null || (a && !task)) {
    return (
      <Stack spacing={2}>
        <Typography variant="h3" component="h1">{t('guide.task')}</Typography>
        <Alert severity="warning" sx={{ fontSize: '1.25rem' }} data-testid="task-missing">{t('detail.notFound')}</Alert>
      </Stack>
    );
  }
  if (!a || !task) return <Stack spacing={2}><Skeleton height={80} /><Skeleton height={300} /></Stack>;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="task-detail">
      <div>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>{a.Title} <StateChip state={a.State} /></Typography>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip label={t(`kinds.${task.Kind}`)} variant="outlined" sx={{ fontSize: '1.1rem', height: 40 }} />
          <Typography variant="h3" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{task.Title}</Typography>
        </Stack>
        <Typography variant="h5" component="p" sx={{ mt: 1, fontWeight: 400 }}>
          {t(`detail.target.${task.Kind}`, { count: task.Target })} · <span data-testid="task-completed">{t('detail.completed', { count: task.Completed })}</span>
        </Typography>
        {task.Description && <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 400, whiteSpace: 'pre-line' }}>{task.Description}</Typography>}
      </div>
      <section aria-labelledby="books-heading">
        <Typography variant="h4" component="h2" id="books-heading" sx={{ mb: 2 }}>{t('detail.books')}</Typography>
        {task.Books.length === 0 && <Typography variant="h6" color="text.secondary">{t('detail.noBooks')}</Typography>}
        <Grid container spacing={3} component="ul" sx={{ p: 0, m: 0 }} data-testid="task-books">
          {task.Books.map((b) => (
            <Grid key={b.ItemID} component="li" size={{ xs: 6, lg: 4 }} sx={{ display: 'flex', listStyle: 'none' }}>
              <Paper variant="outlined" sx={{ width: '100%', borderWidth: 2 }}>
                <ButtonBase component={RouterLink} to={PATHS.book(b.ItemID)} focusRipple data-testid="book-link"
                  sx={{ width: '100%', height: '100%', minHeight: 160, p: 3, gap: 2, justifyContent: 'flex-start', alignItems: 'flex-start', textAlign: 'left', borderRadius: 1 }}>
                  <MenuBookOutlined sx={{ fontSize: 56, color: 'primary.main', flexShrink: 0 }} />
                  <Stack spacing={0.5}>
                    <Typography variant="h5" component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{b.Title}</Typography>
                    <Typography variant="h6" component="span" color="text.secondary" sx={{ fontWeight: 400 }}>{b.Author}</Typography>
                    <Typography variant="h6" component="span" color={b.Available > 0 ? 'success.main' : 'text.secondary'} sx={{ fontWeight: 500 }}>
                      {b.Available > 0 ? t('detail.available', { available: b.Available, copies: b.Copies }) : t('detail.none')}
                    </Typography>
                  </Stack>
                </ButtonBase>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </section>
    </Stack>
  );
}
