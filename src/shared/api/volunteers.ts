import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, dateField, idField, instantField, intField, text } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';

/**
 * Library volunteers (/volunteer 志愿者管理): readers (students, parents, teachers) registered for a
 * term on a post (shelving, desk, mending …: a short list staff keep), a weekly duty schedule, and
 * the service log of duties signed in and out by card, with staff corrections and hours per
 * volunteer and term (schools certify volunteer hours, so the export is a job like other exports).
 */
export const VOLUNTEER_MENU = '/volunteer';
export const VOLUNTEER_EDIT = 'circulation.volunteers.edit';
export const VOLUNTEER_DUTY = 'circulation.volunteers.duty';
export const VOLUNTEER_CORRECT = 'circulation.volunteers.correct';
export const VOLUNTEER_EXPORT = 'circulation.volunteers.export';
export const VOLUNTEER_STATES = ['active', 'ended'] as const;
/** A duty longer than this is a forgotten sign-out: refused as a correction, capped at sign-out. */
export const MAX_DUTY_MINUTES = 12 * 60;

const cardField = (required?: string) => codeText({ max: 64, required, patternError: 'validation:reader.readerIdFormat' });
const sort = intField(0, 9999);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = (required: string) => text({ max: 5, required }).regex(HHMM, 'volunteers:invalid.time');

export const postSchema = z.object({
  ID: z.number().int(), Name: z.string(), EnName: z.string(), Sort: z.number().int(), State: z.number().int(),
  /** Volunteers or shifts on this post: it cannot be deleted, only switched off. */
  InUse: z.boolean(),
});
export type VolunteerPost = z.infer<typeof postSchema>;
const postInput = z.object({
  Name: text({ max: 50, required: 'validation:required.name' }),
  EnName: text({ max: 100 }).default(''),
  Sort: sort.default(0),
  State: intField(0, 1).default(1),
});

export const volunteerSchema = z.object({
  ID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  Identity: z.enum(IDENTITIES),
  ClassName: z.string().meta({ identifier: true }),
  PostID: z.number().int(),
  PostName: z.string().meta({ identifier: true }),
  TermID: z.number().int(),
  TermName: z.string().meta({ identifier: true }),
  State: z.enum(VOLUNTEER_STATES),
  Note: z.string(),
  /** Closed duties and their minutes in this registration. */
  Duties: z.number().int(),
  Minutes: z.number().int(),
});
export type Volunteer = z.infer<typeof volunteerSchema>;

export const volunteerListQuery = pageQuerySchema.extend({
  TermID: idField(undefined, { coerce: true }).optional(),
  PostID: idField(undefined, { coerce: true }).optional(),
  State: z.enum(VOLUNTEER_STATES, { error: 'volunteers:invalid.state' }).optional(),
});
const volunteerInput = z.object({
  ReaderID: cardField('validation:required.readerId'),
  PostID: idField('volunteers:required.post'),
  TermID: idField('validation:required.term'),
  Note: text({ max: 200 }).default(''),
});
const volunteerUpdate = z.object({
  ID: idField(),
  PostID: idField('volunteers:required.post'),
  State: z.enum(VOLUNTEER_STATES, { error: 'volunteers:invalid.state' }),
  Note: text({ max: 200 }).default(''),
});

export const readerHitSchema = z.object({ ReaderID: z.string(), Name: z.string(), Identity: z.enum(IDENTITIES), ClassName: z.string() });

export const shiftSchema = z.object({
  ID: z.number().int(),
  /** 1 = Monday … 7 = Sunday. */
  Weekday: z.number().int(),
  StartTime: z.string(),
  EndTime: z.string(),
  PostID: z.number().int(),
  PostName: z.string(),
  Note: z.string(),
  Volunteers: z.array(z.object({ ID: z.number().int(), Name: z.string(), ReaderID: z.string() })),
});
export type Shift = z.infer<typeof shiftSchema>;
const shiftInput = z.object({
  Weekday: intField(1, 7),
  StartTime: timeField('volunteers:required.startTime'),
  EndTime: timeField('volunteers:required.endTime'),
  PostID: idField('volunteers:required.post'),
  Note: text({ max: 200 }).default(''),
  /** Volunteers (registrations) on this shift. */
  VolunteerIDs: z.array(idField()).max(50).default([]),
}).refine((s) => s.EndTime > s.StartTime, { error: 'volunteers:invalid.endAfterStart', path: ['EndTime'] });

export const dutySchema = z.object({
  ID: z.number().int(),
  VolunteerID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  ClassName: z.string().meta({ identifier: true }),
  PostName: z.string().meta({ identifier: true }),
  Day: z.string().meta({ widget: 'date' }),
  StartedAt: z.string().meta({ widget: 'datetime' }),
  EndedAt: z.string().meta({ widget: 'datetime' }).nullable(),
  /** null while the duty is open. */
  Minutes: z.number().int().nullable(),
  /** Changed or added by staff; the note says why. */
  Corrected: z.boolean(),
  Note: z.string(),
  StaffName: z.string(),
});
export type Duty = z.infer<typeof dutySchema>;
export const dutyListQuery = pageQuerySchema.omit({ SearchKey: true }).extend({
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  TermID: idField(undefined, { coerce: true }).optional(),
  /** Card number, name or pinyin of the volunteer. */
  Reader: text({ max: 100 }).optional(),
  OpenOnly: z.boolean({ error: 'validation:text.type' }).optional(),
});
const dutyTimes = {
  StartedAt: instantField('volunteers:required.startedAt'),
  EndedAt: instantField('volunteers:required.endedAt'),
  Note: text({ max: 200, required: 'volunteers:required.note' }),
};
const validSpan = (d: { StartedAt: string; EndedAt: string }) => Date.parse(d.EndedAt) > Date.parse(d.StartedAt);
const spanIssue = { error: 'volunteers:invalid.endAfterStart', path: ['EndedAt'] };
const dutyCorrection = z.object({ ID: idField(), ...dutyTimes }).refine(validSpan, spanIssue);
const dutyAdd = z.object({ VolunteerID: idField(), ...dutyTimes }).refine(validSpan, spanIssue);

