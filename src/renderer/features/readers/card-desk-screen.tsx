import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { readerCalls, type Reader } from '../../../shared/api/readers.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { CardActionDialog } from './card-action-dialog.tsx';
import type { CardAction } from './card-actions.ts';
import { CardHistory } from './card-history.tsx';
import { ReaderCardPanel } from './reader-card-panel.tsx';

/**
 * /department/user-transfer: the card desk. Scan a card (the scanner types it and Enter) or type a
 * name / pinyin; an exact card number or a single hit opens that reader, several hits are listed.
 */
// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").
export default function CardDeskScreen() {
  const { t } = useTranslation('readers');
  const [key, setKey] = useState('');
  const [hits, setHits] = useState<Reader[] | null>(null);
  const [reader, setReader] = useState<Reader | null>(null);
  const [action, setAction] = useState<CardAction | null>(null);
  const search = useMutation({
    mutationFn: (k: string) => call(readerCalls.getUserList, { SearchKey: k, Rows: 20 }),
    onSuccess: (page, k) => {
      const exact = page.List.find((r) => r.ReaderID.toLowerCase() === k.toLowerCase());
      const one = exact ?? (page.List.length === 1 ? page.List[0]! : null);
      setReader(one);
      setHits(one ? null : page.List);
    },
  });
  const find = () => key.trim() && search.mutate(key.trim());

  return (
      <Stack spacing={2} data-testid="card-desk">
        <Typography variant="h6" component="h1">{t('desk.title')}</Typography>
        <Stack direction="row" spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), find())}>
          <TextField
            autoFocus size="small" sx={{ width: 360 }} label={t('desk.search')} value={key} onChange={(e) => setKey(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'desk-search' } }}
          />
          <Button type="submit" variant="contained" disabled={search.isPending} data-testid="desk-find">{t('desk.find')}</Button>
        </Stack>
        {hits && hits.length === 0 && <Alert severity="info" data-testid="desk-none">{t('desk.none')}</Alert>}
        {hits && hits.length > 0 && (
          <List dense data-testid="desk-hits" sx={{ maxWidth: 520 }}>
            {hits.map((r) => (
              <ListItemButton key={r.ID} onClick={() => (setReader(r), setHits(null))} data-testid={`desk-hit-${r.ID}`}>
                <ListItemText primary={`${r.Name} · ${r.ReaderID}`} secondary={[r.DeptName, t(`resources.reader.options.Identity.${r.Identity}`)].filter(Boolean).join(' · ')} />
              </ListItemButton>
            ))}
          </List>
        )}
        {reader && (
          <>
            <ReaderCardPanel reader={reader} onAction={setAction} />
            <CardHistory readerId={reader.ID} version={reader.UpdateTime} />
          </>
        )}
        {reader && action && (
          <CardActionDialog
            action={action}
            reader={reader}
            onClose={() => setAction(null)}
            onDone={(next) => {
              setReader(next);
              setAction(null);
              toast.key('readers:desk.done', 'success');
            }}
          />
        )}
      </Stack>
  );
}
