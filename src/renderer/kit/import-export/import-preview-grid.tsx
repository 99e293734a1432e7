import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { gridLocaleText } from '../../lib/table-defaults.ts';
import { fieldSpecs } from '../fields/field-spec.ts';
import { formatValue } from '../fields/format-value.ts';
import { messageText } from '../fields/zod-locale.ts';
import type { ResourceLabels } from '../labels.ts';
import type { ResourceDef } from '../resource.ts';
import type { ImportAction, ImportPreview } from '../../../shared/api/import.ts';

const COLOR: Record<ImportAction, 'success' | 'info' | 'error'> = { create: 'success', update: 'info', reject: 'error' };

/**
 * Step 2: every row with what will happen to it and why, filterable by action. The grid is
 * virtualized (fixed height) so a sheet of thousands of rows stays fast.
 */
export function ImportPreviewGrid({ resource: r, labels, preview }: { resource: ResourceDef; labels: ResourceLabels; preview: ImportPreview }) {
  const { t, i18n } = useTranslation(['kit', 'validation']);
  const [filter, setFilter] = useState<ImportAction | 'all'>('all');
  const [pagination, setPagination] = useState({ page: 0, pageSize: 100 });
  const specs = useMemo(() => fieldSpecs(r.schema, r.fields).filter((s) => !s.hidden && preview.Rows.some((row) => s.name in row.Data)), [r, preview]);
  const rows = filter === 'all' ? preview.Rows : preview.Rows.filter((row) => row.Action === filter);
  const reason = (m: string) => messageText(t, i18n.exists, m) ?? m;
  const columns: GridColDef<(typeof rows)[number]>[] = [
    { field: 'RowNo', headerName: t('kit:import.rowNo'), width: 80, type: 'number' },
    {
      field: 'Action', headerName: t('kit:import.action'), width: 110,
      renderCell: ({ row }) => <Chip size="small" color={COLOR[row.Action]} label={t(`kit:import.actions.${row.Action}`)} />,
    },
    { field: 'Reasons', headerName: t('kit:import.reasons.title'), flex: 2, minWidth: 220, valueGetter: (_v, row) => row.Reasons.map(reason).join('; ') },
    ...specs.map((s): GridColDef<(typeof rows)[number]> => ({
      field: `Data.${s.name}`, headerName: labels.field(s.name), flex: 1, minWidth: 120,
      valueGetter: (_v, row) => formatValue(s, row.Data[s.name], labels, (b) => t(b ? 'kit:yes' : 'kit:no')),
    })),
  ];
  const counts = { all: preview.Rows.length, create: preview.Summary.Create, update: preview.Summary.Update, reject: preview.Summary.Reject };
  return (
    <Box data-testid="import-preview">
      {/* Plain buttons (aria-pressed) rather than ToggleButtonGroup: the shell already ships Button. */}
      <Stack direction="row" spacing={1} sx={{ mb: 1 }} role="group" aria-label={t('kit:import.action')}>
        {(['all', 'create', 'update', 'reject'] as const).map((a) => (
          <Button
            key={a}
            size="small"
            variant={filter === a ? 'contained' : 'outlined'}
            color={a === 'all' ? 'primary' : COLOR[a]}
            aria-pressed={filter === a}
            onClick={() => (setFilter(a), setPagination((p) => ({ ...p, page: 0 })))}
            data-testid={`import-count-${a}`}
          >
            {t(a === 'all' ? 'kit:import.all' : `kit:import.actions.${a}`)} {counts[a]}
          </Button>
        ))}
      </Stack>
      <Box sx={{ height: 420 }}>
        <DataGrid
          rows={rows}
          columns={columns}
          getRowId={(row) => row.RowNo}
          density="compact"
          pagination
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[100]}
          disableRowSelectionOnClick
          disableColumnMenu
          localeText={gridLocaleText(i18n.language)}
        />
      </Box>
    </Box>
  );
}
