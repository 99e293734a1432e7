import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { MAX_PAGE, pageOf } from './paging.ts';
import { dateField, idField, intField, optionalText, text } from '../domain/fields.ts';
import { messageKey } from '../domain/issue-messages.ts';

/**
 * Reading themes and school reading activities (阅读主题与活动), as the portal and the
 * reading-guide kiosk show them. A theme ("Reading month") groups activities; an activity runs
 * from its start day to its end day (the school's local days) and sets readers tasks: borrow some
 * titles of its book list, or write entries (reading notes). Readers' entries are shown with the
 * reader's class and a masked name, never a card number.
 *
 * The spec's reads (GET, query string) answer without signing in (SchoolID header). Staff keep
 * themes and activities with our own calls, gated by the /theme-reading menu's operation; a
 * signed-in reader submits their own entries to a running activity.
 */

export const ACTIVITY_MENU = '/theme-reading';
export const ACTIVITY_EDIT = 'reading.activities.edit';
/** Computed from the dates and the school's local today, never stored. */
export const ACTIVITY_STATES = ['notStarted', 'doing', 'ended'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];
/** read: borrow `Target` titles of the task's list during the activity; note: submit `Target` entries. */
export const TASK_KINDS = ['read', 'note'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const MAX_TASKS = 10;
export const MAX_TASK_BOOKS = 30;
export const ENTRY_MAX_CHARS = 1000;
/** Entries one reader may leave on one task: a diary, not a flood. */
export const MAX_ENTRIES_PER_TASK = 20;

/** Readers' public lists page at most this many rows. */
const rows = (fallback: number) => z.coerce.number({ error: 'validation:number.type' }).int({ error: 'validation:number.int' })
  .min(1, { error: messageKey('validation:number.tooSmall', { minimum: 1 }) })
  .max(50, { error: messageKey('validation:number.tooBig', { maximum: 50 }) }).default(fallback);
const page = () => z.coerce.number({ error: 'validation:number.type' }).int({ error: 'validation:number.int' })
  .min(1, { error: messageKey('validation:number.tooSmall', { minimum: 1 }) })
  .max(MAX_PAGE, { error: messageKey('validation:number.tooBig', { maximum: MAX_PAGE }) }).default(1);
const queryId = () => idField('validation:required.id', { coerce: true });
const state = () => z.enum(ACTIVITY_STATES, { error: 'validation:text.type' });

export const themeSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  Summary: z.string(),
  /** Its activities, and how many of them are running today. */
  Activities: z.number().int(),
  Doing: z.number().int(),
  Submissions: z.number().int(),
  CreatedAt: z.string(),
});
export type ActivityTheme = z.infer<typeof themeSchema>;

