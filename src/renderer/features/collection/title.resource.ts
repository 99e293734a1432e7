import { catalogueListQuery, titleCalls as c, titleRowSchema, COLLECTION_PERMS } from '../../../shared/api/collection.ts';
import { defineResource } from '../../kit/resource.ts';

/** Titles of the catalogue; created by the cataloguing screens, edited and (when empty) deleted here. */
export const titleResource = defineResource({
  id: 'title',
  ns: 'collection',
  calls: { list: c.list, update: c.update, delete: c.delete },
  schema: titleRowSchema,
  listQuery: catalogueListQuery,
  idField: 'ID',
  displayField: 'Title',
  perms: { update: COLLECTION_PERMS.edit, delete: COLLECTION_PERMS.delete },
  inUse: { field: 'Copies' },
  fields: { ID: { hidden: true }, ISBN: { identifier: true }, CallNo: { identifier: true } },
});
