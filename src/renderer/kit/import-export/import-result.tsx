import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { messageText } from '../fields/zod-locale.ts';
import type { ImportResult as Result } from '../../../shared/api/import.ts';

/** Step 3: exactly what changed (the commit's own report), including rows refused at commit time. */
export function ImportResult({ result }: { result: Result }) {
  const { t, i18n } = useTranslation(['kit', 'validation']);
  const s = result.Summary;
  const rejected = result.Rows.filter((r) => r.Action === 'rejected');
  return (
    <Stack spacing={1} data-testid="import-result">
      <Alert severity={s.Rejected ? 'warning' : 'success'} data-testid="import-result-summary">
        {t('kit:import.done', { created: s.Created, updated: s.Updated, rejected: s.Rejected })}
      </Alert>
      {rejected.length > 0 && (
        <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
          {rejected.map((r) => (
            <ListItem key={r.RowNo}>
              <ListItemText primary={t('kit:import.rowLabel', { row: r.RowNo })} secondary={r.Reasons.map((m) => messageText(t, i18n.exists, m) ?? m).join('; ')} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
