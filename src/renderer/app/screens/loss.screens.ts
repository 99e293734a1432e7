import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'loss' group of shared/spec/routes.json (area admin). */
export const lossScreens = defineGroup({ area: 'admin', group: 'loss', login: true }, {
  '/loss': null,
  '/loss-register': null,
  '/loss-handling': null,
  '/loss-record': null,
  '/loss-found': null,
  '/loss-order-search': null,
});
