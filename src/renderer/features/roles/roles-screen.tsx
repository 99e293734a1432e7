import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { roleCalls, type Role } from '../../../shared/api/roles.ts';
import { call } from '../../lib/api-client.ts';
import { RoleEditorDialog } from './role-editor-dialog.tsx';
import { RoleDeleteDialog } from './role-delete-dialog.tsx';
import { useCanDo } from './use-can.ts';
import { ActionsHeaderCell } from '../../kit/grid/actions-header-cell.tsx';

/** /department/permission/role: the school's roles; add, edit (menus, branches, resources), delete. */
export default function RolesScreen() {
  const { t, i18n } = useTranslation('roles');
  const canEdit = useCanDo('people.roles.edit');
  const list = useQuery({ queryKey: ['roles', 'list'], queryFn: () => call(roleCalls.list, { Page: 1, Rows: 1000 }) });
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const roles = list.data?.List ?? [];
  const label = (r: Role) => (i18n.language === 'en-US' && r.EnName ? r.EnName : r.Name);
  const menuCount = (r: Role) => (r.Permissions.includes('*') ? t('allMenus') : String(r.Permissions.filter((p) => p.startsWith('/') || p.startsWith('http')).length));
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>{t('title')}</Typography>
        {canEdit && <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} data-testid="role-add">{t('add')}</Button>}
      </Stack>
      <Table size="small" data-testid="roles-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.Name')}</TableCell>
            <TableCell>{t('fields.ScopeKind')}</TableCell>
            <TableCell>{t('fields.Menus')}</TableCell>
            <TableCell>{t('fields.Branches')}</TableCell>
            <TableCell>{t('fields.UserCount')}</TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {roles.map((r) => (
            <TableRow key={r.ID} data-testid={`role-row-${r.Code}`}>
              <TableCell>{label(r)} {r.BuiltIn && <Chip size="small" label={t('builtIn')} sx={{ ml: 1 }} />}</TableCell>
              <TableCell>{t(`scope.${r.ScopeKind}`)}</TableCell>
              <TableCell>{menuCount(r)}</TableCell>
              <TableCell>{r.BranchIDs.length}</TableCell>
              <TableCell>{r.UserCount}</TableCell>
              <TableCell align="right">
                {canEdit && <Button size="small" onClick={() => setEditing(r)} data-testid={`role-edit-${r.Code}`}>{t('common:actions.edit')}</Button>}
                {canEdit && !r.BuiltIn && <Button size="small" color="error" onClick={() => setDeleting(r)} data-testid={`role-delete-${r.Code}`}>{t('delete.action')}</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <RoleEditorDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && <RoleDeleteDialog role={deleting} roles={roles} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
