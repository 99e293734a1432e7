import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'people' group of shared/spec/routes.json (area admin). */
export const peopleScreens = defineGroup({ area: 'admin', group: 'people', login: true }, {
  '/department/permission/role': null,
  '/department/dept-upgrade': null,
  '/department/dept-manage': null,
  '/department/user-transfer': null,
  '/user-transfer': null,
  '/class': null,
  '/dept': null,
  '/orgdept': null,
  '/organization': null,
  '/semester': null,
  '/permission': null,
  '/userprint': null,
});
