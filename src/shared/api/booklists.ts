import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { LEARNING_STAGES } from './organization.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { idField, optionalText, text } from '../domain/fields.ts';

/**
 * Reading lists (推荐书单, /booklist), as school libraries publish graded reading lists: a named
 * list for some learning stages and grades, with a description, published or still a draft, holding
 * catalogue titles in the order staff give them, each with an optional note ("for reading aloud").
 * Each title shows the school's copies and how many are on the shelf now. Staff edit lists with the
 * menu's operation; published lists are readable by every signed-in reader (the portal, later).
 */

export const BOOKLIST_MENU = '/booklist';
export const BOOKLIST_EDIT = 'circulation.booklists.edit';
/** Most titles on one list: a term's reading, not a catalogue. */
export const MAX_ENTRIES = 500;

const stage = () => z.enum(LEARNING_STAGES, { error: 'booklists:invalid.stage' });

export const booklistSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Stages: z.array(stage()),
  /** Grades (departments of kind grade) the list is for; none = the whole stage(s). */
  GradeIDs: z.array(z.number().int()),
  /** The grades' names in the caller's language, joined, for the list. */
  GradeNames: z.string(),
  Published: z.boolean(),
  /** Titles on the list. */
  Titles: z.number().int(),
  UpdateTime: z.string().meta({ widget: 'datetime' }),
});
export type Booklist = z.infer<typeof booklistSchema>;

const listBase = z.object({
  Name: text({ max: 200, required: 'validation:required.name' }),
  Description: optionalText(2000, true).meta({ widget: 'textarea' }),
  Stages: z.array(stage(), { error: 'validation:text.type' }).max(LEARNING_STAGES.length).default([]),
  GradeIDs: z.array(idField(), { error: 'validation:text.type' }).max(50, { error: 'booklists:invalid.tooManyGrades' }).default([]),
  Published: z.boolean({ error: 'validation:text.type' }).default(false),
});
export const booklistInput = listBase;
export const booklistUpdateInput = listBase.extend({ ID: idField() });
export type BooklistInput = z.output<typeof booklistInput>;

export const booklistQuery = pageQuerySchema.extend({
  LearningStage: stage().optional(),
});

export const entrySchema = z.object({
  ID: z.number().int(),
  ItemID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  ISBN: z.string(),
  CallNo: z.string(),
  /** 1-based place on the list. */
  Position: z.number().int(),
  Note: z.string(),
  /** The school's copies of the title and how many are on the shelf now. */
  Copies: z.number().int(),
  Available: z.number().int(),
});
export type BooklistEntry = z.infer<typeof entrySchema>;

const listId = () => idField('validation:required.id', { coerce: true });
export const entriesQuery = pageQuerySchema.omit({ SearchKey: true }).extend({ ListID: listId() });

export const addEntriesInput = z.object({
  ListID: idField(),
  ItemIDs: z.array(idField()).min(1, { error: 'booklists:invalid.noTitles' }).max(100, { error: 'booklists:invalid.tooManyTitles' }),
  Note: optionalText(500),
});
export const addEntriesResult = z.object({
  Added: z.number().int(),
  Rows: z.array(z.object({ ItemID: z.number().int(), Outcome: z.enum(['added', 'already']) })),
});

const P = (action: string) => `${LIB}/BookList/${action}`;
const call = { method: 'POST', auth: 'user', spec: false } as const;
const read = { ...call, perm: BOOKLIST_MENU } as const;
const edit = { ...call, perm: BOOKLIST_EDIT } as const;

export const booklistCalls = {
  list: defineCall({ ...read, id: 'booklists.list', path: P('GetList'), input: booklistQuery, data: pageOf(booklistSchema) }),
  get: defineCall({ ...read, id: 'booklists.get', path: P('GetInfo'), input: z.object({ ID: idField() }), data: booklistSchema }),
  add: defineCall({ ...edit, id: 'booklists.add', path: P('Add'), input: booklistInput, data: booklistSchema }),
  update: defineCall({ ...edit, id: 'booklists.update', path: P('Update'), input: booklistUpdateInput, data: booklistSchema }),
  delete: defineCall({ ...edit, id: 'booklists.delete', path: P('Delete'), input: z.object({ ID: idField() }), data: z.null() }),
  /** The grades of the school (with their stage), for the list's target grades. */
  grades: defineCall({
    ...read, id: 'booklists.grades', path: P('GetGradeOptions'), input: z.object({}),
    data: z.array(z.object({ ID: z.number().int(), Name: z.string(), LearningStage: stage().nullable() })),
  }),
  /** The titles of a list in their order. */
  entries: defineCall({ ...read, id: 'booklists.entries', path: P('GetEntries'), input: entriesQuery, data: pageOf(entrySchema) }),
  /** Titles of the catalogue added at the end; one already on the list is reported, not added twice. */
  addEntries: defineCall({ ...edit, id: 'booklists.addEntries', path: P('AddEntries'), input: addEntriesInput, data: addEntriesResult }),
  removeEntries: defineCall({
    ...edit, id: 'booklists.removeEntries', path: P('RemoveEntries'),
    input: z.object({ ListID: idField(), IDs: z.array(idField()).min(1, { error: 'booklists:invalid.noTitles' }).max(MAX_ENTRIES) }),
    data: z.object({ Removed: z.number().int() }),
  }),
  /** The list's entries in their new order: exactly the entries it holds, each once. */
  reorder: defineCall({
    ...edit, id: 'booklists.reorder', path: P('Reorder'),
    input: z.object({ ListID: idField(), IDs: z.array(idField()).min(1, { error: 'booklists:invalid.noTitles' }).max(MAX_ENTRIES) }),
    data: z.null(),
  }),
  updateEntry: defineCall({
    ...edit, id: 'booklists.updateEntry', path: P('UpdateEntry'), input: z.object({ ID: idField(), Note: optionalText(500) }), data: entrySchema,
  }),
  /** Published lists, for any signed-in reader (the portal); drafts are never shown. */
  published: defineCall({ ...call, id: 'booklists.published', path: P('GetPublished'), input: booklistQuery, data: pageOf(booklistSchema) }),
  /** The titles of a published list, for any signed-in reader; a draft is not found. */
  publishedEntries: defineCall({ ...call, id: 'booklists.publishedEntries', path: P('GetPublishedEntries'), input: entriesQuery, data: pageOf(entrySchema) }),
};
