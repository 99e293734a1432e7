import { captureCalls as c, unionRowSchema } from '../../../shared/api/capture.ts';
import { pageQuerySchema } from '../../../shared/api/paging.ts';
import { defineResource } from '../../kit/resource.ts';

/** One ISBN of the union catalogue (every school on this server), catalogue fields only. */
export const unionRowResource = defineResource({
  id: 'union-row',
  ns: 'capture',
  calls: { list: c.searchUnion },
  schema: unionRowSchema,
  listQuery: pageQuerySchema,
  idField: 'ISBN',
  displayField: 'Title',
  fields: { ISBN: { identifier: true }, Mine: { hidden: true } },
});
