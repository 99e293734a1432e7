import { z } from 'zod';
import { basicSetsCalls as c, resourceAccessSchema } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';

/**
 * Resource access: per resource type, which reader identities may borrow it and whether the
 * public portal shows it. Rows are the resource types, so there is no add or delete here.
 */
export const resourceAuthResource = defineResource({
  id: 'resource-auth',
  ns: 'basic-sets',
  calls: { list: c.resourceAuthList, update: c.resourceAuthUpdate },
  schema: resourceAccessSchema,
  // The editable columns: the switches (the type's name is shown read-only).
  createSchema: z.object({
    BorrowTeacher: z.boolean(), BorrowStudent: z.boolean(), BorrowParent: z.boolean(), BorrowOther: z.boolean(), PortalVisible: z.boolean(),
  }),
  idField: 'ID',
  displayField: 'Name',
  fields: { ID: { hidden: true } },
});
