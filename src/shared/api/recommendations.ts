import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { LEARNING_STAGES } from './organization.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { isbnField } from '../domain/catalogue/isbn.ts';
import { codeText, dateField, idField, optionalText, text } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';

/**
 * Purchase suggestions (荐购, /recommendation). A signed-in reader suggests a book (title required;
 * author, publisher, ISBN, why); staff see one line per book — suggestions with the same ISBN, else
 * the same normalised title and author, are grouped, with how many readers asked and how many
 * copies the school already holds — and process them (ordered or catalogued, optionally linked to
 * an acquisition batch) or abandon them with a reason; the reader sees the state and the reply.
 * The spec's states: Pending, Processed, Abandoned.
 */

export const RECOMMENDATION_MENU = '/recommendation';
/** 荐购统计: suggestions counted by the readers' learning stage. */
export const STAGE_STATISTICS_MENU = '/statistical-purchasing';
export const RECOMMENDATION_PERMS = {
  /** Process, abandon, add on a reader's behalf. */
  handle: 'circulation.recommendations.handle',
  /** The list as .xlsx (readers' names and classes). */
  export: 'circulation.recommendations.export',
} as const;

export const RECOMMENDATION_STATES = ['pending', 'processed', 'abandoned'] as const;
export type RecommendationState = (typeof RECOMMENDATION_STATES)[number];
/** Why a suggestion was not bought; the reader sees it with the reply. */
export const ABANDON_REASONS = ['held', 'unsuitable', 'outOfPrint', 'duplicate', 'other'] as const;
/** A reader may have at most this many suggestions waiting. */
export const MAX_PENDING_PER_READER = 10;
/** Most suggestions one process/abandon request handles. */
export const MAX_HANDLE = 500;

const state = () => z.enum(RECOMMENDATION_STATES, { error: 'recommendations:invalid.state' });
const instant = () => z.string().meta({ widget: 'datetime' });

/** What a reader (or staff for them) types about the book. */
export const suggestionInput = z.object({
  Title: text({ max: 300, required: 'validation:required.title' }),
  Author: optionalText(200),
  Publisher: optionalText(200),
  /** Optional; stored normalised (digits and X), checked with its check digit. */
  ISBN: isbnField().optional(),
  Reason: optionalText(500, true).meta({ widget: 'textarea' }),
});
export type SuggestionInput = z.output<typeof suggestionInput>;

/** One suggestion as its reader sees it. */
export const mySuggestionSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  ISBN: z.string(),
  Reason: z.string(),
  State: state(),
  AbandonReason: z.enum(ABANDON_REASONS).nullable(),
  /** What the library answered ('' until handled). */
  Reply: z.string(),
  CreatedAt: instant(),
  HandledAt: instant().nullable(),
});
export type MySuggestion = z.infer<typeof mySuggestionSchema>;

