import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';
import { gridLocaleText, tableDefaults } from '../../lib/table-defaults.ts';
import { EmptyState } from '../states/empty-state.tsx';
import { ErrorState } from '../states/error-state.tsx';

export interface KitGridProps<R extends GridValidRowModel> extends Pick<DataGridProps<R>, 'columns' | 'getRowId'> {
  rows: readonly R[];
  total: number;
  /** False when the gateway stopped counting: there are more than `total` rows (shown "1,000+"). */
  totalExact?: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  pagination: GridPaginationModel;
  onPaginationChange: (m: GridPaginationModel) => void;
  /** Shown instead of rows when the list is empty (e.g. an "add the first" button). */
  emptyAction?: ReactNode;
  testId?: string;
  /** Extra DataGrid props (row editing, row click ...), kept as a typed pass-through instead of more props here. */
  grid?: Partial<DataGridProps<R>>;
}

// Header titles wrap to two lines rather than end in an ellipsis, so a column needs only half its
// title's width (columns.ts sizes them so); the default 56 px header holds two lines.
const WRAPPING_HEADERS = {
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' },
} as const;

/** DataGrid with the spec's paging (server side, 20 a page, 5/10/20/30/40), loading, empty and error states. */
export function KitGrid<R extends GridValidRowModel>({ rows, total, totalExact = true, loading, error, onRetry, pagination, onPaginationChange, emptyAction, testId = 'kit-grid', grid, ...cols }: KitGridProps<R>) {
  const { t, i18n } = useTranslation('kit');
  // An open count: the grid does not know the last page, only that the next one exists while pages
  // come back full (MUI's unknown row count), and the pager says "more than" the count instead of
  // "of". A short page is the last, and then the count is known.
  const hasNextPage = (pagination.page + 1) * pagination.pageSize < total || rows.length === pagination.pageSize;
  const open = !totalExact && hasNextPage && {
    paginationMeta: { hasNextPage },
    localeText: {
      ...gridLocaleText(i18n.language),
      // MUI counts a page of an unknown total as full; the rows say where it really ends.
      paginationDisplayedRows: ({ from }: { from: number }) => {
        const n = new Intl.NumberFormat(i18n.language);
        const to = pagination.page * pagination.pageSize + rows.length;
        return t('grid.moreThan', { from: n.format(from), to: n.format(Math.max(from, to)), count: n.format(total) });
      },
    },
  };
  const rowCount = totalExact ? total : open ? -1 : pagination.page * pagination.pageSize + rows.length;
  if (error && rows.length === 0) return <ErrorState error={error} onRetry={onRetry} />;
  return (
    <Box sx={{ width: '100%' }} data-testid={testId}>
      {error != null && <ErrorState error={error} onRetry={onRetry} />}
      <DataGrid<R>
        rows={rows}
        rowCount={rowCount}
        paginationMeta={open ? open.paginationMeta : undefined}
        loading={loading}
        paginationMode="server"
        paginationModel={pagination}
        onPaginationModelChange={onPaginationChange}
        pageSizeOptions={tableDefaults.pageSizeOptions}
        disableRowSelectionOnClick
        disableColumnMenu
        localeText={open ? open.localeText : gridLocaleText(i18n.language)}
        slots={{ noRowsOverlay: () => <EmptyState action={emptyAction} /> }}
        autoHeight
        {...cols}
        {...grid}
        sx={[WRAPPING_HEADERS, ...(Array.isArray(grid?.sx) ? grid.sx : grid?.sx ? [grid.sx] : [])]}
      />
    </Box>
  );
}

export const firstPage = (): GridPaginationModel => ({ page: 0, pageSize: tableDefaults.pageSize });
