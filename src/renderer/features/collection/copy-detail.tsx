import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { collectionCalls as C } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { call } from '../../lib/api-client.ts';
import { copyStateText } from './copy-labels.ts';

/** The detail drawer's history: every change of the copy, newest first, with who made it. */
export function CopyDetail({ row }: { row: CopyRow }) {
  const { t, i18n } = useTranslation(['collection', 'catalogue']);
  const detail = useQuery({ queryKey: ['copy', 'get', row.ID], queryFn: () => call(C.get, { ID: row.ID }) });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const eventName = (e: string) => (i18n.exists(`catalogue:event.${e}`) ? t(`catalogue:event.${e}`) : t(`collection:event.${e}`, { defaultValue: e }));
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="copy-state">{copyStateText(t, row.Storage, row.CircState)}</Typography>
      <Typography variant="subtitle2" component="h3">{t('actions.history')}</Typography>
      {detail.data && !detail.data.History.length && <Typography variant="body2" color="text.secondary">{t('actions.noHistory')}</Typography>}
      <List dense data-testid="copy-history">
        {(detail.data?.History ?? []).map((h) => (
          <ListItem key={h.ID} disableGutters>
            <ListItemText primary={`${eventName(h.Event)}${h.User ? ` · ${h.User}` : ''}`} secondary={when(h.At)} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
