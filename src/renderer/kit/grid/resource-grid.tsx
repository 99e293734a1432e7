import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColDef, GridPaginationModel, GridValidRowModel } from '@mui/x-data-grid';
import Stack from '@mui/material/Stack';
import type { Page } from '../../../shared/api/paging.ts';
import { fieldSpecs } from '../fields/field-spec.ts';
import type { ResourceLabels } from '../labels.ts';
import type { ResourceDef } from '../resource.ts';
import { actionsColumn, columnsFor, type ColumnOverrides } from './columns.ts';
import { KitGrid } from './kit-grid.tsx';

/** The part of a list query the grid reads (a TanStack useQuery result fits). */
export interface ListResult {
  data?: Page<GridValidRowModel> | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ResourceGridProps {
  resource: ResourceDef;
  labels: ResourceLabels;
  list: ListResult;
  pagination: GridPaginationModel;
  onPaginationChange: (m: GridPaginationModel) => void;
  /** Which entity fields are columns, in order (default: all visible). */
  columns?: readonly string[];
  columnOverrides?: ColumnOverrides;
  /** Slot: buttons at the end of each row. */
  rowActions?: (row: GridValidRowModel) => ReactNode;
  /** The labels of the most buttons a row shows: the actions column is sized to them. */
  rowActionLabels?: readonly string[];
  /** Click or Enter on a row. */
  onOpen?: (row: GridValidRowModel) => void;
  emptyAction?: ReactNode;
}

/** The read-only list of a resource: columns from the entity schema, server paging, a row-actions slot. */
export function ResourceGrid(p: ResourceGridProps) {
  const { t } = useTranslation('kit');
  const { resource: r, rowActions, onOpen } = p;
  const specs = useMemo(() => fieldSpecs(r.schema, r.fields, p.columns), [r, p.columns]);
  const rows = p.list.data?.List ?? [];
  const columns: GridColDef[] = [
    ...columnsFor(specs, p.labels, { overrides: p.columnOverrides, rows, displayField: r.displayField }),
    ...(rowActions
      ? [actionsColumn(t('actions'), { labels: p.rowActionLabels ?? [] }, {
          renderCell: ({ row }: { row: GridValidRowModel }) => (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }} onClick={(e) => e.stopPropagation()}>{rowActions(row)}</Stack>
          ),
        })]
      : []),
  ];
  return (
    <KitGrid
      testId={`list-${r.id}`}
      rows={rows}
      total={p.list.data?.Total ?? 0}
      totalExact={p.list.data?.TotalExact ?? true}
      loading={p.list.isFetching}
      error={p.list.error}
      onRetry={() => void p.list.refetch()}
      pagination={p.pagination}
      onPaginationChange={p.onPaginationChange}
      columns={columns}
      getRowId={(row) => row[r.idField] as string | number}
      emptyAction={p.emptyAction}
      grid={onOpen ? {
        onRowClick: ({ row }) => onOpen(row),
        onCellKeyDown: ({ row, field }, e) => {
          if (e.key === 'Enter' && field !== '__actions') onOpen(row);
        },
        sx: { '& .MuiDataGrid-row': { cursor: 'pointer' } },
      } : undefined}
    />
  );
}
