import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { collectionCalls as C } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { call } from '../../lib/api-client.ts';
import { FactList, type Fact } from '../../kit/crud/fact-list.tsx';
import { useResourceLabels } from '../../kit/labels.ts';
import { copyResource } from './copy.resource.ts';
import { copyLocation, copyStateText, money } from './copy-labels.ts';

/**
 * The detail drawer: what the copy is and where it stands (title, call number, location, tag,
 * batch, prices), then its history, every change newest first, with who made it.
 */
export function CopyDetail({ row }: { row: CopyRow }) {
  const { t, i18n } = useTranslation(['collection', 'catalogue']);
  const labels = useResourceLabels(copyResource);
  const facts: Fact[] = [
    { key: 'Title', label: labels.field('Title'), value: [row.Title, row.Author].filter(Boolean).join(' / ') },
    { key: 'CallNo', label: labels.field('CallNo'), value: row.CallNo || '—' },
    { key: 'ISBN', label: labels.field('ISBN'), value: row.ISBN || '—' },
    { key: 'Location', label: t('location'), value: copyLocation(row, i18n.language, { withShelfMark: true }) },
    { key: 'RFID', label: labels.field('RFID'), value: row.RFID || '—' },
    { key: 'BatchNo', label: labels.field('BatchNo'), value: row.BatchNo || '—' },
    { key: 'Price', label: `${labels.field('Price')} / ${labels.field('DiscountPrice')}`, value: `${money(row.Price, i18n.language)} / ${money(row.DiscountPrice, i18n.language)}` },
    ...(row.Note ? [{ key: 'Note', label: labels.field('Note'), value: row.Note }] : []),
  ].map((f) => ({ ...f, testId: `copy-detail-${f.key}` }));
  const detail = useQuery({ queryKey: ['copy', 'get', row.ID], queryFn: () => call(C.get, { ID: row.ID }) });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const eventName = (e: string) => (i18n.exists(`catalogue:event.${e}`) ? t(`catalogue:event.${e}`) : t(`collection:event.${e}`, { defaultValue: e }));
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="copy-state">{copyStateText(t, row.Storage, row.CircState)}</Typography>
      <FactList facts={facts} mb={2} />
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
