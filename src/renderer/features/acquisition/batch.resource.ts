import { acquisitionCalls as c, batchCopiesQuery, batchCopySchema, batchSchema } from '../../../shared/api/acquisition.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { defineResource } from '../../kit/resource.ts';

/** Acquisition batches (/batch): list with computed totals, the full entity from GetBatchInfo for the form. */
export const batchResource = defineResource({
  id: 'batch',
  ns: 'acquisition',
  calls: { list: c.getBatchList, get: c.getBatchInfo, create: c.addBatch, update: c.updateBatch, delete: c.deleteBatch },
  schema: batchSchema,
  idField: 'ID',
  displayField: 'BatchNo',
  inUse: { field: 'InUse' },
  fields: {
    ID: { hidden: true },
    InUse: { hidden: true },
    UpdateTime: { hidden: true },
    BranchEnName: { hidden: true },
    ResourceTypeEnName: { hidden: true },
    BranchID: { ref: { call: basicSetsCalls.branchList, value: 'ID', label: 'Name' } },
    ResourceTypeID: { ref: { call: basicSetsCalls.resourceTypeList, value: 'ID', label: 'Name' } },
    BatchNo: { identifier: true },
  },
});

/** The copies of one batch (read straight from the tables by GetBatchCopies), for the detail's copies dialog. */
export const batchCopyResource = defineResource({
  id: 'batch-copy',
  ns: 'acquisition',
  calls: { list: c.getBatchCopies },
  schema: batchCopySchema,
  listQuery: batchCopiesQuery,
  idField: 'ID',
  displayField: 'Barcode',
  fields: { ID: { hidden: true }, BranchEnName: { hidden: true }, Barcode: { identifier: true }, CallNo: { identifier: true } },
});
