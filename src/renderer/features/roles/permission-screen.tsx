import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { roleCalls, type Holder } from '../../../shared/api/roles.ts';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../../shared/domain/ui-constants.ts';
import { call } from '../../lib/api-client.ts';
import { HolderRolesDialog } from './holder-roles-dialog.tsx';
import { useCanDo } from './use-can.ts';
import { ActionsHeaderCell } from '../../kit/grid/actions-header-cell.tsx';

/** /permission: who holds which role; search users and assign roles (with class/department scopes). */
export default function PermissionScreen() {
  const { t, i18n } = useTranslation('roles');
  const canAssign = useCanDo('people.permission.assign');
  const [search, setSearch] = useState('');
  const [roleId, setRoleId] = useState<number | ''>('');
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Holder | null>(null);
  const options = useQuery({ queryKey: ['permission', 'options'], queryFn: () => call(roleCalls.holderOptions, {}) });
  const list = useQuery({
    queryKey: ['permission', 'list', search, roleId, page, rows],
    queryFn: () => call(roleCalls.holders, { SearchKey: search || undefined, RoleID: roleId === '' ? undefined : roleId, Page: page + 1, Rows: rows }),
    placeholderData: keepPreviousData,
  });
  const label = (n: { Name: string; EnName: string }) => (i18n.language === 'en-US' && n.EnName ? n.EnName : n.Name);
  const roleName = new Map((options.data?.Roles ?? []).map((r) => [r.ID, label(r)]));
  const deptName = new Map((options.data?.Depts ?? []).map((d) => [d.ID, label(d)]));
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h1">{t('holders.title')}</Typography>
      <Stack direction="row" spacing={2}>
        <TextField size="small" label={t('holders.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }}
          slotProps={{ htmlInput: { 'data-testid': 'holder-search' } }} />
        <TextField size="small" select label={t('holders.role')} value={roleId} sx={{ minWidth: 200 }} data-testid="holder-role-filter"
          onChange={(e) => { setRoleId(e.target.value === '' ? '' : Number(e.target.value)); setPage(0); }}>
          <MenuItem value="">{t('holders.anyRole')}</MenuItem>
          {options.data?.Roles.map((r) => <MenuItem key={r.ID} value={r.ID}>{label(r)}</MenuItem>)}
        </TextField>
      </Stack>
      <Table size="small" data-testid="holders-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('holders.name')}</TableCell>
            <TableCell>{t('holders.account')}</TableCell>
            <TableCell>{t('holders.readerId')}</TableCell>
            <TableCell>{t('holders.dept')}</TableCell>
            <TableCell>{t('holders.roles')}</TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data?.List.map((h) => (
            <TableRow key={h.UserID} data-testid={`holder-row-${h.Account}`}>
              <TableCell>{h.Name}</TableCell>
              <TableCell>{h.Account}</TableCell>
              <TableCell>{h.ReaderID}</TableCell>
              <TableCell>{i18n.language === 'en-US' && h.DeptEnName ? h.DeptEnName : h.DeptName}</TableCell>
              <TableCell>
                {h.Roles.map((r) => (
                  <Chip key={r.RoleID} size="small" sx={{ mr: 0.5 }}
                    label={r.DeptIDs.length ? `${roleName.get(r.RoleID) ?? r.RoleID}: ${r.DeptIDs.map((d) => deptName.get(d) ?? d).join(', ')}` : (roleName.get(r.RoleID) ?? r.RoleID)} />
                ))}
              </TableCell>
              <TableCell align="right">
                {canAssign && options.data && <Button size="small" onClick={() => setEditing(h)} data-testid={`holder-edit-${h.Account}`}>{t('holders.assign')}</Button>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={list.data?.Total ?? 0} page={page} rowsPerPage={rows} rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_e, p) => setPage(p)} onRowsPerPageChange={(e) => { setRows(Number(e.target.value)); setPage(0); }} />
      {editing && options.data && <HolderRolesDialog holder={editing} options={options.data} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
