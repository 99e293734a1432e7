import { defineGroup } from '../screen-entry.ts';

const portal = { area: 'portal', group: 'portal', login: false } as const;

/**
 * Routes of the 'portal' group of shared/spec/routes.json (area portal), in blocks by the feature
 * strings they need: a screen loads only its block's namespaces, to keep the portal's first load small.
 */
export const portalScreens = [
  ...defineGroup({ ...portal, namespaces: ['search'] }, {
    '/search': () => import('../../features/search/portal-search-screen.tsx'),
    '/search/newslist': () => import('../../features/search/news-list-screen.tsx'),
    '/search/newsdetail': () => import('../../features/search/news-detail-screen.tsx'),
    '/search/recentnewbook': () => import('../../features/search/new-books-screen.tsx'),
  }),
  // Forms: their messages are in 'validation' (not part of the first load).
  ...defineGroup({ ...portal, namespaces: ['search', 'validation'] }, {
    '/advancedsearch': () => import('../../features/search/advanced-search-screen.tsx'),
  }),
  // A title's page, with the signed-in reader's "place a hold" (features/reader-account).
  ...defineGroup({ ...portal, namespaces: ['search', 'reader-account', 'validation'] }, {
    '/search/book/details': () => import('../compose/portal-title-page.tsx'),
  }),
  // The signed-in reader's own pages (features/reader-account). /user/integral waits for the points rules.
  ...defineGroup({ ...portal, namespaces: ['reader-account', 'validation'] }, {
    '/search/personal': () => import('../compose/portal-personal-page.tsx'),
    '/search/book': () => import('../../features/reader-account/my-loans-screen.tsx'),
    '/user/circulation': () => import('../../features/reader-account/circulation-screen.tsx'),
    '/user/integral': null,
    '/search/recommend': () => import('../../features/reader-account/recommend-screen.tsx'),
  }),
  // Reading themes and activities ('search': the portal frame's own strings).
  ...defineGroup({ ...portal, namespaces: ['search', 'activities', 'validation'] }, {
    '/search/themeList': () => import('../../features/activities/theme-list-screen.tsx'),
    '/search/themeList/details': () => import('../../features/activities/theme-detail-screen.tsx'),
    '/search/themeList/activity-details': () => import('../../features/activities/activity-detail-screen.tsx'),
  }),
  // The library's own pages: pictures, network resources, new-book announcements, hand-off.
  ...defineGroup({ ...portal, namespaces: ['library-info', 'validation'] }, {
    '/search/libpic': () => import('../../features/library-info/gallery-screen.tsx'),
    '/search/NewBookAnnouncement': () => import('../../features/library-info/announcements-screen.tsx'),
    '/search/networkresource': () => import('../../features/library-info/network-resources-screen.tsx'),
    '/transition': () => import('../../features/library-info/transition-screen.tsx'),
  }),
];
