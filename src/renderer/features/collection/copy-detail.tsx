import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { collectionCalls as C } from '../../../shared/api/collection.ts';
import type { CopyRow } from '../../../shared/api/copy-row.ts';
import { call } from '../../lib/api-client.ts';
import { localName } from '../../lib/local-name.ts';
import { useResourceLabels } from '../../kit/labels.ts';
import { copyResource } from './copy.resource.ts';
import { copyStateText } from './copy-labels.ts';

/**
 * The detail drawer: what the copy is and where it stands (title, call number, location, tag,
 * batch, prices), then its history, every change newest first, with who made it.
 */
export function CopyDetail({ row }: { row: CopyRow }) {
  const { t, i18n } = useTranslation(['collection', 'catalogue']);
  const labels = useResourceLabels(copyResource);
  const money = (v: number) => v.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const facts: Array<[string, string, ReactNode]> = [
    ['Title', labels.field('Title'), [row.Title, row.Author].filter(Boolean).join(' / ')],
    ['CallNo', labels.field('CallNo'), row.CallNo || '—'],
    ['ISBN', labels.field('ISBN'), row.ISBN || '—'],
    ['Location', t('location'), [localName(row.BranchName, row.BranchEnName, i18n.language), localName(row.AreaName, row.AreaEnName, i18n.language), row.ShelfMark].filter(Boolean).join(' · ')],
    ['RFID', labels.field('RFID'), row.RFID || '—'],
    ['BatchNo', labels.field('BatchNo'), row.BatchNo || '—'],
    ['Price', `${labels.field('Price')} / ${labels.field('DiscountPrice')}`, `${money(row.Price)} / ${money(row.DiscountPrice)}`],
    ...(row.Note ? [['Note', labels.field('Note'), row.Note] as [string, string, ReactNode]] : []),
  ];
  const detail = useQuery({ queryKey: ['copy', 'get', row.ID], queryFn: () => call(C.get, { ID: row.ID }) });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const eventName = (e: string) => (i18n.exists(`catalogue:event.${e}`) ? t(`catalogue:event.${e}`) : t(`collection:event.${e}`, { defaultValue: e }));
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="copy-state">{copyStateText(t, row.Storage, row.CircState)}</Typography>
      <Stack component="dl" spacing={1} sx={{ m: 0, mb: 2 }}>
        {facts.map(([key, label, value]) => (
          <div key={key}>
            <Typography component="dt" variant="caption" color="text.secondary">{label}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`copy-detail-${key}`}>{value}</Typography>
          </div>
        ))}
      </Stack>
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
