import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jobCalls, JobState, type Job } from '../../../shared/api/jobs.ts';
import { PROGRESS_POLL_MS, TASK_LIST_STATE } from '../../../shared/domain/ui-constants.ts';
import { call } from '../../lib/api-client.ts';
import { downloadJobFile } from '../../lib/download-job-file.ts';
import { gridLocaleText, taskListTableDefaults, toPageQuery } from '../../lib/table-defaults.ts';
import { JOBS_QUERY_KEY } from '../../lib/use-start-job.ts';

const STATES = [0, JobState.running, JobState.done, JobState.failed, JobState.stopped] as const;

const percent = (j: Job) => (j.DataCount > 0 ? Math.min(100, Math.floor((j.Progress / j.DataCount) * 100)) : j.State === JobState.done ? 100 : 0);

/** /process: the download-task list (5 rows a page, State 1 by default, filters SearchKey/State). */
export default function ProcessScreen() {
  const { t, i18n } = useTranslation('process');
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<{ SearchKey: string; State: number }>({ SearchKey: '', State: TASK_LIST_STATE });
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: taskListTableDefaults.pageSize });

  const input = { ...toPageQuery(pagination), ...(filters.SearchKey ? { SearchKey: filters.SearchKey } : {}), ...(filters.State ? { State: filters.State } : {}) };
  const list = useQuery({
    queryKey: [...JOBS_QUERY_KEY, 'list', input],
    queryFn: () => call(jobCalls.getProgressList, input),
    placeholderData: keepPreviousData,
    // Running jobs move: refresh the page while any is running.
    refetchInterval: (q) => (q.state.data?.List.some((j) => j.State === JobState.running) ? PROGRESS_POLL_MS : false),
  });
  const stop = useMutation({
    mutationFn: (dataId: string) => call(jobCalls.stopProgress, { DataID: dataId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });

  const columns: GridColDef<Job>[] = [
    { field: 'FileName', headerName: t('columns.fileName'), flex: 2, minWidth: 180, sortable: false },
    { field: 'OperationType', headerName: t('columns.operationType'), flex: 1, minWidth: 120, sortable: false },
    {
      field: 'Progress', headerName: t('columns.progress'), flex: 1.5, minWidth: 180, sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <LinearProgress variant="determinate" value={percent(row)} sx={{ flex: 1 }} />
          <Typography variant="caption">{percent(row)}%</Typography>
        </Stack>
      ),
    },
    { field: 'State', headerName: t('columns.state'), width: 110, sortable: false, valueFormatter: (v: number) => t(`states.${v}`) },
    { field: 'CreateTime', headerName: t('columns.createTime'), width: 170, sortable: false, valueFormatter: (v: string) => v.replace('T', ' ').slice(0, 19) },
    {
      field: 'actions', headerName: t('columns.actions'), width: 160, sortable: false,
      renderCell: ({ row }) =>
        row.ResultFile ? (
          <Link
            component="button"
            type="button"
            variant="body2"
            data-testid={`process-download-${row.DataID}`}
            onClick={() => void downloadJobFile(row).catch(() => {})}
          >
            {t('download')}
          </Link>
        ) : row.State === JobState.running ? (
          <Button size="small" color="warning" onClick={() => stop.mutate(row.DataID)} data-testid={`process-stop-${row.DataID}`}>
            {t('stop')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h1">{t('title')}</Typography>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters((f) => ({ ...f, SearchKey: search.trim() }));
          setPagination((p) => ({ ...p, page: 0 }));
        }}
      >
        <TextField size="small" label={t('searchKey')} value={search} onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'process-search' } }} />
        <TextField
          select
          size="small"
          label={t('columns.state')}
          value={filters.State}
          onChange={(e) => {
            setFilters((f) => ({ ...f, State: Number(e.target.value) }));
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'process-state' } }}
        >
          {STATES.map((s) => (
            <MenuItem key={s} value={s}>{t(`states.${s}`)}</MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained">{t('search')}</Button>
      </Stack>
      <Box sx={{ width: '100%' }} data-testid="process-grid">
        <DataGrid
          rows={list.data?.List ?? []}
          columns={columns}
          getRowId={(r) => r.ID}
          rowCount={list.data?.Total ?? 0}
          loading={list.isFetching && !list.data}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={taskListTableDefaults.pageSizeOptions}
          disableRowSelectionOnClick
          localeText={gridLocaleText(i18n.language)}
          disableColumnMenu
          autoHeight
        />
      </Box>
    </Stack>
  );
}
