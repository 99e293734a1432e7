import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, dateField, idField, instantField, intField, text, tokenField } from '../domain/fields.ts';

/**
 * Security gates and door counters (issue 11 §3). A gate controller (a device of its own: client id
 * and secret, registered by staff per school and branch) takes a client-credentials token at
 * /oauth2/connect/token and posts what it counted in batches (PostEvents): entries, exits and
 * alarms with what the tag said. Staff read the event log (/entry-exit-records), the alarms with
 * the copy they identify (/alarm-record) and the counts per hour, day and month (/inoutstatistic);
 * a screen by the door shows today's counts without signing in (/inoutstatisticiframe).
 */

export const GATE_RECORDS_MENU = '/entry-exit-records';
export const GATE_ALARMS_MENU = '/alarm-record';
export const GATE_STATS_MENU = '/inoutstatistic';
/** Registering gates and resetting their secrets. */
export const GATE_DEVICES_EDIT = 'gate.devices.edit';
export const GATE_STATS_EXPORT = 'gate.stats.export';
export const GATE_ALARMS_EXPORT = 'gate.alarms.export';
/** The scope of a gate's client-credentials token (the token also names its gate). */
export const GATE_SCOPE = 'gate';
/** Prefix of every gate's client id: the token endpoint tells a gate from the library's service client by it. */
export const GATE_CLIENT_PREFIX = 'gate-';
/** Events of one batch at most: a controller offline for a day posts its buffer in several. */
export const GATE_BATCH_MAX = 500;

export const GATE_EVENT_TYPES = ['in', 'out', 'alarm'] as const;
export type GateEventType = (typeof GATE_EVENT_TYPES)[number];
export const GATE_DIRECTIONS = ['in', 'out'] as const;
export const STAT_UNITS = ['hour', 'day', 'month'] as const;
export type StatUnit = (typeof STAT_UNITS)[number];

// ---- the device's call ----

export const gateEventInput = z.object({
  /** The controller's own id of the event (a counter, a UUID): the same id posted again is not counted again. */
  EventID: tokenField(64, { required: 'gate:required.eventId' }),
  At: instantField('gate:required.time'),
  Type: z.enum(GATE_EVENT_TYPES, { error: 'gate:invalid.type' }),
  /** People who went through (in/out); an alarm is one. */
  People: intField(1, 1000).default(1),
  /** Alarms: the way the person was going, when the controller knows it. */
  Direction: z.enum(GATE_DIRECTIONS, { error: 'gate:invalid.direction' }).optional(),
  /** What the reader got from the tag, when it read one: UID (hex), the barcode in its data, the AFI byte. */
  UID: codeText({ max: 64 }).optional(),
  Barcode: codeText({ max: 64 }).optional(),
  AFI: intField(0, 255).optional(),
});
export type GateEventInput = z.input<typeof gateEventInput>;
export type GateEvent = z.output<typeof gateEventInput>;

export const postEventsInput = z.object({
  GateID: idField('gate:required.gate'),
  Events: z.array(gateEventInput, { error: 'gate:required.events' })
    .min(1, { error: 'gate:required.events' })
    .max(GATE_BATCH_MAX, { error: 'gate:invalid.batchTooLarge' }),
});

export const postEventsResult = z.object({
  /** New events stored. */
  Accepted: z.number().int(),
  /** Events of this gate already stored under the same EventID (a retried batch). */
  Duplicates: z.number().int(),
});

// ---- gates ----

export const gateSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  BranchID: z.number().int(),
  BranchName: z.string().meta({ identifier: true }),
  Location: z.string(),
  ClientID: z.string().meta({ identifier: true }),
  Enabled: z.boolean(),
  LastSeenAt: z.string().nullable().meta({ widget: 'datetime' }),
});
export type Gate = z.infer<typeof gateSchema>;

export const saveGateInput = z.object({
  ID: idField().optional(),
  Name: text({ max: 50, required: 'validation:required.name' }),
  BranchID: idField('validation:required.branch'),
  Location: text({ max: 100 }).default(''),
  Enabled: z.boolean({ error: 'gate:invalid.flag' }).default(true),
});

/** The secret is in this reply only (a new gate, or a reset): it is stored hashed. */
export const gateCredentials = z.object({ Gate: gateSchema, ClientID: z.string(), ClientSecret: z.string().nullable() });

// ---- reads ----

const filters = {
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  BranchID: idField(undefined, { coerce: true }).optional(),
  GateID: idField(undefined, { coerce: true }).optional(),
};

export const eventListQuery = pageQuerySchema.omit({ SearchKey: true }).extend({
  ...filters,
  Type: z.enum(GATE_EVENT_TYPES, { error: 'gate:invalid.type' }).optional(),
});

export const gateEventSchema = z.object({
  ID: z.number().int(),
  At: z.string().meta({ widget: 'datetime' }),
  GateName: z.string(),
  BranchName: z.string().meta({ identifier: true }),
  Type: z.enum(GATE_EVENT_TYPES),
  People: z.number().int(),
  /** Alarms: the copy's barcode when the tag identified one, else what the tag said. */
  Barcode: z.string().meta({ identifier: true }),
});

