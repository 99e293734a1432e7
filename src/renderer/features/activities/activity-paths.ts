import type { ActivityState } from '../../../shared/api/activities.ts';

/**
 * Where the activity screens link. The portal and the kiosk show the same themes, activities and
 * book lists, but a kiosk never leaves its own screens (#/guidescreen): each screen names its set.
 */
export interface ActivityPaths {
  list: string;
  /** The kiosk has no theme page. */
  theme: ((id: number) => string) | null;
  activity: (a: { ID: number; State: ActivityState }) => string;
  /** The kiosk gives a task its own page; the portal shows tasks on the activity's page. */
  task: ((activityId: number, taskId: number) => string) | null;
  book: (id: number) => string;
}

export const PORTAL_ACTIVITY_PATHS: ActivityPaths = {
  list: '/search/themeList',
  theme: (id) => `/search/themeList/details?id=${id}`,
  activity: (a) => `/search/themeList/activity-details?id=${a.ID}`,
  task: null,
  book: (id) => `/search/book/details?id=${id}`,
};

export const GUIDE_ACTIVITY_PATHS: ActivityPaths = {
  list: '/guidescreen/schoolactivity',
  theme: null,
  activity: (a) => `/guidescreen/${a.State === 'ended' ? 'activitydetailend' : 'activitydetaildoing'}?id=${a.ID}`,
  task: (activityId, taskId) => `/guidescreen/activitytask?activity=${activityId}&task=${taskId}`,
  book: (id) => `/guidescreen/searchdetail?id=${id}`,
};

/** A positive id from the address, or null (a broken link shows "not found", never a bad call). */
export function idParam(v: string | null): number | null {
  if (v == null || !/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 ? n : null;
}

export function pageParam(v: string | null): number {
  return Math.min(idParam(v) ?? 1, 100_000);
}

export const STATE_FILTERS = ['all', 'doing', 'notStarted', 'ended'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export function stateParam(v: string | null, fallback: StateFilter = 'all'): StateFilter {
  return (STATE_FILTERS as readonly string[]).includes(v ?? '') ? (v as StateFilter) : fallback;
}
