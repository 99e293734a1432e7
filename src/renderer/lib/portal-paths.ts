/**
 * Where /transition and /bridge may forward: a path of the portal (its address bar's hash part), never
 * another site. `to` is parsed against a placeholder origin: anything that leaves it (//host,
 * https:, javascript:, backslashes) or names a path outside the portal is refused.
 */
const PORTAL_PATHS = [
  '/search', '/search/book/details', '/search/newslist', '/search/newsdetail', '/search/recentnewbook', '/advancedsearch',
  '/search/personal', '/search/book', '/user/circulation', '/search/recommend', '/search/themeList', '/search/themeList/details',
  '/search/themeList/activity-details', '/search/libpic', '/search/NewBookAnnouncement', '/search/networkresource', '/libraryinfo', '/statistic',
];
const ORIGIN = 'http://portal.invalid';

export function safePortalPath(to: string | null): string | null {
  if (!to) return '/search';
  if (to.length > 500 || !to.startsWith('/') || to.startsWith('//') || /[\\\s]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || !PORTAL_PATHS.includes(url.pathname)) return null;
  // The school comes from the hand-off itself, not from the target.
  url.searchParams.delete('school');
  return url.pathname + url.search;
}
