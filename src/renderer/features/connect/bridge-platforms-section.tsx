import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BRIDGE_EDIT, bridgeCalls as C, type BridgePlatform } from '../../../shared/api/connect.ts';
import { apiBaseUrl, call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { BridgePlatformDialog } from './bridge-platform-dialog.tsx';

const KEY = ['connect', 'bridge-platforms'] as const;

function PlatformRow({ p, canEdit, onEdit, onDelete }: { p: BridgePlatform; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('connect');
  const used = p.LastUsedAt ? new Date(p.LastUsedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : t('bridge.neverUsed');
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }} data-testid={`bridge-platform-${p.ID}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>{p.Name}</Typography>
            <Chip size="small" label={p.AllowStaff ? t('bridge.readersAndStaff') : t('bridge.readersOnly')} />
            {!p.Enabled && <Chip size="small" color="warning" label={t('bridge.off')} />}
          </Stack>
          <Typography variant="body2">{t('bridge.keyId')}: <code data-testid="bridge-key-id">{p.KeyID}</code> · {t('bridge.fingerprint')}: <code>{p.Fingerprint}</code></Typography>
          <Typography variant="body2" color="text.secondary">{t('bridge.lastUsed', { when: used })}</Typography>
        </Stack>
        {canEdit && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={onEdit}>{t('bridge.edit')}</Button>
            <Button variant="outlined" color="error" onClick={onDelete}>{t('bridge.delete')}</Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Paste a ticket the platform made and see what it would do, without using it up. */
function TicketCheck() {
  const { t } = useTranslation(['connect', 'validation', 'errors']);
  const [ticket, setTicket] = useState('');
  const [app, setApp] = useState<'portal' | 'staff'>('portal');
  const check = useMutation({ mutationFn: () => call(C.check, { BridgeTicket: ticket.trim(), App: app }, { toast: false }) });
  const r = check.data;
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3">{t('bridge.checkTitle')}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField size="small" fullWidth label={t('bridge.ticket')} value={ticket} onChange={(e) => setTicket(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2048, spellCheck: false, 'data-testid': 'bridge-check-ticket' } }} />
        <TextField select size="small" label={t('bridge.app')} value={app} onChange={(e) => setApp(e.target.value as 'portal' | 'staff')} sx={{ minWidth: 260, flexShrink: 0 }}>
          <MenuItem value="portal">{t('bridge.apps.portal')}</MenuItem>
          <MenuItem value="staff">{t('bridge.apps.staff')}</MenuItem>
        </TextField>
        <Button variant="outlined" onClick={() => check.mutate()} disabled={!ticket.trim() || check.isPending} data-testid="bridge-check">{t('bridge.check')}</Button>
      </Stack>
      {check.error && <Alert severity="error">{errorText(t, check.error)}</Alert>}
      {r && (r.OK
        ? <Alert severity="success" data-testid="bridge-check-result">{t('bridge.checkOk', { platform: r.Platform, name: r.UserName, account: r.Account, until: r.ExpiresAt ? new Date(r.ExpiresAt).toLocaleTimeString() : '' })}</Alert>
        : <Alert severity="warning" data-testid="bridge-check-result">{t(`bridge.reason.${r.Reason}`)}</Alert>)}
    </Stack>
  );
}

/**
 * The school platforms (unified identity, a school app) allowed to send their signed-in users to the
 * library without a second password (/bridge), on /library/basic-info. See the README,
 * "Sign-in from the school platform", for the ticket the platform makes.
 */
export function BridgePlatformsSection() {
  const { t } = useTranslation(['connect', 'errors']);
  const qc = useQueryClient();
  const canEdit = useCanOp(BRIDGE_EDIT);
  const list = useQuery({ queryKey: KEY, queryFn: () => call(C.platforms, {}) });
  const [editing, setEditing] = useState<BridgePlatform | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BridgePlatform | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });
  const handOff = `${new URL('/library/', apiBaseUrl()).toString()}#/bridge?ticket=…&to=/search/personal`;
  return (
    <Paper sx={{ p: 3, maxWidth: 880, mt: 3 }} data-testid="bridge-platforms">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('bridge.sectionTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">{t('bridge.sectionHint')}</Typography>
      <Typography variant="body2" sx={{ mt: 1, mb: 2, wordBreak: 'break-all' }}>{t('bridge.address')}: <code>{handOff}</code></Typography>
      {list.error && <Alert severity="error">{errorText(t, list.error)}</Alert>}
      {list.data && list.data.length === 0 && <Typography color="text.secondary" sx={{ mb: 1 }}>{t('bridge.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {list.data?.map((p) => <PlatformRow key={p.ID} p={p} canEdit={canEdit} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />)}
      </Stack>
      {canEdit && <Button variant="contained" sx={{ mt: 2 }} onClick={() => setEditing('new')} data-testid="bridge-add">{t('bridge.add')}</Button>}
      {canEdit && <TicketCheck />}
      {editing && (
        <BridgePlatformDialog platform={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />
      )}
      <ConfirmDialog open={deleting != null} title={t('bridge.deleteTitle')} body={t('bridge.deleteBody', { name: deleting?.Name ?? '' })} confirmLabel={t('bridge.delete')}
        onConfirm={async () => { await call(C.remove, { ID: deleting!.ID }, { toast: false }); refresh(); }} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
