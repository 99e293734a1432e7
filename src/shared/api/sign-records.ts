import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, dateField, idField, text } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';

/**
 * Reader visits (/signrecord 签到记录): a reader scans their card entering the library or a reading
 * room; each visit is one row (reader, when, where, which station). A second scan of the same card
 * at the same place within SIGN_REPEAT_MINUTES is told ("already signed in") and not counted again.
 * Recording a sign-in is the station's operation; reading the list and its counts another, so a
 * self-service station account can sign readers in without seeing who came.
 */
export const SIGN_MENU = '/signrecord';
export const SIGN_STATION = 'circulation.signin.station';
export const SIGN_VIEW = 'circulation.signin.view';
export const SIGN_EXPORT = 'circulation.signin.export';
export const SIGN_REPEAT_MINUTES = 10;

const cardField = (required?: string) => codeText({ max: 64, required, patternError: 'validation:reader.readerIdFormat' });

export const signRecordSchema = z.object({
  ID: z.number().int(),
  At: z.string().meta({ widget: 'datetime' }),
  /** The school's local day of the visit. */
  Day: z.string().meta({ widget: 'date' }),
  ReaderID: z.string(),
  ReaderName: z.string(),
  Identity: z.enum(IDENTITIES),
  /** The reader's class or department when they signed in ('' when none). */
  ClassName: z.string().meta({ identifier: true }),
  BranchID: z.number().int(),
  BranchName: z.string().meta({ identifier: true }),
  /** A reading room of the branch; '' = the library's entrance. */
  Room: z.string(),
  /** The station's own name (e.g. "entrance 1") and the account signed in at it. */
  Station: z.string(),
  StaffName: z.string(),
});
export type SignRecord = z.infer<typeof signRecordSchema>;

export const signInInput = z.object({
  ReaderID: cardField('validation:required.readerId'),
  BranchID: idField('validation:required.branch'),
  Room: text({ max: 50 }).default(''),
  Station: text({ max: 50 }).default(''),
});

export const signInResult = z.object({
  /** false: the same card signed in at the same place a moment ago; Record is that earlier visit. */
  Counted: z.boolean(),
  Record: signRecordSchema,
  /** The card's state when it is not active (lost, expired, disabled): the visit counts, the desk is told. */
  CardStatus: z.string(),
});

const filters = {
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  /** A class, grade, stage or department: its readers and those under it. */
  DeptID: idField(undefined, { coerce: true }).optional(),
  Identity: z.enum(IDENTITIES, { error: 'validation:required.identity' }).optional(),
  BranchID: idField(undefined, { coerce: true }).optional(),
  Room: text({ max: 50 }).optional(),
  /** Card number, name or pinyin of the reader. */
  Reader: text({ max: 100 }).optional(),
};
export const signListQuery = pageQuerySchema.omit({ SearchKey: true }).extend(filters);
export const signFilterQuery = z.object(filters);
export type SignFilters = z.infer<typeof signFilterQuery>;

export const signStatsSchema = z.object({
  Visits: z.number().int(),
  Readers: z.number().int(),
  ByDay: z.array(z.object({ Day: z.string(), Visits: z.number().int(), Readers: z.number().int() })),
  ByClass: z.array(z.object({ ClassName: z.string(), Visits: z.number().int(), Readers: z.number().int() })),
});

const optionSchema = z.object({ ID: z.number().int(), Name: z.string() });

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/SignRecord/${action}`;

export const signRecordCalls = {
  /** A card scanned at a station: recorded, or told as a repeat. */
  signIn: defineCall({ ...call, id: 'signRecords.signIn', path: P('SignIn'), perm: SIGN_STATION, input: signInInput, data: signInResult }),
  /** Branches the caller may use, for the station's place and the list's filter. */
  getBranchOptions: defineCall({ ...call, id: 'signRecords.getBranchOptions', path: P('GetBranchOptions'), perm: SIGN_MENU, input: z.object({}), data: z.array(optionSchema) }),
  /** Reading rooms named at sign-ins before, for the station's suggestions. */
  getRooms: defineCall({ ...call, id: 'signRecords.getRooms', path: P('GetRooms'), perm: SIGN_MENU, input: z.object({}), data: z.array(z.string()) }),
  getList: defineCall({ ...call, id: 'signRecords.getList', path: P('GetSignRecords'), perm: SIGN_VIEW, input: signListQuery, data: pageOf(signRecordSchema) }),
  /** Visits and distinct readers per day and per class under the same filters. */
  getStats: defineCall({ ...call, id: 'signRecords.getStats', path: P('GetSignStats'), perm: SIGN_VIEW, input: signFilterQuery, data: signStatsSchema }),
  getDeptOptions: defineCall({ ...call, id: 'signRecords.getDeptOptions', path: P('GetDeptOptions'), perm: SIGN_VIEW, input: z.object({}), data: z.array(optionSchema) }),
  export: defineCall({ ...call, id: 'signRecords.export', path: P('ExportSignRecords'), perm: SIGN_EXPORT, input: signFilterQuery, data: z.object({ DataID: z.string() }) }),
};
