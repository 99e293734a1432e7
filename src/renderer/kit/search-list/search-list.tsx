import type { ReactNode } from 'react';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { z } from 'zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useResourceList } from '../data/resource-queries.ts';
import type { ColumnOverrides } from '../grid/columns.ts';
import { ResourceGrid } from '../grid/resource-grid.tsx';
import { useResourceLabels } from '../labels.ts';
import { listQueryOf, type AnyObjectSchema, type ResourceDef } from '../resource.ts';
import { FilterBar } from './filter-bar.tsx';
import { useUrlListState } from './use-url-list-state.ts';

export interface SearchListConfig<S extends AnyObjectSchema> {
  resource: ResourceDef<S>;
  /** List-query fields shown as filters, in order (default: all but Page/Rows). */
  filters?: readonly string[];
  columns?: readonly (keyof z.output<S> & string)[];
  columnOverrides?: ColumnOverrides;
  slots?: {
    /** A sentence under the heading saying what the list is for. */
    intro?: ReactNode;
    /** Buttons next to Search/Reset; a function gets the current query (to export what is shown). */
    toolbar?: ReactNode | ((query: Record<string, unknown>) => ReactNode);
    rowActions?: (row: z.output<S>) => ReactNode;
    /** The labels of the most buttons a row shows: the actions column is sized to them. */
    rowActionLabels?: readonly string[];
    /** Row click / Enter: open a detail route, a drawer ... */
    onOpen?: (row: z.output<S>) => void;
  };
}

/** A search screen (SearchAndSortQuery): filters ↔ URL ↔ query key [id,'list',query] ↔ paged grid. */
export function SearchList<S extends AnyObjectSchema>({ config }: { config: SearchListConfig<S> }) {
  const { resource: r, slots } = config;
  const labels = useResourceLabels(r);
  const state = useUrlListState(listQueryOf(r));
  const list = useResourceList(r, state.query);
  return (
    <Stack spacing={1.5} data-testid={`search-${r.id}`}>
      <Typography variant="h6" component="h1">{labels.name()}</Typography>
      {slots?.intro && <Typography variant="body2" color="text.secondary">{slots.intro}</Typography>}
      <FilterBar schema={listQueryOf(r)} fields={config.filters} overrides={r.fields} value={state.query} labels={labels} onSearch={state.setFilters} actions={typeof slots?.toolbar === 'function' ? slots.toolbar(state.query) : slots?.toolbar} />
      <ResourceGrid
        resource={r}
        labels={labels}
        list={list}
        pagination={state.pagination}
        onPaginationChange={state.setPagination}
        columns={config.columns}
        columnOverrides={config.columnOverrides}
        rowActions={slots?.rowActions as ((row: GridValidRowModel) => ReactNode) | undefined}
        rowActionLabels={slots?.rowActionLabels}
        onOpen={slots?.onOpen as ((row: GridValidRowModel) => void) | undefined}
      />
    </Stack>
  );
}
