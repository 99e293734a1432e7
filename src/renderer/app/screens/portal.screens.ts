import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'portal' group of shared/spec/routes.json (area portal). */
export const portalScreens = defineGroup({ area: 'portal', group: 'portal', login: false, namespaces: ['search'] }, {
  '/search': () => import('../../features/search/portal-search-screen.tsx'),
  '/search/personal': null,
  '/search/book': null,
  '/search/libpic': null,
  '/user/circulation': null,
  '/user/integral': null,
  '/search/book/details': () => import('../../features/search/title-detail-screen.tsx'),
  '/search/recommend': null,
  '/search/newslist': () => import('../../features/search/news-list-screen.tsx'),
  '/search/newsdetail': () => import('../../features/search/news-detail-screen.tsx'),
  '/search/recentnewbook': () => import('../../features/search/new-books-screen.tsx'),
  '/search/NewBookAnnouncement': null,
  '/search/networkresource': null,
  '/search/themeList': null,
  '/search/themeList/details': null,
  '/search/themeList/activity-details': null,
  '/transition': null,
  '/advancedsearch': () => import('../../features/search/advanced-search-screen.tsx'),
});
