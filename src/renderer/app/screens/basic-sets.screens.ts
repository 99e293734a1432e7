import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'basic-sets' group of shared/spec/routes.json (area admin). */
export const basicSetsScreens = defineGroup({ area: 'admin', group: 'basic-sets', login: true }, {
  '/resource-mana/basic-set/branch': null,
  '/resource-mana/basic-Set/resource-type': null,
  '/resource-mana/basic-set/resource-auth': null,
  '/resource-mana/basic-set/location': null,
  '/resource-mana/basic-set/location-num-pos': null,
  '/resource-mana/basic-set/location-num': null,
  '/bookshelf-area': null,
  '/library/basic-info': null,
});
