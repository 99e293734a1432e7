import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'reading-other' group of shared/spec/routes.json (area admin). */
export const readingOtherScreens = defineGroup({ area: 'admin', group: 'reading-other', login: true }, {
  '/share-dimension': null,
  '/reading-share': null,
  '/recommended-teacher': null,
  '/donate-book-record': null,
  '/book-positioning': null,
  '/book-inventory': () => import('../../features/stocktaking/book-inventory-screen.tsx'),
  '/reading-clock': null,
  '/isbn-reporting': null,
  '/theme-reading': null,
  '/newbook-announcement': () => import('../../features/library-info/announcement-admin-screen.tsx'),
  '/join-reading': null,
  '/end-reading': null,
  '/entry-exit-records': () => import('../../features/gate/entry-exit-records-screen.tsx'),
  '/service-signin': null,
  '/external-links': () => import('../../features/library-info/external-links-screen.tsx'),
  '/dynamics-museum': null,
  '/notice-list': null,
  '/holiday-management': () => import('../../features/borrow-rules/holiday-screen.tsx'),
  '/smart_bookcase': null,
});
