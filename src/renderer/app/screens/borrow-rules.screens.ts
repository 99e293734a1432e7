import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'borrow-rules' group of shared/spec/routes.json (area admin). */
export const borrowRulesScreens = defineGroup({ area: 'admin', group: 'borrow-rules', login: true }, {
  '/borrow-permission': () => import('../../features/borrow-rules/borrow-permission-screen.tsx'),
  '/borrow-range-mana': () => import('../../features/borrow-rules/borrow-range-screen.tsx'),
});
