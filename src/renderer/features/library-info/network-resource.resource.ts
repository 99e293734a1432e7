import { libraryInfoCalls as c, LINKS_PERM, networkResourceSchema } from '../../../shared/api/library-info.ts';
import { defineResource } from '../../kit/resource.ts';

/** The network resources the portal lists (/external-links): e-book platforms, databases, courses. */
export const networkResourceResource = defineResource({
  id: 'network-resource',
  ns: 'library-info',
  calls: { list: c.resourceList, create: c.resourceAdd, update: c.resourceUpdate, delete: c.resourceDelete },
  schema: networkResourceSchema,
  idField: 'ID',
  displayField: 'Name',
  perms: { create: LINKS_PERM, update: LINKS_PERM, delete: LINKS_PERM },
  fields: { ID: { hidden: true }, UpdatedAt: { hidden: true } },
});
