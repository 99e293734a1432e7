import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'magazines' group of shared/spec/routes.json (area admin). */
export const magazinesScreens = defineGroup({ area: 'admin', group: 'magazines', login: true }, {
  '/magazine': null,
  '/magazine-two': null,
  '/magazine-order': null,
  '/magazine-rowto': null,
  '/magazine-statistics': null,
  '/magazine-reorder': null,
  '/magazine-bound': null,
  '/magazine-subscription': null,
  '/magazine-subscription2': null,
  '/magazinelibrary': null,
});
