import { circulationRecordCalls as R, loanRecordSchema, openLoanQuery, transactionRecordSchema } from '../../../shared/api/circulation-records.ts';
import { defineResource } from '../../kit/resource.ts';

/**
 * Kit resources of the circulation record screens. Their labels live under `records` in
 * locales/<lang>/circulation.json (the desk's strings share the file): the namespace
 * 'circulation:records' makes the kit's `<ns>:resources.<id>` key read as
 * circulation → records.resources.<id>, as i18next splits a key at its first ':' and joins the
 * rest with '.'. records-labels.test.ts keeps that true.
 */
export const RECORDS_NS = 'circulation:records';

/** /surrency/search-records: loans open and closed. */
export const loanSearchResource = defineResource({
  id: 'loan-search',
  ns: RECORDS_NS,
  calls: { list: R.getCircRecord },
  schema: loanRecordSchema,
  idField: 'LoanID',
  displayField: 'ReaderName',
});

/** /surrency/br-records: the desk's transactions. */
export const circLogResource = defineResource({
  id: 'circ-log',
  ns: RECORDS_NS,
  calls: { list: R.getTransactions, export: R.exportTransactions },
  schema: transactionRecordSchema,
  idField: 'ID',
  displayField: 'ReaderName',
});

/** /surrency/no-return: the school's open loans; the class filter is a select of the school's classes and departments. */
export const openLoansResource = defineResource({
  id: 'open-loans',
  ns: RECORDS_NS,
  calls: { list: R.getAllBorrowing },
  schema: loanRecordSchema,
  listQuery: openLoanQuery.extend({
    DeptID: openLoanQuery.shape.DeptID.meta({ widget: 'ref', ref: { call: R.getDeptOptions, value: 'ID', label: 'Name', input: {} } }),
  }),
  idField: 'LoanID',
  displayField: 'ReaderName',
});
