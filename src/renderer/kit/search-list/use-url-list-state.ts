import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { z } from 'zod';
import { tableDefaults } from '../../lib/table-defaults.ts';
import { parseQuery, toParams } from './url-query.ts';

/**
 * The list query of a screen, read from and written to the hash route's query string, so a
 * reload, a bookmark or the back button restore the same filters and page.
 */
export function useUrlListState(schema: z.ZodObject) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseQuery(schema, params), [schema, params]);
  const set = (patch: Record<string, unknown>) => setParams(toParams(schema, { ...query, ...patch }));
  const pagination: GridPaginationModel = {
    page: Math.max(0, Number(query.Page ?? 1) - 1),
    pageSize: Number(query.Rows ?? tableDefaults.pageSize),
  };
  return {
    query,
    /** New filters start again at page 1. */
    setFilters: (filters: Record<string, unknown>) => set({ ...filters, Page: 1 }),
    setPagination: (m: GridPaginationModel) => set({ Page: m.page + 1, Rows: m.pageSize }),
    pagination,
  };
}
