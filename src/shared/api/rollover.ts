import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { idField, tokenField } from '../domain/fields.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

/** School-year rollover (/department/dept-upgrade): preview, commit, history, undo. Our own design. */
export const ROLLOVER_MENU = '/department/dept-upgrade';

const classMoveSchema = z.object({
  DeptID: z.number().int(),
  FromName: z.string(), FromEnName: z.string(),
  ToName: z.string(), ToEnName: z.string(),
  FromGrade: z.string(), ToGrade: z.string(),
  Students: z.number().int(),
});
const graduatingSchema = z.object({
  DeptID: z.number().int(), Name: z.string(), EnName: z.string(), Grade: z.string(), Students: z.number().int(),
});
const expiringSchema = z.object({
  UserID: z.number().int(), Name: z.string(), ReaderID: z.string(), ClassName: z.string(), ClassEnName: z.string(),
  FromStatus: z.string(), FromExpireAt: z.string().nullable(),
});
/** A reader whose effective borrowing permission group (resolveGroup) differs after the rollover; names are '' for "no group". */
const groupMoveSchema = z.object({
  UserID: z.number().int(), Name: z.string(), ReaderID: z.string(), ClassName: z.string(), ClassEnName: z.string(),
  FromID: z.string().nullable(), From: z.string(), FromEn: z.string(),
  ToID: z.string().nullable(), To: z.string(), ToEn: z.string(),
});
/** How many readers go from one group to another. */
const groupChangeSchema = z.object({
  FromID: z.string().nullable(), From: z.string(), FromEn: z.string(),
  ToID: z.string().nullable(), To: z.string(), ToEn: z.string(),
  Readers: z.number().int(),
});
/** An assignment row the rollover changes: a graduate's reader assignment removed, or a mapped grade/class. */
const groupRowChangeSchema = z.object({
  Kind: z.enum(['reader', 'class', 'grade']), TargetID: z.string(), TargetName: z.string(), TargetEnName: z.string(),
  FromGroupID: z.string().nullable(), ToGroupID: z.string().nullable(),
});
/** A grade, or a class holding a class assignment, whose group the preview form may map. */
const groupTargetSchema = z.object({
  Kind: z.enum(['class', 'grade']), DeptID: z.number().int(), Name: z.string(), EnName: z.string(),
  /** The group assigned now and after the rollover (with the mapping applied); null = none. */
  GroupID: z.string().nullable(), NewGroupID: z.string().nullable(),
});
/**
 * One entry of the per-rollover mapping: after the rollover, this grade (its new classes) or this
 * class is assigned `GroupID` (null: no assignment of that kind). Grades keep their assignments
 * and classes carry theirs up, so only the exceptions need an entry.
 */
export const groupMapEntrySchema = z.object({
  Kind: z.enum(['class', 'grade']), DeptID: idField(), GroupID: tokenField(40).nullable(),
});
export type GroupMapEntry = z.infer<typeof groupMapEntrySchema>;
const groupMapSchema = z.array(groupMapEntrySchema).max(500).default([])
  .refine((list) => new Set(list.map((e) => `${e.Kind}:${e.DeptID}`)).size === list.length, { message: 'validation:rollover.duplicateMapping' });
/** A step that could not run, with the i18n key of why (e.g. no permission-group mapping configured). */
const skippedSchema = z.object({ Step: z.string(), Reason: z.string() });

export const rolloverPlanSchema = z.object({
  /** Hash of the plan: commit refuses when the data changed since this preview. */
  Fingerprint: z.string(),
  CohortName: z.string(),
  CohortEnName: z.string(),
  Promoted: z.array(classMoveSchema),
  Graduating: z.array(graduatingSchema),
  Expiring: z.array(expiringSchema),
  GroupMoves: z.array(groupMoveSchema),
  GroupChanges: z.array(groupChangeSchema),
  GroupRows: z.array(groupRowChangeSchema),
  GroupTargets: z.array(groupTargetSchema),
  Groups: z.array(z.object({ ID: z.string(), Name: z.string(), EnName: z.string() })),
  Skipped: z.array(skippedSchema),
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;

export const rolloverBatchSchema = z.object({
  ID: z.number().int(),
  CreatedAt: z.string(),
  CreatedBy: z.string(),
  State: z.enum(['applied', 'undone']),
  Promoted: z.number().int(), Graduated: z.number().int(), Expired: z.number().int(), Moved: z.number().int(),
  /** Only the latest applied rollover can be undone. */
  CanUndo: z.boolean(),
  UndoneAt: z.string().nullable(),
});
export type RolloverBatch = z.infer<typeof rolloverBatchSchema>;

export const rolloverCalls = {
  preview: defineCall({
    id: 'rollover.preview', method: 'POST', path: `${LIB}/Rollover/Preview`, auth: 'user', spec: false, perm: ROLLOVER_MENU,
    input: z.object({ GroupMap: groupMapSchema }), data: rolloverPlanSchema,
  }),
  commit: defineCall({
    id: 'rollover.commit', method: 'POST', path: `${LIB}/Rollover/Commit`, auth: 'user', spec: false, perm: 'people.rollover.run',
    input: z.object({ Fingerprint: tokenField(200), GroupMap: groupMapSchema }), data: rolloverBatchSchema,
  }),
  history: defineCall({
    id: 'rollover.history', method: 'POST', path: `${LIB}/Rollover/History`, auth: 'user', spec: false, perm: ROLLOVER_MENU,
    input: pageQuerySchema, data: pageOf(rolloverBatchSchema),
  }),
  undo: defineCall({
    id: 'rollover.undo', method: 'POST', path: `${LIB}/Rollover/Undo`, auth: 'user', spec: false, perm: 'people.rollover.undo',
    input: z.object({ ID: idField() }), data: rolloverBatchSchema,
  }),
} as const;
