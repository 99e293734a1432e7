import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityCalls as C, type ActivityState } from '../../../shared/api/activities.ts';
import type { CallInput } from '../../../shared/api/contract.ts';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * Reads of themes, activities and entries. Keys carry the school: a kiosk or a shared computer
 * that switches school never shows the other school's cached answers.
 */
function useSchool(): number | null {
  const s = useSession();
  return s.user?.SchoolID ?? s.searchSchool;
}

const keys = {
  all: ['activities'] as const,
  themes: (school: number | null, q: object) => ['activities', school, 'themes', q] as const,
  list: (school: number | null, q: object) => ['activities', school, 'list', q] as const,
  info: (school: number | null, id: number) => ['activities', school, 'info', id] as const,
  entries: (school: number | null, q: object) => ['activities', school, 'entries', q] as const,
};

export function useThemes(q: { Page: number; Rows: number; ID?: number }) {
  const school = useSchool();
  return useQuery({
    queryKey: keys.themes(school, q),
    queryFn: () => call(C.themeList, q, { toast: false }),
    enabled: school != null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useActivities(q: { Page: number; Rows: number; ThemeID?: number; State?: ActivityState }) {
  const school = useSchool();
  return useQuery({
    queryKey: keys.list(school, q),
    queryFn: () => call(C.activityList, q, { toast: false }),
    enabled: school != null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useActivityInfo(id: number | null) {
  const school = useSchool();
  return useQuery({
    queryKey: keys.info(school, id ?? 0),
    // The screen says "not found" in place; no toast on top of it.
    queryFn: () => call(C.activityInfo, { ID: id! }, { toast: false }),
    enabled: id != null && school != null,
    staleTime: 30_000,
  });
}

/** Entries of a theme or of an activity, newest first. */
export function useEntries(of: { themeId: number } | { activityId: number } | null, page: number, rows: number) {
  const school = useSchool();
  return useQuery({
    queryKey: keys.entries(school, { ...of, page, rows }),
    queryFn: () => (of != null && 'themeId' in of
      ? call(C.submitsByTheme, { ThemeID: of.themeId, Page: page, Rows: rows }, { toast: false })
      : call(C.submitsByActivity, { ActivityID: (of as { activityId: number }).activityId, Page: page, Rows: rows }, { toast: false })),
    enabled: of != null && school != null,
    placeholderData: keepPreviousData,
  });
}

/** The signed-in reader's entry; the activity's counts and entry lists are read again. */
export function useSubmitEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof C.submit>) => call(C.submit, input, { toast: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
