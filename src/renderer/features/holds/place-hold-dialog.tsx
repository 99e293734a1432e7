import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { holdCalls as C } from '../../../shared/api/holds.ts';
import type { CallData } from '../../../shared/api/contract.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { call } from '../../lib/api-client.ts';

type Found = CallData<typeof C.titles>['List'];

/**
 * Placing a hold at the counter: the reader's card (scanned or typed), then words of the title or
 * its ISBN; each title found says how many copies are free and how many readers wait, and one
 * button holds it. Enter in the title field searches.
 */
export function PlaceHoldDialog({ open, onClose, onPlace }: {
  open: boolean;
  onClose: () => void;
  onPlace: (readerId: string, titleId: number) => Promise<unknown>;
}) {
  const { t } = useTranslation(['holds', 'common', 'validation']);
  const [reader, setReader] = useState('');
  const [key, setKey] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState('');

  const search = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!key.trim()) {
      setError(t('validation:required.title'));
      return;
    }
    try {
      setFound((await call(C.titles, { SearchKey: key }, { toast: false })).List);
    } catch (err) {
      setFound(null);
      setError(errorText(t, err));
    }
  };

  const pick = async (titleId: number) => {
    const placed = await onPlace(reader.trim(), titleId);
    if (placed) {
      setFound(null);
      setKey('');
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="place-hold-title">
      <DialogTitle id="place-hold-title">{t('screen.placeTitle')}</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate onSubmit={search} spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus label={t('screen.reader')} helperText={t('screen.readerHelp')} value={reader} onChange={(e) => setReader(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'hold-reader', maxLength: 64, autoComplete: 'off' } }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              fullWidth label={t('screen.titleSearch')} value={key} onChange={(e) => setKey(e.target.value)}
              error={!!error} helperText={error || ' '}
              slotProps={{ htmlInput: { 'data-testid': 'hold-title-search', maxLength: 200, autoComplete: 'off' } }}
            />
            <Button type="submit" variant="outlined" sx={{ mt: 1, flexShrink: 0 }}>{t('screen.search')}</Button>
          </Stack>
        </Stack>
        {found && !found.length && <Typography sx={{ mt: 1 }}>{t('screen.noTitles')}</Typography>}
        {found && found.length > 0 && (
          <List dense data-testid="hold-titles">
            {found.map((f) => (
              <ListItem
                key={f.ID} divider
                secondaryAction={(
                  <Button size="small" variant="contained" disabled={!reader.trim()} onClick={() => void pick(f.ID)} data-testid={`hold-pick-${f.ID}`}>
                    {t('screen.pick')}
                  </Button>
                )}
              >
                <ListItemText
                  sx={{ pr: 16 }}
                  primary={f.Author ? `${f.Title} / ${f.Author}` : f.Title}
                  secondary={t('screen.copies', { copies: f.Copies, available: f.Available, waiting: f.Waiting })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('screen.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
