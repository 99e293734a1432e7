import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'people' group of shared/spec/routes.json (area admin). */
export const peopleScreens = defineGroup({ area: 'admin', group: 'people', login: true }, {
  '/department/permission/role': () => import('../../features/roles/roles-screen.tsx'),
  '/department/dept-upgrade': () => import('../../features/roles/rollover-screen.tsx'),
  '/department/dept-manage': () => import('../../features/organization/dept-manage-screen.tsx'),
  '/department/user-transfer': () => import('../../features/readers/card-desk-screen.tsx'),
  '/user-transfer': () => import('../../features/readers/reader-list-screen.tsx'),
  '/class': () => import('../../features/organization/class-screen.tsx'),
  '/dept': () => import('../../features/organization/dept-screen.tsx'),
  '/orgdept': () => import('../../features/organization/orgdept-screen.tsx'),
  '/organization': () => import('../../features/organization/organization-screen.tsx'),
  '/semester': () => import('../../features/organization/semester-screen.tsx'),
  '/permission': () => import('../../features/roles/permission-screen.tsx'),
  '/userprint': () => import('../../features/printing/reader-cards-screen.tsx'),
});
