import { allocationCalls as c, allocationRecordSchema } from '../../../shared/api/allocation.ts';
import { defineResource } from '../../kit/resource.ts';

/** One move of one copy (copy history 'allocate'). */
export const allocationRecordResource = defineResource({
  id: 'allocation-record',
  ns: 'allocation',
  calls: { list: c.records },
  schema: allocationRecordSchema,
  idField: 'ID',
  displayField: 'Barcode',
  fields: { ID: { hidden: true }, FromStorage: { hidden: true }, ToStorage: { hidden: true }, Barcode: { identifier: true } },
});
