import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'union' group of shared/spec/routes.json (area admin). */
export const unionScreens = defineGroup({ area: 'admin', group: 'union', login: true }, {
  '/union/union-mana': null,
  '/union/search': null,
  '/union/borrow': null,
  '/union/return': null,
  '/union/brrecord': null,
  '/union/borrowlend': null,
});
