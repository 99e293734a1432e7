import { labelCalls as c, relabelRecordSchema } from '../../../shared/api/collection.ts';
import { defineResource } from '../../kit/resource.ts';

/** One label transfer (copy history 'relabel'). */
export const relabelResource = defineResource({
  id: 'relabel',
  ns: 'collection',
  calls: { list: c.history },
  schema: relabelRecordSchema,
  idField: 'ID',
  displayField: 'NewBarcode',
  fields: { ID: { hidden: true }, OldBarcode: { identifier: true }, NewBarcode: { identifier: true } },
});
