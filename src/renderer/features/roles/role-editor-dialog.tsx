import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { roleCalls, SCOPE_KINDS, type Role, type ScopeKind } from '../../../shared/api/roles.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { MenuPermissionTree } from './menu-permission-tree.tsx';

interface Props {
  /** null = a new role. */
  role: Role | null;
  onClose: () => void;
}

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

/** Adds or edits a role: names, scope kind, branch scope (at least one), resource scope, menu tree. */
export function RoleEditorDialog({ role, onClose }: Props) {
  const { t, i18n } = useTranslation(['roles', 'validation', 'errors']);
  const qc = useQueryClient();
  const options = useQuery({ queryKey: ['roles', 'options'], queryFn: () => call(roleCalls.options, {}) });
  const [name, setName] = useState(role?.Name ?? '');
  const [enName, setEnName] = useState(role?.EnName ?? '');
  const [scope, setScope] = useState<ScopeKind>(role?.ScopeKind ?? 'none');
  const [branches, setBranches] = useState<number[]>(role?.BranchIDs ?? []);
  const [types, setTypes] = useState<number[]>(role?.ResourceTypeIDs ?? []);
  const [granted, setGranted] = useState<Set<string>>(new Set(role?.Permissions ?? []));
  const [touched, setTouched] = useState(false);
  const isAdmin = role?.Code === 'admin';
  const label = (n: { Name: string; EnName: string }) => (i18n.language === 'en-US' && n.EnName ? n.EnName : n.Name);

  const save = useMutation({
    mutationFn: () => {
      const body = { Name: name, EnName: enName, ScopeKind: scope, Permissions: [...granted], BranchIDs: branches, ResourceTypeIDs: types };
      return role ? call(roleCalls.update, { ...body, ID: role.ID }) : call(roleCalls.add, body);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['roles'] });
      onClose();
    },
  });
  const nameError = touched && !name.trim();
  const branchError = touched && branches.length === 0;
  const submit = () => {
    setTouched(true);
    if (name.trim() && branches.length) save.mutate();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="role-editor">
      <DialogTitle>{role ? t('roles:editor.editTitle') : t('roles:editor.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            <TextField label={t('roles:fields.Name')} value={name} onChange={(e) => setName(e.target.value)} required fullWidth
              error={nameError} helperText={nameError ? t('validation:required.roleName') : ' '} slotProps={{ htmlInput: { 'data-testid': 'role-name' } }} />
            <TextField label={t('roles:fields.EnName')} value={enName} onChange={(e) => setEnName(e.target.value)} fullWidth helperText=" "
              slotProps={{ htmlInput: { 'data-testid': 'role-en-name' } }} />
            <TextField select label={t('roles:fields.ScopeKind')} value={scope} onChange={(e) => setScope(e.target.value as ScopeKind)} sx={{ minWidth: 180 }}
              disabled={role?.BuiltIn} helperText=" " data-testid="role-scope">
              {SCOPE_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`roles:scope.${k}`)}</MenuItem>)}
            </TextField>
          </Stack>
          <div>
            <Typography variant="subtitle2">{t('roles:fields.Branches')} *</Typography>
            <FormGroup row data-testid="role-branches">
              {options.data?.Branches.map((b) => (
                <FormControlLabel key={b.ID} label={label(b)} control={<Checkbox size="small" checked={branches.includes(b.ID)} onChange={() => setBranches((l) => toggle(l, b.ID))} />} />
              ))}
            </FormGroup>
            {branchError && <FormHelperText error data-testid="role-branch-error">{t('validation:required.roleBranch')}</FormHelperText>}
          </div>
          <div>
            <Typography variant="subtitle2">{t('roles:fields.ResourceTypes')}</Typography>
            <FormHelperText>{t('roles:help.resourceTypes')}</FormHelperText>
            <FormGroup row data-testid="role-resource-types">
              {options.data?.ResourceTypes.map((r) => (
                <FormControlLabel key={r.ID} label={label(r)} control={<Checkbox size="small" checked={types.includes(r.ID)} onChange={() => setTypes((l) => toggle(l, r.ID))} />} />
              ))}
            </FormGroup>
          </div>
          <div>
            <Typography variant="subtitle2">{t('roles:fields.Permissions')}</Typography>
            {isAdmin && <Alert severity="info" sx={{ mb: 1 }}>{t('roles:help.adminAll')}</Alert>}
            {options.data && !isAdmin && <MenuPermissionTree menus={options.data.Menus} granted={granted} onChange={setGranted} />}
          </div>
          {save.isError && <Alert severity="error" data-testid="role-save-error">{errorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="role-save">{t('common:actions.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
