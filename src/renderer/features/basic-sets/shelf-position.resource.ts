import { basicSetsCalls as c, shelfPositionSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';
import { shelfRef } from './refs.ts';

/** Shelf positions (架位号): listed and deleted here, created in batches by the generate dialog. */
export const shelfPositionResource = defineResource({
  id: 'shelf-position',
  ns: 'basic-sets',
  calls: { list: c.positionList, delete: c.positionDelete },
  schema: shelfPositionSchema,
  idField: 'ID',
  displayField: 'Code',
  fields: { ID: { hidden: true }, ShelfID: { ref: shelfRef } },
});
