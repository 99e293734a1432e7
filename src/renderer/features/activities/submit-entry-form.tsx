import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ENTRY_MAX_CHARS, type ActivityDetail } from '../../../shared/api/activities.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/use-session.ts';
import { useSubmitEntry } from './activity-queries.ts';
import { useSignInPath } from '../../lib/use-sign-in-path.ts';

/**
 * A signed-in reader's entry to a task of a running activity (the gateway takes the writer from
 * the token, so it is always their own). Signed out: a prompt to sign in; not running: why not.
 */
export function SubmitEntryForm({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation(['activities', 'errors']);
  const session = useSession();
  const tasks = activity.TaskList;
  // Notes first: a "read" task is done by borrowing, though a reader may still write to it.
  const first = tasks.find((x) => x.Kind === 'note') ?? tasks[0];
  const [taskId, setTaskId] = useState<number | ''>(first?.ID ?? '');
  const [itemId, setItemId] = useState<number | ''>('');
  const [content, setContent] = useState('');
  const submit = useSubmitEntry();
  const [problem, setProblem] = useState<string | null>(null);
  const signInPath = useSignInPath();
  const task = tasks.find((x) => x.ID === taskId);

  let body;
  if (activity.State !== 'doing') body = <Alert severity="info" data-testid="submit-closed">{t('submit.notRunning')}</Alert>;
  else if (!tasks.length) body = <Alert severity="info">{t('submit.noNoteTask')}</Alert>;
  else if (session.token == null) {
    body = (
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="submit-sign-in">
        <Typography>{t('submit.signIn')}</Typography>
        <Button variant="contained" component={RouterLink} to={signInPath}>{t('submit.signInButton')}</Button>
      </Stack>
    );
  } else {
    const onSubmit = (e: FormEvent) => {
      e.preventDefault();
      if (!task) return;
      if (!content.trim()) {
        setProblem(t('invalid.contentRequired'));
        return;
      }
      setProblem(null);
      submit.mutate({ ActivityID: activity.ID, TaskID: task.ID, ...(itemId ? { ItemID: itemId } : {}), Content: content }, {
        onSuccess: () => setContent(''),
        onError: (err) => setProblem(isApiError(err) ? (err.isKey ? t(err.message) : err.message) : t('errors:network')),
      });
    };
    body = (
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid="submit-form">
        <TextField select label={t('submit.task')} value={taskId} onChange={(e) => { setTaskId(Number(e.target.value)); setItemId(''); }} slotProps={{ select: { inputProps: { 'data-testid': 'submit-task' } } }}>
          {tasks.map((x) => <MenuItem key={x.ID} value={x.ID}>{x.Title}</MenuItem>)}
        </TextField>
        {task && task.Books.length > 0 && (
          <TextField select label={t('submit.book')} value={itemId} onChange={(e) => setItemId(e.target.value === '' ? '' : Number(e.target.value))}>
            <MenuItem value="">{t('submit.noBook')}</MenuItem>
            {task.Books.map((b) => <MenuItem key={b.ItemID} value={b.ItemID}>{b.Title}</MenuItem>)}
          </TextField>
        )}
        <TextField
          label={t('submit.content')} value={content} onChange={(e) => setContent(e.target.value)} multiline minRows={4} required
          helperText={`${t('submit.contentHelp', { max: ENTRY_MAX_CHARS })} (${[...content].length}/${ENTRY_MAX_CHARS})`}
          slotProps={{ htmlInput: { maxLength: ENTRY_MAX_CHARS, 'data-testid': 'submit-content' } }}
        />
        {problem && <Alert severity="error" data-testid="submit-error">{problem}</Alert>}
        {submit.isSuccess && !problem && <Alert severity="success" data-testid="submit-done">{t('submit.sent')}</Alert>}
        <Button type="submit" variant="contained" disabled={submit.isPending} sx={{ alignSelf: 'flex-start' }} data-testid="submit-send">{t('submit.send')}</Button>
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-labelledby="submit-heading">
      <Typography variant="h6" component="h2" id="submit-heading" sx={{ mb: 1 }}>{t('submit.heading')}</Typography>
      {body}
    </Paper>
  );
}
