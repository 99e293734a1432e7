import { collectionCalls as c, collectionQuery, COLLECTION_PERMS } from '../../../shared/api/collection.ts';
import { copyRowSchema } from '../../../shared/api/copy-row.ts';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import { acquisitionCalls } from '../../../shared/api/acquisition.ts';
import { defineResource } from '../../kit/resource.ts';

/** Copies of the collection; deletion has its own action (it reports refusals copy by copy). */
export const copyResource = defineResource({
  id: 'copy',
  ns: 'collection',
  calls: { list: c.list, update: c.update },
  schema: copyRowSchema,
  listQuery: collectionQuery,
  idField: 'ID',
  displayField: 'Barcode',
  perms: { update: COLLECTION_PERMS.edit },
  fields: {
    ID: { hidden: true }, TitleID: { hidden: true }, BranchEnName: { hidden: true }, AreaEnName: { hidden: true }, BatchClosed: { hidden: true },
    Barcode: { identifier: true }, CallNo: { identifier: true },
    BranchID: { ref: { call: basicSetsCalls.branchList, value: 'ID', label: 'Name' } },
    AreaID: { ref: { call: basicSetsCalls.locationList, value: 'ID', label: 'Name' } },
    BatchID: { ref: { call: acquisitionCalls.getBatchList, value: 'ID', label: 'BatchNo' } },
  },
});
