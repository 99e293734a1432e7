import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'smart-shelf' group of shared/spec/routes.json (area admin). */
export const smartShelfScreens = defineGroup({ area: 'admin', group: 'smart-shelf', login: true }, {
  '/Regional-Overview': null,
  '/Area-Mgt': null,
  '/Shelf-Overview': null,
  '/Shelf-Mgt': null,
  '/Grid-Mgt': null,
  '/Book-Columns': null,
  '/Task-Mgt': null,
});
