import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { roleCalls, type Role } from '../../../shared/api/roles.ts';
import { call } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../../kit/states/confirm-dialog.tsx';

/**
 * Deleting a role users hold: they move to another role (chosen here) or lose it (an explicit
 * "remove it from them"); the gateway refuses anything else.
 */
export function RoleDeleteDialog({ role, roles, onClose }: { role: Role; roles: readonly Role[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('roles');
  const qc = useQueryClient();
  const [target, setTarget] = useState<number | ''>('');
  const label = (r: Role) => (i18n.language === 'en-US' && r.EnName ? r.EnName : r.Name);
  const inUse = role.UserCount > 0;
  return (
    <ConfirmDialog
      open
      title={t('delete.title', { name: label(role) })}
      body={
        <Stack spacing={2}>
          <Typography>{inUse ? t('delete.inUse', { count: role.UserCount }) : t('delete.body')}</Typography>
          {inUse && (
            <TextField select label={t('delete.reassign')} value={target} onChange={(e) => setTarget(e.target.value === '' ? '' : Number(e.target.value))} data-testid="role-reassign">
              <MenuItem value="">{t('delete.removeOnly')}</MenuItem>
              {roles.filter((r) => r.ID !== role.ID).map((r) => <MenuItem key={r.ID} value={r.ID}>{label(r)}</MenuItem>)}
            </TextField>
          )}
        </Stack>
      }
      onConfirm={async () => {
        await call(roleCalls.delete, target === '' ? { ID: role.ID, Confirm: true } : { ID: role.ID, ReassignToID: target }, { toast: false });
        await qc.invalidateQueries({ queryKey: ['roles'] });
      }}
      onClose={onClose}
    />
  );
}