export const hoursSchema = z.object({
  VolunteerID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  ClassName: z.string().meta({ identifier: true }),
  TermName: z.string().meta({ identifier: true }),
  PostName: z.string().meta({ identifier: true }),
  Duties: z.number().int(),
  Minutes: z.number().int(),
  /** Minutes as hours with one decimal, as certificates state them. */
  Hours: z.number(),
});
export const hoursQuery = pageQuerySchema.extend({
  TermID: idField(undefined, { coerce: true }).optional(),
  PostID: idField(undefined, { coerce: true }).optional(),
});

const optionSchema = z.object({ ID: z.number().int(), Name: z.string() });
const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/Volunteer/${action}`;

export const volunteerCalls = {
  getPostList: defineCall({ ...call, id: 'volunteers.getPostList', path: P('GetPostList'), perm: VOLUNTEER_MENU, input: pageQuerySchema, data: pageOf(postSchema) }),
  addPost: defineCall({ ...call, id: 'volunteers.addPost', path: P('AddPost'), perm: VOLUNTEER_EDIT, input: postInput, data: postSchema }),
  updatePost: defineCall({ ...call, id: 'volunteers.updatePost', path: P('UpdatePost'), perm: VOLUNTEER_EDIT, input: postInput.extend({ ID: idField() }), data: postSchema }),
  deletePost: defineCall({ ...call, id: 'volunteers.deletePost', path: P('DeletePost'), perm: VOLUNTEER_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  /** The school's terms, newest first, for the term selects (the current one marked). */
  getTermOptions: defineCall({
    ...call, id: 'volunteers.getTermOptions', path: P('GetTermOptions'), perm: VOLUNTEER_MENU,
    input: z.object({}), data: z.array(optionSchema.extend({ IsCurrent: z.boolean() })),
  }),
  /** Readers by card number, name or pinyin (the first 20), to register one. */
  findReaders: defineCall({
    ...call, id: 'volunteers.findReaders', path: P('FindReaders'), perm: VOLUNTEER_MENU,
    input: z.object({ Key: text({ max: 100, required: 'volunteers:required.readerKey' }) }), data: z.array(readerHitSchema),
  }),
  getVolunteerList: defineCall({ ...call, id: 'volunteers.getVolunteerList', path: P('GetVolunteerList'), perm: VOLUNTEER_MENU, input: volunteerListQuery, data: pageOf(volunteerSchema) }),
  addVolunteer: defineCall({ ...call, id: 'volunteers.addVolunteer', path: P('AddVolunteer'), perm: VOLUNTEER_EDIT, input: volunteerInput, data: volunteerSchema }),
  updateVolunteer: defineCall({ ...call, id: 'volunteers.updateVolunteer', path: P('UpdateVolunteer'), perm: VOLUNTEER_EDIT, input: volunteerUpdate, data: volunteerSchema }),
  deleteVolunteer: defineCall({ ...call, id: 'volunteers.deleteVolunteer', path: P('DeleteVolunteer'), perm: VOLUNTEER_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  getShiftList: defineCall({ ...call, id: 'volunteers.getShiftList', path: P('GetShiftList'), perm: VOLUNTEER_MENU, input: z.object({}), data: z.array(shiftSchema) }),
  addShift: defineCall({ ...call, id: 'volunteers.addShift', path: P('AddShift'), perm: VOLUNTEER_EDIT, input: shiftInput, data: shiftSchema }),
  updateShift: defineCall({
    ...call, id: 'volunteers.updateShift', path: P('UpdateShift'), perm: VOLUNTEER_EDIT,
    input: z.object({ ID: idField() }).and(shiftInput), data: shiftSchema,
  }),
  deleteShift: defineCall({ ...call, id: 'volunteers.deleteShift', path: P('DeleteShift'), perm: VOLUNTEER_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  /** A volunteer's card scanned: starts a duty, or ends the open one. */
  scanDuty: defineCall({
    ...call, id: 'volunteers.scanDuty', path: P('ScanDuty'), perm: VOLUNTEER_DUTY,
    input: z.object({ ReaderID: cardField('validation:required.readerId') }),
    data: z.object({ Action: z.enum(['in', 'out']), Duty: dutySchema }),
  }),
  getDutyList: defineCall({ ...call, id: 'volunteers.getDutyList', path: P('GetDutyList'), perm: VOLUNTEER_MENU, input: dutyListQuery, data: pageOf(dutySchema) }),
  correctDuty: defineCall({ ...call, id: 'volunteers.correctDuty', path: P('CorrectDuty'), perm: VOLUNTEER_CORRECT, input: dutyCorrection, data: dutySchema }),
  addDuty: defineCall({ ...call, id: 'volunteers.addDuty', path: P('AddDuty'), perm: VOLUNTEER_CORRECT, input: dutyAdd, data: dutySchema }),
  getHours: defineCall({ ...call, id: 'volunteers.getHours', path: P('GetHours'), perm: VOLUNTEER_MENU, input: hoursQuery, data: pageOf(hoursSchema) }),
  exportHours: defineCall({
    ...call, id: 'volunteers.exportHours', path: P('ExportHours'), perm: VOLUNTEER_EXPORT,
    input: hoursQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
};
