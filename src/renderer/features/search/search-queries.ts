import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { searchCalls, CatalogueQuery, ComplexQuery } from '../../../shared/api/search.ts';
import type { CallData, CallDef, CallInput } from '../../../shared/api/contract.ts';
import type { CallOptions } from '../../lib/api-client.ts';
import { usePortalSchool } from './portal-school.tsx';

/**
 * The reader-facing catalogue reads. Keys carry the school: a kiosk or a shared computer that
 * switches school never shows the other school's cached answers. Results keep the previous page
 * on screen while the next one loads (typing, paging, ticking a facet), so the list never blinks.
 */
type SearchCalls = typeof searchCalls;

/**
 * The client, zod and the contract load with the first query rather than with the portal's first
 * screen, which paints its frame and search box while they come (its first-load budget).
 */
async function searchCall<C extends CallDef>(pick: (calls: SearchCalls) => C, input: CallInput<C>, opts?: CallOptions): Promise<CallData<C>> {
  const [{ call }, { searchCalls: calls }] = await Promise.all([import('../../lib/api-client.ts'), import('../../../shared/api/search.ts')]);
  return call(pick(calls), input, opts);
}

export const searchKeys = {
  all: ['search'] as const,
  catalogue: (school: number | null, q: CatalogueQuery) => ['search', school, 'catalogue', q] as const,
  complex: (school: number | null, q: ComplexQuery) => ['search', school, 'complex', q] as const,
  detail: (school: number | null, id: number) => ['search', school, 'detail', id] as const,
  recommend: (school: number | null, kind: 'hot' | 'new', rows: number, days?: number) => ['search', school, 'recommend', kind, rows, days ?? null] as const,
  figures: (school: number | null) => ['search', school, 'figures'] as const,
  classes: (school: number | null, parent: string) => ['search', school, 'classes', parent] as const,
  bulletins: (school: number | null, page: number, rows: number) => ['search', school, 'bulletins', page, rows] as const,
  bulletin: (school: number | null, id: number) => ['search', school, 'bulletin', id] as const,
  hotWords: (school: number | null) => ['search', school, 'hotWords'] as const,
};

/** `enabled: false` keeps it idle (a screen that starts the search before its results' chunk is in). */
export function useCatalogueSearch(q: CatalogueQuery, enabled = true) {
  const school = usePortalSchool();
  return useQuery({
    queryKey: searchKeys.catalogue(school, q),
    queryFn: ({ signal }) => searchCall((C) => C.catalogue, q, { signal }),
    enabled: enabled && school != null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useComplexSearch(q: ComplexQuery | null) {
  const school = usePortalSchool();
  return useQuery({
    queryKey: searchKeys.complex(school, q ?? { Conditions: [], Page: 1, Rows: 20 }),
    queryFn: ({ signal }) => searchCall((C) => C.complexCatalogue, q!, { signal }),
    enabled: q != null && school != null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useTitleDetail(id: number | null) {
  const school = usePortalSchool();
  return useQuery({
    queryKey: searchKeys.detail(school, id ?? 0),
    // The screen says "not found" in place; no toast on top of it.
    queryFn: () => searchCall((C) => C.catalogueDetail, { ItemID: id! }, { toast: false }),
    enabled: id != null && school != null,
  });
}

export function useRecommended(kind: 'hot' | 'new', rows: number, days?: number) {
  const school = usePortalSchool();
  return useQuery({
    queryKey: searchKeys.recommend(school, kind, rows, days),
    queryFn: () => searchCall((C) => C.recommend, { Kind: kind, Rows: rows, ...(days ? { Days: days } : {}) }),
    enabled: school != null,
    staleTime: 5 * 60_000,
  });
}

export function useLibraryFigures() {
  const school = usePortalSchool();
  return useQuery({ queryKey: searchKeys.figures(school), queryFn: () => searchCall((C) => C.statfile, {}), enabled: school != null, staleTime: 5 * 60_000 });
}

export function useClasses(parent: string) {
  const school = usePortalSchool();
  return useQuery({ queryKey: searchKeys.classes(school, parent), queryFn: () => searchCall((C) => C.classify, { ParentCode: parent }), enabled: school != null, staleTime: 5 * 60_000 });
}

export function useBulletins(page: number, rows: number) {
  const school = usePortalSchool();
  return useQuery({
    queryKey: searchKeys.bulletins(school, page, rows),
    queryFn: () => searchCall((C) => C.bulletinCatalog, { Page: page, Rows: rows }),
    enabled: school != null,
    placeholderData: keepPreviousData,
  });
}

export function useBulletin(id: number | null) {
  const school = usePortalSchool();
  return useQuery({ queryKey: searchKeys.bulletin(school, id ?? 0), queryFn: () => searchCall((C) => C.bulletinContent, { ID: id! }, { toast: false }), enabled: id != null && school != null });
}

/** The words under the search box, as the library set them up on /search-mana. */
export function useHotWords() {
  const school = usePortalSchool();
  return useQuery({ queryKey: searchKeys.hotWords(school), queryFn: async () => {
      const [{ call }, { searchAdminCalls }] = await Promise.all([import('../../lib/api-client.ts'), import('../../../shared/api/search-admin.ts')]);
      return call(searchAdminCalls.getPortalHotWords, {});
    }, enabled: school != null, staleTime: 5 * 60_000 });
}
