import { basicSetsCalls as c, locationSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';
import { branchRef } from './refs.ts';

/** Collection areas (馆藏地) of a branch: storage-area code and whether copies here circulate. */
export const locationResource = defineResource({
  id: 'location',
  ns: 'basic-sets',
  calls: { list: c.locationList, create: c.locationAdd, update: c.locationUpdate, delete: c.locationDelete },
  schema: locationSchema,
  idField: 'ID',
  displayField: 'Name',
  inUse: { field: 'InUse' },
  fields: { ID: { hidden: true }, InUse: { hidden: true }, BranchID: { ref: branchRef } },
});
