import { alarmListQuery, eventListQuery, gateCalls as C, gateEventSchema, statQuery } from '../../../shared/api/gate.ts';
import { defineResource } from '../../kit/resource.ts';

/** The gate and library filters of the three gate screens: selects of the school's own. */
const gateRef = { widget: 'ref', ref: { call: C.getGateOptions, value: 'ID', label: 'Name', input: {} } } as const;
const branchRef = { widget: 'ref', ref: { call: C.getBranchOptions, value: 'ID', label: 'Name', input: {} } } as const;

/** /entry-exit-records: what the gates posted, newest first. */
export const gateEventResource = defineResource({
  id: 'gate-event',
  ns: 'gate',
  calls: { list: C.getEvents },
  schema: gateEventSchema,
  listQuery: eventListQuery.extend({
    BranchID: eventListQuery.shape.BranchID.meta(branchRef),
    GateID: eventListQuery.shape.GateID.meta(gateRef),
  }),
  idField: 'ID',
  displayField: 'GateName',
});

/** /alarm-record's parameters. */
export const alarmParams = alarmListQuery.omit({ Page: true, Rows: true }).extend({
  BranchID: alarmListQuery.shape.BranchID.meta(branchRef),
  GateID: alarmListQuery.shape.GateID.meta(gateRef),
});

/** /inoutstatistic's parameters. */
export const statParams = statQuery.extend({
  BranchID: statQuery.shape.BranchID.meta(branchRef),
  GateID: statQuery.shape.GateID.meta(gateRef),
});