/** One line of the staff list: every suggestion of one book in the chosen state. */
export const suggestionGroupSchema = z.object({
  /** The grouping key (ISBN-13, else "t:" + normalised title and author). */
  Key: z.string(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  ISBN: z.string().meta({ identifier: true }),
  /** Readers who asked (one suggestion each). */
  Count: z.number().int(),
  /** The suggestions of the line, for process/abandon and the detail. */
  IDs: z.array(z.number().int()),
  FirstAt: instant(),
  LastAt: instant(),
  State: state(),
  /** Copies the school holds of this ISBN (else this title) and how many are on the shelf now. */
  Held: z.number().int(),
  Available: z.number().int(),
  /** Of the latest handled suggestion of the line: the answer, the reason, who and when, the batch. */
  Reply: z.string(),
  AbandonReason: z.enum(ABANDON_REASONS).nullable(),
  HandledBy: z.string(),
  HandledAt: instant().nullable(),
  BatchNo: z.string(),
});
export type SuggestionGroup = z.infer<typeof suggestionGroupSchema>;

/** One suggestion with its reader (the staff detail: who asked). */
export const suggestionDetailSchema = mySuggestionSchema.extend({
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  Identity: z.enum(IDENTITIES),
  ClassName: z.string(),
  LearningStage: z.enum(LEARNING_STAGES).nullable(),
  /** Staff who typed it in for the reader ('' when the reader did). */
  EnteredBy: z.string(),
  HandledBy: z.string(),
  BatchNo: z.string(),
});
export type SuggestionDetail = z.infer<typeof suggestionDetailSchema>;

const paging = pageQuerySchema;

export const myListQuery = paging.omit({ SearchKey: true }).extend({ State: state().optional() });

/** The staff list's filters; the state is always one of the three (tabs). */
export const groupListQuery = paging.extend({
  State: state().default('pending'),
  /** Asked on or after / on or before (local days of the school). */
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  Identity: z.enum(IDENTITIES, { error: 'recommendations:invalid.identity' }).optional(),
  LearningStage: z.enum(LEARNING_STAGES, { error: 'recommendations:invalid.stage' }).optional(),
});
export type GroupListQuery = z.output<typeof groupListQuery>;

/**
 * /statistical-purchasing: which books each learning stage asks for (the spec's three stages for
 * purchase statistics), over suggestions of any state or one, asked in a period.
 */
export const stageStatisticsQuery = paging.extend({
  State: state().optional(),
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  Identity: z.enum(IDENTITIES, { error: 'recommendations:invalid.identity' }).optional(),
});
export type StageStatisticsQuery = z.output<typeof stageStatisticsQuery>;

/** One book: how many readers of each stage asked for it (Other: readers without a stage, such as teachers). */
export const stageStatisticsRowSchema = z.object({
  Title: z.string(),
  Author: z.string(),
  ISBN: z.string().meta({ identifier: true }),
  Primary: z.number().int(),
  Junior: z.number().int(),
  Senior: z.number().int(),
  Other: z.number().int(),
  Count: z.number().int(),
  /** Of these, still waiting for a decision. */
  Pending: z.number().int(),
  /** Of these, processed: ordered or catalogued. */
  Processed: z.number().int(),
  Held: z.number().int(),
  Available: z.number().int(),
});
export type StageStatisticsRow = z.infer<typeof stageStatisticsRowSchema>;

const ids = () => z.array(idField(), { error: 'validation:required.id' })
  .min(1, { error: 'recommendations:invalid.noneChosen' })
  .max(MAX_HANDLE, { error: 'recommendations:invalid.tooMany' });

export const processInput = z.object({
  IDs: ids(),
  /** The acquisition batch the books were ordered or catalogued in, if any. */
  BatchID: idField().nullable().default(null),
  Reply: optionalText(500, true).meta({ widget: 'textarea' }),
});
export const abandonInput = z.object({
  IDs: ids(),
  AbandonReason: z.enum(ABANDON_REASONS, { error: 'recommendations:invalid.abandonReason' }),
  Reply: optionalText(500, true).meta({ widget: 'textarea' }),
});

/** What a process/abandon request did to each suggestion it named. */
export const handleResultSchema = z.object({
  Changed: z.number().int(),
  Rows: z.array(z.object({
    ID: z.number().int(),
    /** changed, or skipped: it was no longer pending (someone handled it first). */
    Outcome: z.enum(['changed', 'skipped']),
    State: state(),
  })),
});

export const addForReaderInput = suggestionInput.extend({
  /** The reader's card number. */
  ReaderID: codeText({ max: 64, required: 'validation:required.readerId', patternError: 'validation:reader.readerIdFormat' }),
});

const P = (action: string) => `${LIB}/Recommendation/${action}`;
const call = { method: 'POST', auth: 'user', spec: false } as const;

export const recommendationCalls = {
  /** A signed-in reader suggests a book (their own row; at most MAX_PENDING_PER_READER waiting, never the same book twice). */
  submit: defineCall({
    ...call, id: 'recommendations.submit', path: P('Submit'), input: suggestionInput,
    data: mySuggestionSchema.extend({ Held: z.number().int() }),
  }),
  /** The reader's own suggestions, newest first. */
  mine: defineCall({ ...call, id: 'recommendations.mine', path: P('GetMyList'), input: myListQuery, data: pageOf(mySuggestionSchema) }),
  /** The reader takes back one of their own suggestions while it is still pending. */
  withdraw: defineCall({ ...call, id: 'recommendations.withdraw', path: P('Withdraw'), input: z.object({ ID: idField() }), data: z.null() }),

  /** Staff: one line per book in the chosen state, the most asked first. */
  groups: defineCall({ ...call, id: 'recommendations.groups', path: P('GetList'), perm: RECOMMENDATION_MENU, input: groupListQuery, data: pageOf(suggestionGroupSchema) }),
  /** Staff: every suggestion of the book one suggestion names (all states), with who asked. */
  group: defineCall({
    ...call, id: 'recommendations.group', path: P('GetGroup'), perm: RECOMMENDATION_MENU, input: z.object({ ID: idField() }),
    data: z.array(suggestionDetailSchema),
  }),
  /** Staff: the acquisition batches still open or accepted, to link processed suggestions to. */
  batches: defineCall({
    ...call, id: 'recommendations.batches', path: P('GetBatchOptions'), perm: RECOMMENDATION_MENU, input: z.object({}),
    data: z.array(z.object({ ID: z.number().int(), BatchNo: z.string(), State: z.string() })),
  }),
  /** Staff: a suggestion a reader made at the desk or on paper. */
  addForReader: defineCall({
    ...call, id: 'recommendations.addForReader', path: P('AddForReader'), perm: RECOMMENDATION_PERMS.handle, input: addForReaderInput,
    data: suggestionDetailSchema,
  }),
  process: defineCall({ ...call, id: 'recommendations.process', path: P('Process'), perm: RECOMMENDATION_PERMS.handle, input: processInput, data: handleResultSchema }),
  abandon: defineCall({ ...call, id: 'recommendations.abandon', path: P('Abandon'), perm: RECOMMENDATION_PERMS.handle, input: abandonInput, data: handleResultSchema }),
  /** /statistical-purchasing: books by how many readers of each learning stage asked, the most asked first. */
  stageStatistics: defineCall({
    ...call, id: 'recommendations.stageStatistics', path: P('GetStageStatistics'), perm: STAGE_STATISTICS_MENU,
    input: stageStatisticsQuery, data: pageOf(stageStatisticsRowSchema),
  }),
  /** The same under the same filters as .xlsx, a job for the download panel. */
  exportStageStatistics: defineCall({
    ...call, id: 'recommendations.exportStageStatistics', path: P('ExportStageStatistics'), perm: STAGE_STATISTICS_MENU,
    input: stageStatisticsQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
  /** The staff list under the same filters as .xlsx (one row per book), a job for the download panel. */
  export: defineCall({
    ...call, id: 'recommendations.export', path: P('Export'), perm: RECOMMENDATION_PERMS.export,
    input: groupListQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
};
