import { signListQuery, signRecordCalls as C, signRecordSchema } from '../../../shared/api/sign-records.ts';
import { defineResource } from '../../kit/resource.ts';

/** /signrecord's list of visits; class and library filters are selects of the school's own. */
export const signRecordResource = defineResource({
  id: 'sign-record',
  ns: 'sign-records',
  calls: { list: C.getList, export: C.export },
  schema: signRecordSchema,
  listQuery: signListQuery.extend({
    DeptID: signListQuery.shape.DeptID.meta({ widget: 'ref', ref: { call: C.getDeptOptions, value: 'ID', label: 'Name', input: {} } }),
    BranchID: signListQuery.shape.BranchID.meta({ widget: 'ref', ref: { call: C.getBranchOptions, value: 'ID', label: 'Name', input: {} } }),
  }),
  idField: 'ID',
  displayField: 'ReaderName',
});
