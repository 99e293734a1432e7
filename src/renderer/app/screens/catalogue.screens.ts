import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'catalogue' group of shared/spec/routes.json (area admin). */
export const catalogueScreens = defineGroup({ area: 'admin', group: 'catalogue', login: true }, {
  '/resource-mana/resource/catalog': () => import('../../features/collection/catalogue-screen.tsx'),
  '/allocation': () => import('../../features/allocation/allocation-screen.tsx'),
  '/allocation-record': () => import('../../features/allocation/allocation-record-screen.tsx'),
  '/allocation-scan': () => import('../../features/allocation/allocation-scan-screen.tsx'),
  '/book-editing-rule': () => import('../compose/editing-rule-page.tsx'),
  '/book-editing1': () => import('../compose/quick-cataloguing-desk.tsx'),
  '/book-editing2': () => import('../../features/catalogue/full-cataloguing-screen.tsx'),
  '/book-editing3': () => import('../../features/catalogue/list-cataloguing-screen.tsx'),
  '/bulk-editing': () => import('../../features/collection/bulk-editing-screen.tsx'),
  '/delete-records-bulk': () => import('../../features/collection/bulk-delete-screen.tsx'),
  '/batch': () => import('../../features/acquisition/batch-screen.tsx'),
  '/resource-mana/resource/collection': () => import('../../features/collection/collection-screen.tsx'),
  '/resource-mana/resource/label-transfer': () => import('../../features/collection/label-transfer-screen.tsx'),
  '/resource-mana/resource/marc-export': () => import('../../features/marc/marc-export-screen.tsx'),
  '/resource-mana/resource/marc-import': () => import('../../features/marc/marc-import-screen.tsx'),
  '/resource-mana/resource/marc-catalog-import': () => import('../../features/marc/marc-catalog-import-screen.tsx'),
  '/newbook-duplicate-check': () => import('../../features/catalogue/duplicate-check-screen.tsx'),
  '/callnumber-search': () => import('../../features/catalogue/callnumber-search-screen.tsx'),
  '/union-catalog': () => import('../../features/capture/union-catalogue-screen.tsx'),
});
