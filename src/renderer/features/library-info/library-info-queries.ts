import { useQuery } from '@tanstack/react-query';
import { libraryInfoCalls as C } from '../../../shared/api/library-info.ts';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * Reads of the library's public pages. Keys carry the school the page answers for (a signed-in
 * user's, else the one the portal chose), so a shared computer that switches school never shows
 * the other school's cached answers.
 */
export function useServedSchool(): number | null {
  const s = useSession();
  return s.user?.SchoolID ?? s.searchSchool;
}

export const libraryInfoKeys = {
  all: ['library-info'] as const,
  profile: (school: number | null) => ['library-info', school, 'profile'] as const,
  resources: (school: number | null) => ['library-info', school, 'resources'] as const,
  published: (school: number | null, page: number) => ['library-info', school, 'published', page] as const,
  announcement: (school: number | null, id: number) => ['library-info', school, 'announcement', id] as const,
  apps: (school: number | null) => ['library-info', school, 'apps'] as const,
};

export function useLibraryProfile() {
  const school = useServedSchool();
  return useQuery({ queryKey: libraryInfoKeys.profile(school), queryFn: () => call(C.getProfile, {}, { toast: false }), enabled: school != null, staleTime: 60_000 });
}

export function useNetworkResources() {
  const school = useServedSchool();
  return useQuery({ queryKey: libraryInfoKeys.resources(school), queryFn: () => call(C.getResources, {}, { toast: false }), enabled: school != null, staleTime: 60_000 });
}

export function usePublishedAnnouncements(page: number) {
  const school = useServedSchool();
  return useQuery({ queryKey: libraryInfoKeys.published(school, page), queryFn: () => call(C.publishedList, { Page: page, Rows: 20 }, { toast: false }), enabled: school != null });
}

export function usePublishedAnnouncement(id: number | null) {
  const school = useServedSchool();
  return useQuery({
    queryKey: libraryInfoKeys.announcement(school, id ?? 0),
    queryFn: () => call(C.publishedGet, { ID: id! }, { toast: false }),
    enabled: school != null && id != null,
    retry: false,
  });
}

/** The installation's apps: the same for every school, so no school is needed. */
export function useHardwareApps() {
  return useQuery({ queryKey: libraryInfoKeys.apps(null), queryFn: () => call(C.hardwareApps, {}, { toast: false }), retry: false });
}

/** The text in the page's language: the English one when there is one, else the school's own. */
export const inLanguage = (lang: string, zh: string, en: string) => (lang === 'en-US' && en.trim() ? en : zh);
