import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CallDef } from '../../../shared/api/contract.ts';
import type { Page } from '../../../shared/api/paging.ts';
import { call } from '../../lib/api-client.ts';
import type { RefSpec } from '../fields/field-spec.ts';
import type { AnyObjectSchema, ResourceDef, RowId } from '../resource.ts';

/**
 * TanStack Query factories for a resource (bulletproof-react's queryOptions, one set for every
 * resource instead of a file per call). Keys: [id] ⊃ [id,'list',query] and [id,'get',rowId],
 * so a mutation invalidates everything of its resource with one key.
 */
// The kit is generic over CallDef; the contract types its inputs per call, so the kit passes them through.
const anyCall = (def: CallDef, input: unknown, opts?: Parameters<typeof call>[2]) => call(def, input as never, opts) as Promise<unknown>;

export const resourceKey = (r: Pick<ResourceDef, 'id'>) => [r.id] as const;

export function listQueryOptions<S extends AnyObjectSchema>(r: ResourceDef<S>, query: Record<string, unknown>) {
  return queryOptions({
    queryKey: [r.id, 'list', query] as const,
    queryFn: ({ signal }) => anyCall(r.calls.list, query, { signal, toast: false }) as Promise<Page<z.output<S>>>,
    placeholderData: keepPreviousData,
  });
}

export function getQueryOptions<S extends AnyObjectSchema>(r: ResourceDef<S>, id: RowId) {
  const def = r.calls.get;
  return queryOptions({
    queryKey: [r.id, 'get', id] as const,
    queryFn: ({ signal }) => {
      if (!def) throw new Error(`${r.id} has no get call`);
      return anyCall(def, r.getInput ? r.getInput(id) : { [r.idField]: id }, { signal, toast: false }) as Promise<z.output<S>>;
    },
  });
}

export function useResourceList<S extends AnyObjectSchema>(r: ResourceDef<S>, query: Record<string, unknown>) {
  return useQuery(listQueryOptions(r, query));
}

export type MutationAction = 'create' | 'update' | 'delete';

/** Errors stay with the caller (shown next to the row or in the form), so no toast here. */
export function useResourceMutation(r: ResourceDef, action: MutationAction) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: unknown) => {
      const def = r.calls[action];
      if (!def) throw new Error(`${r.id} has no ${action} call`);
      return anyCall(def, input, { toast: false });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKey(r) }),
  });
}

/** Options of a reference select: the rows of another list call. */
export function refOptionsQueryOptions(ref: RefSpec) {
  const input = ref.input ?? { Page: 1, Rows: 1000 };
  return queryOptions({
    queryKey: ['ref', ref.call.id, input] as const,
    queryFn: async ({ signal }) => {
      const data = await anyCall(ref.call, input, { signal, toast: false });
      const rows = (Array.isArray(data) ? data : ((data as { List?: unknown[] } | null)?.List ?? [])) as Record<string, unknown>[];
      return rows.map((row) => ({ value: row[ref.value] as string | number, label: String(row[ref.label] ?? row[ref.value]) }));
    },
    staleTime: 60_000,
  });
}

export { anyCall };
