import { localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import type { FastifyInstance } from 'fastify';
import {
  MAX_PENDING_PER_READER, recommendationCalls as C, type StageStatisticsRow, type SuggestionGroup, type SuggestionInput,
} from '../../shared/api/recommendations.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { requireUser } from '../access/call-context.ts';
import { utcOffsetOf } from '../borrow-rules/borrow-rule-store.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobSpec } from '../jobs/job-runner.ts';
import { bookKey, groupPage, holdingsOf, readerSnapshot, stagePage, suggestionDetails, toMine, type Db, type GroupFilters, type StageFilters } from './recommendations-store.ts';
import { pagedExportJob } from '../jobs/xlsx-export.ts';

/**
 * Purchase suggestions (contract: shared/api/recommendations.ts). Readers suggest and see their
 * own; staff work on one line per book. Handling is Pending → Processed | Abandoned, once: a
 * request naming suggestions someone else handled first changes the others and reports those as
 * skipped, row by row.
 */

const nowIso = () => new Date().toISOString();


/** Inserts one suggestion; the same reader and book twice is refused (the unique index decides a race). */
async function insertSuggestion(trx: Db, o: { schoolId: number; userId: number; input: SuggestionInput; enteredBy: number | null; limitPending: boolean }) {
  const who = await readerSnapshot(trx, o.schoolId, o.userId);
  if (!who) throw AppError.notFound('errors:readerNotFound');
  const key = bookKey(o.input.Title, o.input.Author, o.input.ISBN);
  const earlier = await trx.selectFrom('recommendations').select(['id', 'state']).where('school_id', '=', o.schoolId)
    .where('user_id', '=', o.userId).where('group_key', '=', key).executeTakeFirst();
  if (earlier) throw AppError.refused('recommendations:errors.alreadySuggested', { title: o.input.Title });
  if (o.limitPending) {
    const { n } = await trx.selectFrom('recommendations').select((e) => e.fn.countAll<number | string>().as('n'))
      .where('school_id', '=', o.schoolId).where('user_id', '=', o.userId).where('state', '=', 'pending').executeTakeFirstOrThrow();
    if (Number(n) >= MAX_PENDING_PER_READER) throw AppError.refused('recommendations:errors.tooManyPending', { max: MAX_PENDING_PER_READER });
  }
  const at = nowIso();
  try {
    const { id } = await trx.insertInto('recommendations').values({
      school_id: o.schoolId, user_id: o.userId, title: o.input.Title, author: o.input.Author, publisher: o.input.Publisher,
      isbn: o.input.ISBN ?? '', group_key: key, reason: o.input.Reason, ...who, entered_by: o.enteredBy, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    return { id, key };
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.refused('recommendations:errors.alreadySuggested', { title: o.input.Title });
    throw err;
  }
}

/** Moves the pending ones of `ids` to `state`; unknown ids (or another school's) refuse the whole request. */
async function handle(ctx: CallContext, ids: readonly number[], change: { state: 'processed' | 'abandoned'; batchId: number | null; abandonReason: string | null; reply: string }) {
  const { userId, schoolId } = requireUser(ctx);
  const unique = [...new Set(ids)];
  return writeTx(ctx.app.db, async (trx) => {
    if (change.batchId != null) {
      const batch = await trx.selectFrom('batches').select('id').where('school_id', '=', schoolId).where('id', '=', change.batchId).executeTakeFirst();
      if (!batch) throw AppError.notFound('recommendations:errors.batchNotFound');
    }
    const rows = await trx.selectFrom('recommendations').select(['id', 'state']).where('school_id', '=', schoolId).where('id', 'in', unique).execute();
    if (rows.length !== unique.length) throw AppError.notFound('recommendations:errors.notFound');
    const pending = rows.filter((r) => r.state === 'pending').map((r) => r.id);
    const at = nowIso();
    if (pending.length) {
      await trx.updateTable('recommendations').set({
        state: change.state, batch_id: change.batchId, abandon_reason: change.abandonReason, reply: change.reply,
        handled_by: userId, handled_at: at, updated_at: at,
      }).where('school_id', '=', schoolId).where('id', 'in', pending).where('state', '=', 'pending').execute();
    }
    const byId = new Map(rows.map((r) => [r.id, r.state]));
    return {
      Changed: pending.length,
      Rows: unique.map((id) => {
        const was = byId.get(id)!;
        return was === 'pending' ? { ID: id, Outcome: 'changed' as const, State: change.state } : { ID: id, Outcome: 'skipped' as const, State: was };
      }),
    };
  });
}

const EXPORT_COLUMNS = ['Title', 'Author', 'Publisher', 'ISBN', 'Count', 'Held', 'Available', 'FirstAt', 'LastAt', 'Reply', 'HandledBy', 'BatchNo'] as const;
const STAGE_COLUMNS = ['Title', 'Author', 'ISBN', 'Primary', 'Junior', 'Senior', 'Other', 'Count', 'Pending', 'Processed', 'Held', 'Available'] as const;
const widthOf = (k: string) => (k === 'Title' || k === 'Reply' ? 36 : k.endsWith('At') ? 18 : 14);

type ExportOwner = { app: FastifyInstance; lang: Language; schoolId: number; userId: number; offset: number };

/** The staff list under its filters as .xlsx: one row per book, as the screen shows it. */
function exportJob(o: ExportOwner & { filters: GroupFilters }): JobSpec {
  const R = 'recommendations:resources.recommendation-group';
  return pagedExportJob<SuggestionGroup>({
    ...o, operationType: 'ExportRecommendations', fileNameKey: 'recommendations:export.fileName', sheetKey: `${R}.options.State.${o.filters.State}`,
    columns: EXPORT_COLUMNS.map((k) => ({ key: k, header: `${R}.fields.${k}`, width: widthOf(k) })),
    page: (page, rows) => groupPage(o.app.db, o.schoolId, o.filters, o.offset, page, rows),
    cells: (g) => ({ ...g, FirstAt: localDateTime(g.FirstAt, o.offset), LastAt: localDateTime(g.LastAt, o.offset) }),
  });
}

/** /statistical-purchasing as .xlsx: one row per book with its readers by learning stage. */
function stageExportJob(o: ExportOwner & { filters: StageFilters }): JobSpec {
  const R = 'recommendations:resources.stage-statistics';
  return pagedExportJob<StageStatisticsRow>({
    ...o, operationType: 'ExportStageStatistics', fileNameKey: `${R}.name`, sheetKey: `${R}.name`,
    columns: STAGE_COLUMNS.map((k) => ({ key: k, header: `${R}.fields.${k}`, width: widthOf(k) })),
    page: (page, rows) => stagePage(o.app.db, o.schoolId, o.filters, o.offset, page, rows),
    cells: (r) => r,
  });
}

export const recommendationHandlers = {
  'recommendations.submit': handler(C.submit, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const { id, key } = await writeTx(ctx.app.db, (trx) => insertSuggestion(trx, { schoolId, userId, input, enteredBy: null, limitPending: true }));
    const row = await ctx.app.db.selectFrom('recommendations').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirstOrThrow();
    const held = (await holdingsOf(ctx.app.db, schoolId, [{ key, title: row.title, author: row.author }])).get(key)!;
    return { ...toMine(row), Held: held.held };
  }),

  'recommendations.mine': handler(C.mine, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    let q = ctx.app.db.selectFrom('recommendations').where('school_id', '=', schoolId).where('user_id', '=', userId);
    if (input.State) q = q.where('state', '=', input.State);
    const [total, rows] = await Promise.all([
      q.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return { Total: Number(total.n), List: rows.map(toMine) };
  }),

  'recommendations.withdraw': handler(C.withdraw, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await trx.selectFrom('recommendations').select(['id', 'state']).where('school_id', '=', schoolId)
        .where('user_id', '=', userId).where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound('recommendations:errors.notFound');
      if (row.state !== 'pending') throw AppError.refused('recommendations:errors.notPending');
      await trx.deleteFrom('recommendations').where('id', '=', row.id).where('user_id', '=', userId).execute();
    });
    return null;
  }),

  'recommendations.groups': handler(C.groups, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const { Page, Rows, ...filters } = input;
    return groupPage(ctx.app.db, schoolId, filters, await utcOffsetOf(ctx.app.db, schoolId), Page, Rows);
  }),

  'recommendations.group': handler(C.group, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await ctx.app.db.selectFrom('recommendations').select('group_key').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
    if (!row) throw AppError.notFound('recommendations:errors.notFound');
    return suggestionDetails(ctx.app.db, schoolId, { key: row.group_key });
  }),

  'recommendations.batches': handler(C.batches, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('batches').select(['id', 'batch_no', 'state']).where('school_id', '=', schoolId)
      .where('state', 'in', ['open', 'accepted']).orderBy('registered_on', 'desc').orderBy('id', 'desc').limit(200).execute();
    return rows.map((r) => ({ ID: r.id, BatchNo: r.batch_no, State: r.state }));
  }),

  'recommendations.addForReader': handler(C.addForReader, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const { ReaderID, ...book } = input;
    const reader = await ctx.app.db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('reader_id', '=', ReaderID).executeTakeFirst();
    if (!reader) throw AppError.notFound('errors:readerNotFound');
    // Staff typing in paper slips are not held to the reader's limit of pending suggestions.
    const { id } = await writeTx(ctx.app.db, (trx) => insertSuggestion(trx, { schoolId, userId: reader.id, input: book, enteredBy: userId, limitPending: false }));
    return (await suggestionDetails(ctx.app.db, schoolId, { ids: [id] }))[0]!;
  }),

  'recommendations.process': handler(C.process, async (input, ctx) =>
    handle(ctx, input.IDs, { state: 'processed', batchId: input.BatchID, abandonReason: null, reply: input.Reply })),

  'recommendations.abandon': handler(C.abandon, async (input, ctx) =>
    handle(ctx, input.IDs, { state: 'abandoned', batchId: null, abandonReason: input.AbandonReason, reply: input.Reply })),

  'recommendations.stageStatistics': handler(C.stageStatistics, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const { Page, Rows, ...filters } = input;
    return stagePage(ctx.app.db, schoolId, filters, await utcOffsetOf(ctx.app.db, schoolId), Page, Rows);
  }),

  'recommendations.exportStageStatistics': handler(C.exportStageStatistics, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const offset = await utcOffsetOf(ctx.app.db, schoolId);
    return { DataID: await ctx.app.jobs.start(stageExportJob({ app: ctx.app, lang: ctx.lang, schoolId, userId, offset, filters: input })) };
  }),

  'recommendations.export': handler(C.export, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const offset = await utcOffsetOf(ctx.app.db, schoolId);
    const DataID = await ctx.app.jobs.start(exportJob({ app: ctx.app, lang: ctx.lang, schoolId, userId, offset, filters: input }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
