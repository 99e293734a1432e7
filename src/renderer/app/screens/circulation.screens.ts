import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'circulation' group of shared/spec/routes.json (area admin). */
export const circulationScreens = defineGroup({ area: 'admin', group: 'circulation', login: true }, {
  '/surrency/search-records': () => import('../../features/circulation/records-search-screen.tsx'),
  '/surrency/br-records': () => import('../../features/circulation/records-log-screen.tsx'),
  '/surrency/parents-br-records': () => import('../../features/circulation/family-records-screen.tsx'),
  '/surrency/no-return': () => import('../../features/circulation/records-no-return-screen.tsx'),
  '/surrency/parents-no-return': () => import('../../features/circulation/family-no-return-screen.tsx'),
  '/surrency/borrow': () => import('../../features/circulation/borrow-screen.tsx'),
  '/surrency/return': () => import('../../features/circulation/return-screen.tsx'),
  '/surrency/renew': () => import('../../features/circulation/renew-screen.tsx'),
  '/batchborrow': () => import('../../features/circulation/batch-borrow-screen.tsx'),
  '/batchreturn': () => import('../../features/circulation/batch-return-screen.tsx'),
  '/batchdata': () => import('../../features/circulation/batch-data-screen.tsx'),
  '/batchcondition': () => import('../../features/circulation/batch-condition-screen.tsx'),
  '/batchpsw': () => import('../../features/circulation/batch-password-screen.tsx'),
  '/batchpsw2': () => import('../../features/circulation/batch-pin-screen.tsx'),
  '/deferred-return': () => import('../../features/circulation/deferred-return-screen.tsx'),
  '/recall': () => import('../../features/circulation/recall-screen.tsx'),
  '/surrency/borrow-history-book': () => import('../../features/circulation/records-book-history-screen.tsx'),
  '/surrency/borrow-history-reader': () => import('../../features/circulation/records-reader-history-screen.tsx'),
  '/reservation': () => import('../../features/holds/reservation-screen.tsx'),
  '/recommendation': () => import('../../features/recommendations/recommendations-screen.tsx'),
  '/signrecord': () => import('../../features/sign-records/sign-records-screen.tsx'),
  '/booklist': () => import('../../features/booklists/booklists-screen.tsx'),
  '/volunteer': () => import('../../features/volunteers/volunteers-screen.tsx'),
  '/search-mana': () => import('../../features/search-admin/search-admin-screen.tsx'),
});
