import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { roleCalls, type Dept, type Holder } from '../../../shared/api/roles.ts';
import type { CallData } from '../../../shared/api/contract.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';

type Options = CallData<typeof roleCalls.holderOptions>;

/** One user's roles; a scoped role (class librarian, head teacher, reviewer) asks for its classes/departments. */
export function HolderRolesDialog({ holder, options, onClose }: { holder: Holder; options: Options; onClose: () => void }) {
  const { t, i18n } = useTranslation(['roles', 'validation', 'errors']);
  const qc = useQueryClient();
  const [held, setHeld] = useState<Map<number, number[]>>(new Map(holder.Roles.map((r) => [r.RoleID, r.DeptIDs])));
  const label = (n: { Name: string; EnName: string }) => (i18n.language === 'en-US' && n.EnName ? n.EnName : n.Name);
  const save = useMutation({
    mutationFn: () => call(roleCalls.assign, { UserID: holder.UserID, Roles: [...held].map(([RoleID, DeptIDs]) => ({ RoleID, DeptIDs })) }, { toast: false }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['permission'] });
      onClose();
    },
  });
  const set = (id: number, depts: number[] | null) => setHeld((m) => {
    const n = new Map(m);
    if (depts) n.set(id, depts);
    else n.delete(id);
    return n;
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="holder-editor">
      <DialogTitle>{t('roles:holders.editTitle', { name: holder.Name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {options.Roles.map((r) => {
            const depts = held.get(r.ID);
            const choices = options.Depts.filter((d) => (r.ScopeKind === 'class' ? d.Kind === 'class' : true));
            return (
              <Stack key={r.ID} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <FormControlLabel sx={{ minWidth: 200 }} label={label(r)}
                  control={<Checkbox checked={!!depts} onChange={() => set(r.ID, depts ? null : [])} slotProps={{ input: { 'data-testid': `holder-role-${r.Code}` } as object }} />} />
                {depts && r.ScopeKind !== 'none' && (
                  <Autocomplete<Dept, true>
                    multiple size="small" sx={{ flex: 1 }} options={choices} getOptionLabel={label}
                    value={choices.filter((d) => depts.includes(d.ID))}
                    onChange={(_e, v) => set(r.ID, v.map((d) => d.ID))}
                    renderInput={(p) => <TextField {...p} label={t(`roles:scopePick.${r.ScopeKind}`)} error={!depts.length} />}
                    data-testid={`holder-scope-${r.Code}`}
                  />
                )}
              </Stack>
            );
          })}
          {save.isError && <Alert severity="error" data-testid="holder-save-error">{errorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} data-testid="holder-save">{t('common:actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
