import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { GATE_DEVICES_EDIT, gateCalls as C, type Gate } from '../../../shared/api/gate.ts';
import { call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';
import { CredentialsDialog, type Credentials } from './credentials-dialog.tsx';
import { GateFormDialog } from './gate-form-dialog.tsx';

const KEY = ['gate', 'gates'];

/** The school's gates: register one, edit it, make it a new secret; the credentials are shown once. */
export function GatesPanel() {
  const { t, i18n } = useTranslation('gate');
  const qc = useQueryClient();
  const canEdit = useCanOp(GATE_DEVICES_EDIT);
  const gates = useQuery({ queryKey: [...KEY, i18n.language], queryFn: () => call(C.getGates, {}) });
  const [editing, setEditing] = useState<Gate | 'new' | null>(null);
  const [resetting, setResetting] = useState<Gate | null>(null);
  const [shown, setShown] = useState<Credentials | null>(null);
  const reset = useMutation({ mutationFn: (id: number) => call(C.resetSecret, { ID: id }) });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['gate'] });
  const f = (k: string) => t(`resources.gate.fields.${k}`);

  return (
    <Stack spacing={1} data-testid="gates-panel">
      <Typography variant="body2" color="text.secondary">{t('gates.intro')}</Typography>
      {canEdit && (
        <Stack direction="row">
          <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setEditing('new')} data-testid="gate-add">{t('gates.add')}</Button>
        </Stack>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="gates-table">
          <TableHead>
            <TableRow>
              {['ID', 'Name', 'BranchName', 'Location', 'ClientID', 'Enabled', 'LastSeenAt'].map((k) => <TableCell key={k}>{f(k)}</TableCell>)}
              {canEdit && <TableCell>{t('gates.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {(gates.data ?? []).map((g) => (
              <TableRow key={g.ID} data-testid={`gate-row-${g.ID}`}>
                <TableCell>{g.ID}</TableCell>
                <TableCell>{g.Name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{g.BranchName}</TableCell>
                <TableCell>{g.Location}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{g.ClientID}</TableCell>
                <TableCell><Chip size="small" color={g.Enabled ? 'success' : 'default'} label={t(g.Enabled ? 'gates.enabled' : 'gates.disabled')} /></TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{g.LastSeenAt ? new Date(g.LastSeenAt).toLocaleString(i18n.language) : t('gates.never')}</TableCell>
                {canEdit && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(g)}>{t('gates.edit')}</Button>
                    <Button size="small" onClick={() => setResetting(g)} data-testid={`gate-reset-${g.ID}`}>{t('gates.reset')}</Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
            {gates.data?.length === 0 && (
              <TableRow><TableCell colSpan={canEdit ? 8 : 7}><Typography variant="body2" color="text.secondary">{t('gates.empty')}</Typography></TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      {editing && (
        <GateFormDialog
          gate={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(res) => {
            setEditing(null);
            refresh();
            if (res.ClientSecret) setShown({ name: res.Gate.Name, gateId: res.Gate.ID, clientId: res.ClientID, secret: res.ClientSecret });
          }}
        />
      )}
      <ConfirmDialog
        open={resetting != null}
        title={t('gates.reset')}
        body={t('gates.confirmReset', { name: resetting?.Name ?? '' })}
        confirmLabel={t('gates.reset')}
        onClose={() => setResetting(null)}
        onConfirm={async () => {
          const res = await reset.mutateAsync(resetting!.ID);
          refresh();
          setShown({ name: res.Gate.Name, gateId: res.Gate.ID, clientId: res.ClientID, secret: res.ClientSecret! });
        }}
      />
      {shown && <CredentialsDialog credentials={shown} onClose={() => setShown(null)} />}
    </Stack>
  );
}
