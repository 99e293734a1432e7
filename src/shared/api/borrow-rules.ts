import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { idField, optionalText, text, tokenField } from '../domain/fields.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import {
  ASSIGNMENT_KINDS,
  borrowingSettingsSchema,
  groupAssignmentSchema,
  computedDaySchema,
  localDaySchema,
  overduePolicySchema,
  permissionGroupSchema,
  schoolCalendarSchema,
} from '../domain/borrowing/schemas.ts';

/**
 * Borrowing rules (issue 3): permission groups, who belongs to them, combined borrowing, the school
 * calendar, and the desk's GetUserBorrowLimitV2. Shapes reuse the rules module's schemas; IDs are
 * strings on the wire (the rules module's convention), integers in the database.
 */

/** A group as listed: the rule shape plus how many assignments point at it (in use → not deletable). */
export const groupRowSchema = permissionGroupSchema.extend({
  AssignmentCount: z.number().int().min(0),
  InUse: z.boolean(),
});
export type GroupRow = z.infer<typeof groupRowSchema>;

export const assignmentRowSchema = z.object({
  ID: z.string(),
  GroupID: z.string(),
  GroupName: z.string(),
  Kind: z.enum(ASSIGNMENT_KINDS),
  TargetID: z.string(),
  /** Reader, class, grade or department name; the identity code for Kind "identity". */
  TargetName: z.string(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;

/** One target another group already claims: for readers, name and reader ID as the spec's message lists them. */
export const assignmentConflictSchema = z.object({
  TargetID: z.string(),
  Name: z.string(),
  /** The reader's card number (Kind "reader"), else "". */
  ReaderID: z.string(),
  GroupID: z.string(),
  GroupName: z.string(),
});
export type AssignmentConflictRow = z.infer<typeof assignmentConflictSchema>;

export const calendarDaySchema = z.object({ Day: localDaySchema, State: z.enum(['closed', 'open']), Reason: z.string() });
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** Consecutive closed dates with one reason, e.g. the winter break. */
export const closedPeriodSchema = z.object({ From: localDaySchema, To: localDaySchema, Days: z.number().int().min(1), Reason: z.string() });
export type ClosedPeriod = z.infer<typeof closedPeriodSchema>;

export const calendarDataSchema = z.object({
  Calendar: schoolCalendarSchema,
  /** Every date override with its reason (closed dates and make-up open dates). */
  Days: z.array(calendarDaySchema),
  Periods: z.array(closedPeriodSchema),
  /** Today in the school's time zone. */
  Today: localDaySchema,
});
export type CalendarData = z.infer<typeof calendarDataSchema>;

const typeLimitSchema = z.object({
  ResourceTypeID: z.string(),
  ResourceTypeName: z.string(),
  MaxLoans: z.number().int(),
  Current: z.number().int(),
  Left: z.number().int(),
  LoanDays: z.number().int(),
  RenewDays: z.number().int(),
  MaxRenewals: z.number().int(),
});

/** GetUserBorrowLimitV2: a reader's effective limits, computed by effectiveLimits() over the real open loans. */
export const borrowLimitSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  /** false: no group applies (Status none) or two groups tie with combined borrowing off (ambiguous). */
  Ok: z.boolean(),
  Status: z.enum(['resolved', 'none', 'ambiguous']),
  Combined: z.boolean(),
  Groups: z.array(z.object({ ID: z.string(), Name: z.string(), EnName: z.string() })),
  /** Why each group applies: assignment kind (or "default") and the matched target. */
  Matches: z.array(z.object({ GroupID: z.string(), Level: z.string(), Kind: z.string(), TargetID: z.string().nullable() })),
  MaxLoans: z.number().int(),
  Current: z.number().int(),
  Left: z.number().int(),
  LoanDays: z.number().int(),
  RenewDays: z.number().int(),
  MaxRenewals: z.number().int(),
  OverdueRenewal: overduePolicySchema.nullable(),
  Overdue: z.number().int(),
  ByResourceType: z.array(typeLimitSchema),
  /** Where a loan made now would be due for the group-level loan days (moved off closed days). */
  DueAtIfBorrowedNow: z.string().nullable(),
});
export type BorrowLimit = z.infer<typeof borrowLimitSchema>;

const groupId = z.object({ ID: tokenField(40) });

export const borrowRulesCalls = {
  getGroups: defineCall({
    id: 'borrowRules.getGroups', method: 'POST', path: `${LIB}/BorrowRules/GetGroups`, auth: 'user', spec: false,
    input: pageQuerySchema, data: pageOf(groupRowSchema),
  }),
  /** The server assigns the ID: send any placeholder ("new"). */
  addGroup: defineCall({
    id: 'borrowRules.addGroup', method: 'POST', path: `${LIB}/BorrowRules/AddGroup`, auth: 'user', spec: false,
    perm: 'rules.groups.edit', input: permissionGroupSchema, data: groupRowSchema,
  }),
  updateGroup: defineCall({
    id: 'borrowRules.updateGroup', method: 'POST', path: `${LIB}/BorrowRules/UpdateGroup`, auth: 'user', spec: false,
    perm: 'rules.groups.edit', input: permissionGroupSchema, data: groupRowSchema,
  }),
  deleteGroup: defineCall({
    id: 'borrowRules.deleteGroup', method: 'POST', path: `${LIB}/BorrowRules/DeleteGroup`, auth: 'user', spec: false,
    perm: 'rules.groups.edit', input: groupId, data: z.null(),
  }),
  /** Resource types for the per-type limits (slice A owns the table; this is a read-only picker list). */
  getResourceTypes: defineCall({
    id: 'borrowRules.getResourceTypes', method: 'POST', path: `${LIB}/BorrowRules/GetResourceTypes`, auth: 'user', spec: false,
    input: z.object({}), data: z.array(z.object({ ID: z.string(), Name: z.string(), EnName: z.string() })),
  }),
  getAssignments: defineCall({
    id: 'borrowRules.getAssignments', method: 'POST', path: `${LIB}/BorrowRules/GetAssignments`, auth: 'user', spec: false,
    input: pageQuerySchema.extend({ GroupID: tokenField(40).optional(), Kind: z.enum(ASSIGNMENT_KINDS).optional() }),
    data: pageOf(assignmentRowSchema),
  }),
  /** Classes, grades or departments to pick as assignment targets. */
  getTargetOptions: defineCall({
    id: 'borrowRules.getTargetOptions', method: 'POST', path: `${LIB}/BorrowRules/GetTargetOptions`, auth: 'user', spec: false,
    input: z.object({ Kind: z.enum(['class', 'grade', 'department']) }), data: z.array(z.object({ ID: z.string(), Name: z.string(), EnName: z.string() })),
  }),
  /** Read-only dry run of AddAssignments: which targets other groups already hold. */
  checkAssignments: defineCall({
    id: 'borrowRules.checkAssignments', method: 'POST', path: `${LIB}/BorrowRules/CheckAssignments`, auth: 'user', spec: false,
    input: groupAssignmentSchema, data: z.object({ Conflicts: z.array(assignmentConflictSchema) }),
  }),
  /** All or nothing: any conflict or unknown target adds none of them. */
  addAssignments: defineCall({
    id: 'borrowRules.addAssignments', method: 'POST', path: `${LIB}/BorrowRules/AddAssignments`, auth: 'user', spec: false,
    perm: 'rules.assign.edit', input: groupAssignmentSchema,
    // A refusal carries the same shape with Added 0: who is in another group, or which targets do not exist.
    data: z.object({ Added: z.number().int(), Skipped: z.number().int(), Conflicts: z.array(assignmentConflictSchema).optional(), Unknown: z.array(z.string()).optional() }),
  }),
  deleteAssignments: defineCall({
    id: 'borrowRules.deleteAssignments', method: 'POST', path: `${LIB}/BorrowRules/DeleteAssignments`, auth: 'user', spec: false,
    perm: 'rules.assign.edit', input: z.object({ IDs: z.array(tokenField(40)).min(1).max(1000) }), data: z.object({ Deleted: z.number().int() }),
  }),
  getSettings: defineCall({
    id: 'borrowRules.getSettings', method: 'POST', path: `${LIB}/BorrowRules/GetSettings`, auth: 'user', spec: false,
    input: z.object({}), data: borrowingSettingsSchema,
  }),
  saveSettings: defineCall({
    id: 'borrowRules.saveSettings', method: 'POST', path: `${LIB}/BorrowRules/SaveSettings`, auth: 'user', spec: false,
    perm: 'rules.assign.edit', input: borrowingSettingsSchema, data: borrowingSettingsSchema,
  }),
  getCalendar: defineCall({
    id: 'borrowRules.getCalendar', method: 'POST', path: `${LIB}/Holiday/GetCalendar`, auth: 'user', spec: false,
    input: z.object({}), data: calendarDataSchema,
  }),
  /** closed: library shut (with a reason); open: make-up working day; default: back to the weekly rule. */
  setDays: defineCall({
    id: 'borrowRules.setDays', method: 'POST', path: `${LIB}/Holiday/SetDays`, auth: 'user', spec: false,
    perm: 'rules.holidays.edit',
    input: z.object({
      Days: z.array(localDaySchema).min(1).max(400),
      State: z.enum(['closed', 'open', 'default']),
      Reason: optionalText(100),
    }),
    data: calendarDataSchema,
  }),
  setClosedWeekdays: defineCall({
    id: 'borrowRules.setClosedWeekdays', method: 'POST', path: `${LIB}/Holiday/SetClosedWeekdays`, auth: 'user', spec: false,
    perm: 'rules.holidays.edit', input: schoolCalendarSchema.pick({ ClosedWeekdays: true }), data: calendarDataSchema,
  }),
  /** "A loan on this day would be due on …", per permission group, with the school calendar. */
  getDueDates: defineCall({
    id: 'borrowRules.getDueDates', method: 'POST', path: `${LIB}/Holiday/GetDueDates`, auth: 'user', spec: false,
    input: z.object({ LoanDay: localDaySchema.optional() }),
    data: z.object({
      LoanDay: localDaySchema,
      List: z.array(z.object({ GroupID: z.string(), GroupName: z.string(), LoanDays: z.number().int(), CountedDay: computedDaySchema, DueDay: computedDaySchema, DueAt: z.string(), Moved: z.boolean() })),
    }),
  }),
  getUserBorrowLimit: defineCall({
    id: 'circulation.getUserBorrowLimitV2', method: 'POST', path: `${LIB}/Circulation/GetUserBorrowLimitV2`, auth: 'user', spec: true,
    input: z
      .object({ UserID: idField(undefined, { coerce: true }).optional(), ReaderID: text({ max: 64, min: 1 }).optional() })
      .refine((v) => v.UserID != null || v.ReaderID != null, { message: 'validation:borrowing.readerRequired' }),
    data: borrowLimitSchema,
  }),
} as const;
