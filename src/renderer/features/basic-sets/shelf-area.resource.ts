import { basicSetsCalls as c, shelfAreaSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';
import { areaRef } from './refs.ts';

/** Shelf areas (书架区域): named groups of shelves in a collection area, with their total width. */
export const shelfAreaResource = defineResource({
  id: 'shelf-area',
  ns: 'basic-sets',
  calls: { list: c.shelfAreaList, create: c.shelfAreaAdd, update: c.shelfAreaUpdate, delete: c.shelfAreaDelete },
  schema: shelfAreaSchema,
  idField: 'ID',
  displayField: 'Name',
  inUse: { field: 'InUse' },
  fields: { ID: { hidden: true }, InUse: { hidden: true }, AreaID: { ref: areaRef } },
});