export const alarmListQuery = pageQuerySchema.omit({ SearchKey: true }).extend({
  ...filters,
  /** Only alarms whose tag identified a copy of the school. */
  IdentifiedOnly: z.boolean({ error: 'gate:invalid.flag' }).optional(),
});
export const alarmFilterQuery = alarmListQuery.omit({ Page: true, Rows: true });

export const alarmSchema = z.object({
  ID: z.number().int(),
  At: z.string().meta({ widget: 'datetime' }),
  GateName: z.string(),
  BranchName: z.string().meta({ identifier: true }),
  Direction: z.enum(['in', 'out', 'unknown']),
  /** The tag as read ('' when nothing was read). */
  UID: z.string().meta({ identifier: true }),
  AFI: z.string(),
  /** The copy the tag identified ('' when none) and its title. */
  Barcode: z.string().meta({ identifier: true }),
  Title: z.string(),
  /** yes: the copy was on loan when the alarm rang (its security bit was left on); no: it was not lent; unknown: not identified. */
  OnLoan: z.enum(['yes', 'no', 'unknown']),
});

/** Without dates: the last STAT_DEFAULT_DAYS days up to the school's today (its time zone, not the browser's). */
export const STAT_DEFAULT_DAYS = 14;
export const statQuery = z.object({
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  Unit: z.enum(STAT_UNITS, { error: 'gate:invalid.unit' }).default('day'),
  BranchID: idField(undefined, { coerce: true }).optional(),
  GateID: idField(undefined, { coerce: true }).optional(),
});
export type StatQuery = z.infer<typeof statQuery>;

export const statRowSchema = z.object({
  /** The hour (00–23, summed over the period's days), the day (yyyy-mm-dd) or the month (yyyy-mm). */
  Period: z.string().meta({ identifier: true }),
  In: z.number().int(),
  Out: z.number().int(),
  Alarms: z.number().int(),
});
export type StatRow = z.infer<typeof statRowSchema>;

export const publicCountsQuery = z.object({ BranchID: idField(undefined, { coerce: true }).optional() });
export const publicCountsSchema = z.object({
  /** The school's local day and the Monday of its week. */
  Day: z.string(),
  WeekFrom: z.string(),
  TodayIn: z.number().int(),
  TodayOut: z.number().int(),
  /** Today's entries less exits, never below 0 (counters drift; each day starts at 0). */
  Occupancy: z.number().int(),
  WeekIn: z.number().int(),
  /** The branch counted ('' = every branch). */
  BranchName: z.string(),
});

const optionSchema = z.object({ ID: z.number().int(), Name: z.string() });

const user = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/Gate/${action}`;

export const gateCalls = {
  /** The controller's batch of entries, exits and alarms (a gate's client-credentials token only). */
  postEvents: defineCall({ method: 'POST', auth: 'client', spec: false, id: 'gate.postEvents', path: P('PostEvents'), input: postEventsInput, data: postEventsResult }),

  getGates: defineCall({ ...user, id: 'gate.getGates', path: P('GetGates'), perm: GATE_RECORDS_MENU, input: z.object({}), data: z.array(gateSchema) }),
  saveGate: defineCall({ ...user, id: 'gate.saveGate', path: P('SaveGate'), perm: GATE_DEVICES_EDIT, input: saveGateInput, data: gateCredentials }),
  resetSecret: defineCall({ ...user, id: 'gate.resetSecret', path: P('ResetSecret'), perm: GATE_DEVICES_EDIT, input: z.object({ ID: idField() }), data: gateCredentials }),
  /** Gates and branches for the filters of the three screens (any of their menus). */
  getGateOptions: defineCall({ ...user, id: 'gate.getGateOptions', path: P('GetGateOptions'), input: z.object({}), data: z.array(optionSchema) }),
  getBranchOptions: defineCall({ ...user, id: 'gate.getBranchOptions', path: P('GetBranchOptions'), input: z.object({}), data: z.array(optionSchema) }),

  getEvents: defineCall({ ...user, id: 'gate.getEvents', path: P('GetEvents'), perm: GATE_RECORDS_MENU, input: eventListQuery, data: pageOf(gateEventSchema) }),
  getAlarms: defineCall({ ...user, id: 'gate.getAlarms', path: P('GetAlarms'), perm: GATE_ALARMS_MENU, input: alarmListQuery, data: pageOf(alarmSchema) }),
  exportAlarms: defineCall({ ...user, id: 'gate.exportAlarms', path: P('ExportAlarms'), perm: GATE_ALARMS_EXPORT, input: alarmFilterQuery, data: z.object({ DataID: z.string() }) }),
  getStatistic: defineCall({ ...user, id: 'gate.getStatistic', path: P('GetStatistic'), perm: GATE_STATS_MENU, input: statQuery, data: z.array(statRowSchema) }),
  exportStatistic: defineCall({ ...user, id: 'gate.exportStatistic', path: P('ExportStatistic'), perm: GATE_STATS_EXPORT, input: statQuery, data: z.object({ DataID: z.string() }) }),

  /** The door screen's counts without signing in (SchoolID header): numbers only, never a name. */
  getPublicCounts: defineCall({
    method: 'GET', auth: 'optional', rateLimit: 'public', spec: false, id: 'gate.getPublicCounts', path: P('GetPublicCounts'),
    input: publicCountsQuery, data: publicCountsSchema,
  }),
};
