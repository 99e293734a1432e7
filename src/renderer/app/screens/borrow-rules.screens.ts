import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'borrow-rules' group of shared/spec/routes.json (area admin). */
export const borrowRulesScreens = defineGroup({ area: 'admin', group: 'borrow-rules', login: true }, {
  '/borrow-permission': null,
  '/borrow-range-mana': null,
});