export const activitySummarySchema = z.object({
  ID: z.number().int(),
  ThemeID: z.number().int(),
  ThemeTitle: z.string(),
  Title: z.string(),
  Summary: z.string(),
  Organizer: z.string(),
  /** School-local days, inclusive. */
  StartDate: z.string(),
  EndDate: z.string(),
  State: z.enum(ACTIVITY_STATES),
  Tasks: z.number().int(),
  /** Readers who submitted an entry. */
  Participants: z.number().int(),
  Submissions: z.number().int(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

export const taskBookSchema = z.object({
  ItemID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Copies: z.number().int(),
  Available: z.number().int(),
});
export type TaskBook = z.infer<typeof taskBookSchema>;

export const taskSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  Description: z.string(),
  Kind: z.enum(TASK_KINDS),
  Target: z.number().int(),
  /** Readers who completed it so far (read: borrowed Target titles of the list within the dates; note: Target entries). */
  Completed: z.number().int(),
  Books: z.array(taskBookSchema),
});
export type ActivityTask = z.infer<typeof taskSchema>;

export const activityDetailSchema = activitySummarySchema.extend({
  Body: z.string(),
  TaskList: z.array(taskSchema),
  /** The school's local today, which the state was computed against. */
  Today: z.string(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const submissionSchema = z.object({
  ID: z.number().int(),
  ActivityID: z.number().int(),
  ActivityTitle: z.string(),
  TaskID: z.number().int().nullable(),
  TaskTitle: z.string(),
  ItemID: z.number().int().nullable(),
  BookTitle: z.string(),
  Content: z.string(),
  /** Whole for the reader's own entries and staff of the menu; else "李**". */
  ReaderName: z.string(),
  ClassName: z.string(),
  Mine: z.boolean(),
  CreatedAt: z.string(),
});
export type ActivitySubmission = z.infer<typeof submissionSchema>;

const themeFields = z.object({
  Title: text({ max: 100, required: 'validation:required.title' }),
  Summary: optionalText(2000, true),
});

const taskInput = z.object({
  /** An existing task of the activity (kept, with its entries); none = a new task. */
  ID: idField().optional(),
  Title: text({ max: 100, required: 'validation:required.title' }),
  Description: optionalText(500, true),
  Kind: z.enum(TASK_KINDS, { error: 'validation:text.type' }),
  Target: intField(1, 50).default(1),
  ItemIDs: z.array(idField()).max(MAX_TASK_BOOKS, { error: messageKey('activities:invalid.tooManyBooks', { maximum: MAX_TASK_BOOKS }) }).default([]),
});

const activityFields = z.object({
  ThemeID: idField(),
  Title: text({ max: 100, required: 'validation:required.title' }),
  Summary: optionalText(300, true),
  Body: optionalText(5000, true),
  Organizer: optionalText(100),
  StartDate: dateField('activities:invalid.startRequired'),
  EndDate: dateField('activities:invalid.endRequired'),
  Tasks: z.array(taskInput).max(MAX_TASKS, { error: messageKey('activities:invalid.tooManyTasks', { maximum: MAX_TASKS }) }).default([]),
});
const datesInOrder = (v: { StartDate: string; EndDate: string }) => v.EndDate >= v.StartDate;
const datesError = { error: 'activities:invalid.endBeforeStart', path: ['EndDate'] };
export const activityInput = activityFields.refine(datesInOrder, datesError);
export const activityUpdateInput = activityFields.extend({ ID: idField() }).refine(datesInOrder, datesError);
export type ActivityInput = z.output<typeof activityInput>;

export const entryInput = z.object({
  ActivityID: idField(),
  TaskID: idField(),
  /** The book the entry is about: a title of the task's list when the list has any. */
  ItemID: idField().optional(),
  Content: text({ max: ENTRY_MAX_CHARS, required: 'activities:invalid.contentRequired', multiline: true }),
});

const read = { method: 'GET', auth: 'optional', rateLimit: 'public', spec: true } as const;
const edit = { method: 'POST', auth: 'user', spec: false, perm: ACTIVITY_EDIT } as const;
const P = (action: string) => `${LIB}/Activity/${action}`;

export const activityCalls = {
  /** Reading themes, newest first; `ID` reads one. */
  themeList: defineCall({
    ...read, id: 'activities.themeList', path: '/micro/space/api/appactivitytheme/getlist',
    input: z.object({ Page: page(), Rows: rows(12), SearchKey: text({ max: 100 }).optional(), ID: queryId().optional() }),
    data: pageOf(themeSchema),
  }),
  /** Activities, running ones first (ending soonest), then those to come, then ended ones (latest first). */
  activityList: defineCall({
    ...read, id: 'activities.activityList', path: '/micro/space/api/appactivity/getlist',
    input: z.object({ Page: page(), Rows: rows(12), SearchKey: text({ max: 100 }).optional(), ThemeID: queryId().optional(), State: state().optional() }),
    data: pageOf(activitySummarySchema),
  }),
  /** Entries to a theme's activities, newest first. */
  submitsByTheme: defineCall({
    ...read, id: 'activities.submitsByTheme', path: '/micro/space/api/appactivitytheme/getsubmitbytheme',
    input: z.object({ ThemeID: queryId(), Page: page(), Rows: rows(10) }),
    data: pageOf(submissionSchema),
  }),
  /** Entries to one activity (or one of its tasks), newest first. */
  submitsByActivity: defineCall({
    ...read, id: 'activities.submitsByActivity', path: '/micro/space/api/appactivity/getsubmitbyactivity',
    input: z.object({ ActivityID: queryId(), TaskID: queryId().optional(), Page: page(), Rows: rows(10) }),
    data: pageOf(submissionSchema),
  }),
  /** One activity with its tasks, their book lists and how many readers completed each. */
  activityInfo: defineCall({
    ...read, id: 'activities.activityInfo', path: '/micro/space/api/appactivity/getactivityinfo',
    input: z.object({ ID: queryId() }), data: activityDetailSchema,
  }),

  addTheme: defineCall({ ...edit, id: 'activities.addTheme', path: P('AddTheme'), input: themeFields, data: themeSchema }),
  updateTheme: defineCall({ ...edit, id: 'activities.updateTheme', path: P('UpdateTheme'), input: themeFields.extend({ ID: idField() }), data: themeSchema }),
  /** Refused while the theme holds activities. */
  deleteTheme: defineCall({ ...edit, id: 'activities.deleteTheme', path: P('DeleteTheme'), input: z.object({ ID: idField() }), data: z.null() }),
  addActivity: defineCall({ ...edit, id: 'activities.addActivity', path: P('AddActivity'), input: activityInput, data: activityDetailSchema }),
  /** Tasks given with an ID are kept and updated, new ones added; a task left out is removed unless readers wrote entries to it. */
  updateActivity: defineCall({ ...edit, id: 'activities.updateActivity', path: P('UpdateActivity'), input: activityUpdateInput, data: activityDetailSchema }),
  /** Removes the activity with its tasks and entries. */
  deleteActivity: defineCall({ ...edit, id: 'activities.deleteActivity', path: P('DeleteActivity'), input: z.object({ ID: idField() }), data: z.null() }),
  /** Staff take down an entry (moderation). */
  deleteSubmission: defineCall({ ...edit, id: 'activities.deleteSubmission', path: P('DeleteSubmission'), input: z.object({ ID: idField() }), data: z.null() }),
  /** The signed-in reader's own entry to a task of a running activity. */
  submit: defineCall({
    method: 'POST', auth: 'user', spec: false, id: 'activities.submit', path: P('Submit'),
    input: entryInput, data: submissionSchema,
  }),
};
