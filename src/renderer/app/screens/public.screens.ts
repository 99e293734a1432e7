import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'no-login' group of shared/spec/routes.json (area public). */
export const publicScreens = defineGroup({ area: 'public', group: 'no-login', login: false }, {
  '/callback': () => import('../../features/auth/callback-screen.tsx'),
  '/callbacksearch': () => import('../../features/auth/callback-search-screen.tsx'),
  '/bridge': () => import('../../features/connect/bridge-screen.tsx'),
  '/401': () => import('../../features/errors/unauthorized-screen.tsx'),
  '/statistic': () => import('../../features/search/library-figures-screen.tsx'),
  '/libraryinfo': () => import('../compose/library-info-page.tsx'),
  '/connect/oauth': null,
  '/connect/unoauth': () => import('../../features/connect/connected-apps-screen.tsx'),
  '/checkversion': () => import('../../features/library-info/check-version-screen.tsx'),
  '/auth': () => import('../../features/auth/auth-screen.tsx'),
  '/searchauth': () => import('../../features/auth/search-auth-screen.tsx'),
  '/barcode-prepriting-view': () => import('../../features/printing/preprint-view-screen.tsx'),
  '/inoutstatisticiframe': () => import('../compose/door-counts-page.tsx'),
  '/department/user-transferr': () => import('../../features/readers/card-status-check-screen.tsx'),
});
