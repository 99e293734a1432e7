import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../../kit/data/error-text.ts';
import type { CornerClassPick } from './use-corner-class.ts';

/**
 * Which class the screen is about: a picker for library staff (and for users with several
 * classes), the class's name alone for a class librarian or head teacher with one class, and a
 * plain explanation for a user with none.
 */
export function ClassPicker({ pick }: { pick: CornerClassPick }) {
  const { t } = useTranslation(['class-corner']);
  if (pick.loading) return <LinearProgress aria-label={t('class.label')} />;
  if (pick.error) return <Alert severity="error">{errorText(t, pick.error)}</Alert>;
  if (!pick.classes.length) return <Alert severity="info" data-testid="class-none">{t('class.none')}</Alert>;
  const summary = pick.current && t('class.summary', { items: pick.current.Items, lent: pick.current.OpenLoans });
  if (pick.classes.length === 1) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Chip color="primary" label={t('class.current', { name: pick.classes[0]!.Name })} data-testid="class-name" />
        <Typography variant="body2" color="text.secondary">{summary}</Typography>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Autocomplete
        sx={{ width: 280 }}
        options={pick.classes}
        value={pick.current}
        getOptionLabel={(c) => c.Name}
        isOptionEqualToValue={(a, b) => a.ID === b.ID}
        onChange={(_e, c) => pick.setDeptId(c?.ID ?? null)}
        renderInput={(params) => <TextField {...params} label={t('class.label')} required slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'class-picker' } }} />}
      />
      {summary && <Typography variant="body2" color="text.secondary">{summary}</Typography>}
    </Stack>
  );
}

/** The screen's body once a class is chosen; until then, a hint. */
export function WithClass({ pick, children }: { pick: CornerClassPick; children: (deptId: number) => React.ReactNode }) {
  const { t } = useTranslation(['class-corner']);
  if (pick.deptId == null) return pick.classes.length ? <Alert severity="info">{t('class.pick')}</Alert> : null;
  return <>{children(pick.deptId)}</>;
}
