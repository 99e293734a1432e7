import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'loss' group of shared/spec/routes.json (area admin). */
export const lossScreens = defineGroup({ area: 'admin', group: 'loss', login: true }, {
  '/loss': () => import('../../features/loss/loss-screen.tsx'),
  '/loss-register': () => import('../../features/loss/loss-register-screen.tsx'),
  '/loss-handling': () => import('../../features/loss/loss-handling-screen.tsx'),
  '/loss-record': () => import('../../features/loss/loss-record-screen.tsx'),
  '/loss-found': () => import('../../features/loss/loss-found-screen.tsx'),
  '/loss-order-search': () => import('../../features/loss/loss-order-search-screen.tsx'),
});
