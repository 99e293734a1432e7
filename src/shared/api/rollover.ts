import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
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
const groupMoveSchema = z.object({
  UserID: z.number().int(), Name: z.string(), ReaderID: z.string(), From: z.string(), To: z.string(),
});
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
    input: z.object({}), data: rolloverPlanSchema,
  }),
  commit: defineCall({
    id: 'rollover.commit', method: 'POST', path: `${LIB}/Rollover/Commit`, auth: 'user', spec: false, perm: 'people.rollover.run',
    input: z.object({ Fingerprint: z.string().min(1).max(200) }), data: rolloverBatchSchema,
  }),
  history: defineCall({
    id: 'rollover.history', method: 'POST', path: `${LIB}/Rollover/History`, auth: 'user', spec: false, perm: ROLLOVER_MENU,
    input: pageQuerySchema, data: pageOf(rolloverBatchSchema),
  }),
  undo: defineCall({
    id: 'rollover.undo', method: 'POST', path: `${LIB}/Rollover/Undo`, auth: 'user', spec: false, perm: 'people.rollover.undo',
    input: z.object({ ID: z.number().int() }), data: rolloverBatchSchema,
  }),
} as const;
