import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { borrowRulesCalls as c, type AssignmentRow } from '../../../shared/api/borrow-rules.ts';
import { call } from '../../lib/api-client.ts';
import { actionsColumn } from '../../kit/grid/columns.ts';
import { gridLocaleText, toPageQuery } from '../../lib/table-defaults.ts';
import { AssignmentAddForm } from './assignment-add-form.tsx';
import { EffectiveLimitsPanel } from './effective-limits-panel.tsx';
import { BorrowVerifySetting } from './borrow-verify-setting.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';

/** /borrow-range-mana: which readers, classes, grades, departments or identities belong to which group. */
export default function BorrowRangeScreen() {
  const { t, i18n } = useTranslation(['borrow-rules', 'kit']);
  const qc = useQueryClient();
  const canEdit = useCanOp('rules.assign.edit');
  const groups = useQuery({ queryKey: ['borrow-rules', 'groups-all'], queryFn: () => call(c.getGroups, { Rows: 1000 }) });
  const settings = useQuery({ queryKey: ['borrow-rules', 'settings'], queryFn: () => call(c.getSettings, {}) });
  const [chosen, setChosen] = useState<string | null>(null);
  const groupId = chosen ?? groups.data?.List[0]?.ID ?? null;
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 20 });
  const listKey = ['borrow-rules', 'assignments', groupId, pagination] as const;
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => call(c.getAssignments, { GroupID: groupId ?? undefined, ...toPageQuery(pagination) }),
    enabled: groupId != null,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['borrow-rules'] });
  const del = useMutation({ mutationFn: (id: string) => call(c.deleteAssignments, { IDs: [id] }), onSuccess: refresh });
  const combined = useMutation({ mutationFn: (on: boolean) => call(c.saveSettings, { CombinedBorrowing: on }), onSuccess: refresh });

  const columns: GridColDef<AssignmentRow>[] = [
    { field: 'Kind', headerName: t('range.kind'), width: 120, valueFormatter: (v: string) => t(`range.kinds.${v}`) },
    { field: 'TargetName', headerName: t('range.target'), flex: 1, minWidth: 200, valueGetter: (_v, row) => (row.Kind === 'identity' ? t(`range.identities.${row.TargetID}`) : row.TargetName) },
    ...(canEdit ? [actionsColumn(t('kit:actions'), { labels: [t('range.remove')] }, {
      renderCell: ({ row }: { row: AssignmentRow }) => <Button size="small" color="error" disabled={del.isPending} onClick={() => del.mutate(row.ID)} data-testid={`assign-delete-${row.ID}`}>{t('range.remove')}</Button>,
    }) as GridColDef<AssignmentRow>] : []),
  ];

  return (
    <>
      <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
        <Typography variant="h6" component="h1">{t('range.title')}</Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <FormControlLabel
            control={<Switch checked={settings.data?.CombinedBorrowing ?? false} disabled={!canEdit || combined.isPending || !settings.data} onChange={(e) => combined.mutate(e.target.checked)} slotProps={{ input: { 'data-testid': 'combined-switch' } as object }} />}
            label={t('range.combined')}
          />
          <Typography variant="caption" component="p" color="text.secondary">{t('range.combinedHelp')}</Typography>
          <BorrowVerifySetting canEdit={canEdit} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              select size="small" label={t('range.group')} value={groupId ?? ''} sx={{ maxWidth: 360 }}
              onChange={(e) => { setChosen(e.target.value); setPagination((p) => ({ ...p, page: 0 })); }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'range-group' } as object } }}
            >
              {(groups.data?.List ?? []).map((g) => (
                <MenuItem key={g.ID} value={g.ID}>{(i18n.language === 'en-US' && g.EnName ? g.EnName : g.Name) + (g.IsDefault ? ` (${t('range.default')})` : '')}</MenuItem>
              ))}
            </TextField>
            {groupId && canEdit && <AssignmentAddForm groupId={groupId} onAdded={refresh} />}
            <DataGrid
              data-testid="assign-grid"
              rows={list.data?.List ?? []}
              getRowId={(r) => r.ID}
              columns={columns}
              rowCount={list.data?.Total ?? 0}
              loading={list.isFetching}
              paginationMode="server"
              paginationModel={pagination}
              onPaginationModelChange={setPagination}
              pageSizeOptions={[5, 10, 20, 30, 40]}
              localeText={gridLocaleText(i18n.language)}
              disableRowSelectionOnClick
              autoHeight
            />
          </Stack>
        </Paper>
        <EffectiveLimitsPanel groups={groups.data?.List ?? []} />
      </Stack>
    </>
  );
}
