import { basicSetsCalls as c, shelfSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';
import { areaRef, zoneRef } from './refs.ts';

/** Shelves (书架号): code, collection area, shelf area, width in cm, faces, layers, columns. */
export const shelfResource = defineResource({
  id: 'shelf',
  ns: 'basic-sets',
  calls: { list: c.shelfList, create: c.shelfAdd, update: c.shelfUpdate, delete: c.shelfDelete },
  schema: shelfSchema,
  idField: 'ID',
  displayField: 'Code',
  fields: { ID: { hidden: true }, AreaID: { ref: areaRef }, ShelfAreaID: { ref: zoneRef } },
});
