import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'ledgers' group of shared/spec/routes.json (area admin). */
export const ledgersScreens = defineGroup({ area: 'admin', group: 'ledgers', login: true }, {
  '/ledger': () => import('../../features/ledgers/ledger-summary-screen.tsx'),
  '/store': () => import('../../features/ledgers/store-screen.tsx'),
  '/singlebatch': () => import('../../features/ledgers/singlebatch-screen.tsx'),
  '/copybatch': () => import('../../features/ledgers/copybatch-screen.tsx'),
  '/singlemultiple': () => import('../../features/ledgers/singlemultiple-screen.tsx'),
  '/copymultiple': () => import('../../features/ledgers/copymultiple-screen.tsx'),
  '/weeding': () => import('../../features/ledgers/weeding-screen.tsx'),
});
