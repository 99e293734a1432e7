import { lossCalls as L, lossRecordQuery, lossRecordSchema, lostCopySchema } from '../../../shared/api/loss.ts';
import { defineResource } from '../../kit/resource.ts';

/** Kit resources of the loss screens; labels under `resources.<id>` in locales/<lang>/loss.json. */

/** /loss-record 丢失记录: every record; the class filter is a select of the school's classes and departments. */
export const lossRecordResource = defineResource({
  id: 'loss-record',
  ns: 'loss',
  calls: { list: L.getRecords, export: L.exportRecords },
  schema: lossRecordSchema,
  listQuery: lossRecordQuery.extend({
    DeptID: lossRecordQuery.shape.DeptID.meta({ widget: 'ref', ref: { call: L.getDeptOptions, value: 'ID', label: 'Name', input: {} } }),
  }),
  idField: 'ID',
  displayField: 'BillNo',
});

/** /loss-handling 丢失处理: the records not compensated yet. */
export const openLossResource = defineResource({
  id: 'loss-open',
  ns: 'loss',
  calls: { list: L.getOpen },
  schema: lossRecordSchema,
  idField: 'ID',
  displayField: 'BillNo',
});

/** /loss-order-search 赔书单查询: the compensation bills. */
export const billResource = defineResource({
  id: 'loss-bill',
  ns: 'loss',
  calls: { list: L.searchBills },
  schema: lossRecordSchema,
  idField: 'ID',
  displayField: 'BillNo',
});

/** /loss-found 图书找回: the books found again. */
export const retrievedResource = defineResource({
  id: 'loss-retrieved',
  ns: 'loss',
  calls: { list: L.getRetrieveRecords },
  schema: lossRecordSchema,
  idField: 'ID',
  displayField: 'BillNo',
});

/** /loss 丢失图书: the copies lost now. */
export const lostCopyResource = defineResource({
  id: 'lost-copy',
  ns: 'loss',
  calls: { list: L.getLostCopies },
  schema: lostCopySchema,
  idField: 'CopyID',
  displayField: 'Title',
});

/** Every list that shows loss records or lost copies: refreshed after any loss write. */
export const LOSS_RESOURCE_IDS = [lossRecordResource.id, openLossResource.id, billResource.id, retrievedResource.id, lostCopyResource.id];
