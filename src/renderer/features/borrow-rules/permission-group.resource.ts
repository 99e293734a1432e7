import { borrowRulesCalls as c, groupRowSchema } from '../../../shared/api/borrow-rules.ts';
import { defineResource } from '../../kit/resource.ts';

/** Permission groups: the kit reads the gateway's own schemas (permissionGroupSchema) for the form. */
export const permissionGroupResource = defineResource({
  id: 'permission-group',
  ns: 'borrow-rules',
  calls: { list: c.getGroups, create: c.addGroup, update: c.updateGroup, delete: c.deleteGroup },
  schema: groupRowSchema,
  idField: 'ID',
  displayField: 'Name',
  inUse: { field: 'InUse' },
  fields: { ID: { hidden: true }, InUse: { hidden: true } },
});
