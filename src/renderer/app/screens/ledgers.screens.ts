import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'ledgers' group of shared/spec/routes.json (area admin). */
export const ledgersScreens = defineGroup({ area: 'admin', group: 'ledgers', login: true }, {
  '/ledger': null,
  '/store': null,
  '/singlebatch': null,
  '/copybatch': null,
  '/singlemultiple': null,
  '/copymultiple': null,
  '/weeding': null,
});
