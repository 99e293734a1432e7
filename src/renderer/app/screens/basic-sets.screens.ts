import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'basic-sets' group of shared/spec/routes.json (area admin). */
export const basicSetsScreens = defineGroup({ area: 'admin', group: 'basic-sets', login: true }, {
  '/resource-mana/basic-set/branch': () => import('../../features/basic-sets/branch-screen.tsx'),
  '/resource-mana/basic-Set/resource-type': () => import('../../features/basic-sets/resource-type-screen.tsx'),
  '/resource-mana/basic-set/resource-auth': () => import('../../features/basic-sets/resource-auth-screen.tsx'),
  '/resource-mana/basic-set/location': () => import('../../features/basic-sets/location-screen.tsx'),
  '/resource-mana/basic-set/location-num-pos': () => import('../../features/basic-sets/shelf-position-screen.tsx'),
  '/resource-mana/basic-set/location-num': () => import('../../features/basic-sets/shelf-screen.tsx'),
  '/bookshelf-area': () => import('../../features/basic-sets/shelf-area-screen.tsx'),
  '/library/basic-info': () => import('../compose/basic-info-page.tsx'),
});
