import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CallData } from '../../../shared/api/contract.ts';
import { ABANDON_REASONS, recommendationCalls as C, type SuggestionGroup } from '../../../shared/api/recommendations.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

export type HandleKind = 'process' | 'abandon';
export type HandleResult = CallData<typeof C.process>;

/**
 * Process (ordered or catalogued, optionally in an acquisition batch) or abandon (with a reason)
 * the chosen books' pending suggestions, with one reply the readers will see.
 */
export function HandleDialog({ kind, groups, onDone, onClose }: { kind: HandleKind; groups: readonly SuggestionGroup[]; onDone: (r: HandleResult) => void; onClose: () => void }) {
  const { t } = useTranslation(['recommendations', 'errors']);
  const [batch, setBatch] = useState<number | ''>('');
  const [reason, setReason] = useState<string>('');
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const batches = useQuery({ queryKey: ['recommendations', 'batches'], queryFn: () => call(C.batches, {}), enabled: kind === 'process' });
  const ids = groups.flatMap((g) => g.IDs);
  const label = (k: string) => t(`resources.recommendation-group.options.AbandonReason.${k}`);

  const submit = async () => {
    if (kind === 'abandon' && !reason) {
      setError(t('dialog.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = kind === 'process'
        ? await call(C.process, { IDs: ids, BatchID: batch === '' ? null : batch, Reply: reply }, { toast: false })
        : await call(C.abandon, { IDs: ids, AbandonReason: reason as (typeof ABANDON_REASONS)[number], Reply: reply }, { toast: false });
      onDone(r);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="handle-title">
      <DialogTitle id="handle-title">{t(kind === 'process' ? 'dialog.processTitle' : 'dialog.abandonTitle', { count: groups.length })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t(kind === 'process' ? 'dialog.processHelp' : 'dialog.abandonHelp')}</DialogContentText>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="handle-books">
            {groups.slice(0, 8).map((g) => <li key={g.Key}>{g.Title}{g.Count > 1 ? ` ×${g.Count}` : ''}</li>)}
            {groups.length > 8 && <li>…</li>}
          </ul>
          {kind === 'process' ? (
            <TextField
              select size="small" label={t('dialog.batch')} value={batch} onChange={(e) => setBatch(e.target.value === '' ? '' : Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'handle-batch' } }}
            >
              <MenuItem value=""><em>{t('dialog.noBatch')}</em></MenuItem>
              {(batches.data ?? []).map((b) => <MenuItem key={b.ID} value={b.ID}>{b.BatchNo}</MenuItem>)}
            </TextField>
          ) : (
            <TextField
              select required size="small" label={t('dialog.reason')} value={reason} onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'handle-reason' } }}
            >
              {ABANDON_REASONS.map((r) => <MenuItem key={r} value={r} data-testid={`reason-${r}`}>{label(r)}</MenuItem>)}
            </TextField>
          )}
          <TextField
            size="small" multiline minRows={2} label={t('dialog.reply')} value={reply} onChange={(e) => setReply(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'handle-reply' } }}
          />
          {error && <Alert severity="error" data-testid="handle-error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" color={kind === 'abandon' ? 'error' : 'primary'} disabled={busy} onClick={() => void submit()} data-testid="handle-confirm">
          {t(kind === 'process' ? 'actions.process' : 'actions.abandon')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
