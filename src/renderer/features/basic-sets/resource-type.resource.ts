import { basicSetsCalls as c, resourceTypeSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';

/** Resource (material) types: books, magazines, picture books ...; in use = referenced elsewhere. */
export const resourceTypeResource = defineResource({
  id: 'resource-type',
  ns: 'basic-sets',
  calls: { list: c.resourceTypeList, create: c.resourceTypeAdd, update: c.resourceTypeUpdate, delete: c.resourceTypeDelete },
  schema: resourceTypeSchema,
  idField: 'ID',
  displayField: 'Name',
  inUse: { field: 'InUse' },
  fields: { ID: { hidden: true }, InUse: { hidden: true } },
});
