import { basicSetsCalls as c, branchSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';

/** Branch libraries (分馆): a branch with collection areas or copies cannot be deleted. */
export const branchResource = defineResource({
  id: 'branch',
  ns: 'basic-sets',
  calls: { list: c.branchList, create: c.branchAdd, update: c.branchUpdate, delete: c.branchDelete },
  schema: branchSchema,
  idField: 'ID',
  displayField: 'Name',
  inUse: { field: 'InUse' },
  fields: { ID: { hidden: true }, InUse: { hidden: true } },
});
