import type { FastifyInstance } from 'fastify';
import { SIGN_REPEAT_MINUTES, signRecordCalls as C, type SignFilters, type SignRecord } from '../../shared/api/sign-records.ts';
import { toLocalDay, localDateTime } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { branchFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { readerByCard } from '../circulation/circulation-store.ts';
import { deptOptions, deptSubtree } from '../circulation/records-store.ts';
import { writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobSpec } from '../jobs/job-runner.ts';
import { logExportJob } from '../jobs/xlsx-export.ts';
import { findSignRecords, signStats, type SignQueryFilters, type SignScope } from './sign-records-store.ts';

/**
 * Reader visits (contract: shared/api/sign-records.ts): the station's sign-in, the list and its
 * counts, the export as a job. Branch-limited staff sign readers in at, and see visits of, their
 * branches only.
 */

async function scopeOf(ctx: CallContext): Promise<SignScope> {
  const { schoolId } = requireUser(ctx);
  return { schoolId, branchIds: await branchFilter(ctx), lang: ctx.lang };
}

async function filtersOf(ctx: CallContext, schoolId: number, f: SignFilters): Promise<SignQueryFilters> {
  const { DeptID, ...rest } = f;
  if (DeptID == null) return rest;
  const deptIds = await deptSubtree(ctx.app.db, schoolId, DeptID);
  if (!deptIds) throw AppError.notFound('validation:reader.deptNotFound');
  return { ...rest, deptIds };
}

const EXPORT_COLUMNS = ['At', 'ReaderID', 'ReaderName', 'Identity', 'ClassName', 'BranchName', 'Room', 'Station', 'StaffName'] as const;

/** The visits under the screen's filters as .xlsx, newest first (jobs/xlsx-export.ts). */
function exportJob(o: { app: FastifyInstance; lang: Language; scope: SignScope; userId: number; filters: SignQueryFilters; offset: number }): JobSpec {
  return logExportJob<SignRecord>({
    app: o.app, lang: o.lang, schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportSignRecords',
    fileNameKey: 'sign-records:export.fileName', sheetKey: 'sign-records:export.sheet',
    columns: EXPORT_COLUMNS.map((k) => ({ key: k, header: `sign-records:resources.sign-record.fields.${k}`, width: k === 'At' ? 18 : 14 })),
    page: (beforeId, rows, withTotal) => findSignRecords(o.app.db, o.scope, { ...o.filters, beforeId }, 1, rows, { total: withTotal }),
    cells: (r, t) => ({ ...r, At: localDateTime(r.At, o.offset), Identity: t(`sign-records:resources.sign-record.options.Identity.${r.Identity}`) }),
  });
}

export const signRecordsHandlers = {
  'signRecords.signIn': handler(C.signIn, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    const scope = await scopeOf(ctx);
    const branch = await db.selectFrom('branches').select('id').where('school_id', '=', schoolId).where('id', '=', input.BranchID).executeTakeFirst();
    if (!branch) throw AppError.notFound('sign-records:branchNotFound');
    if (scope.branchIds && !scope.branchIds.includes(branch.id)) throw AppError.forbidden('sign-records:outsideBranch');
    const reader = await readerByCard(db, schoolId, input.ReaderID);
    if (!reader) throw AppError.notFound('errors:readerNotFound');
    const { calendar } = await loadCalendar(db, schoolId);
    const now = new Date();
    const at = now.toISOString();
    const since = new Date(now.getTime() - SIGN_REPEAT_MINUTES * 60_000).toISOString();
    // The repeat check and the insert in one write transaction: two stations racing count once.
    const { id, counted } = await writeTx(db, async (trx) => {
      const recent = await trx.selectFrom('sign_records').select('id')
        .where('school_id', '=', schoolId).where('user_id', '=', reader.id).where('branch_id', '=', branch.id).where('room', '=', input.Room)
        .where('at', '>=', since).orderBy('id', 'desc').executeTakeFirst();
      if (recent) return { id: recent.id, counted: false };
      const row = await trx.insertInto('sign_records').values({
        school_id: schoolId, user_id: reader.id, dept_id: reader.dept_id, identity: reader.identity, branch_id: branch.id,
        room: input.Room, station: input.Station, staff_id: userId, at, day: toLocalDay(at, calendar.UtcOffsetMinutes),
      }).returning('id').executeTakeFirstOrThrow();
      return { id: row.id, counted: true };
    });
    const record = (await findSignRecords(db, { ...scope, branchIds: null }, { beforeId: id + 1 }, 1, 1, { total: false })).List[0]!;
    return { Counted: counted, Record: record, CardStatus: reader.status === 'active' ? '' : reader.status };
  }),

  'signRecords.getBranchOptions': handler(C.getBranchOptions, async (_input, ctx) => {
    const s = await scopeOf(ctx);
    let q = ctx.app.db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', s.schoolId);
    if (s.branchIds) q = q.where('id', 'in', s.branchIds.length ? s.branchIds : [-1]);
    const en = ctx.lang === 'en-US';
    return (await q.orderBy('sort').orderBy('id').execute()).map((r) => ({ ID: r.id, Name: (en && r.en_name) || r.name }));
  }),

  'signRecords.getRooms': handler(C.getRooms, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rooms = await ctx.app.db.selectFrom('sign_records').select('room').distinct()
      .where('school_id', '=', schoolId).where('room', '!=', '').orderBy('room').limit(100).execute();
    return rooms.map((r) => r.room);
  }),

  'signRecords.getList': handler(C.getList, async (input, ctx) => {
    const s = await scopeOf(ctx);
    const { Page, Rows, ...f } = input;
    return findSignRecords(ctx.app.db, s, await filtersOf(ctx, s.schoolId, f), Page, Rows);
  }),

  'signRecords.getStats': handler(C.getStats, async (input, ctx) => {
    const s = await scopeOf(ctx);
    return signStats(ctx.app.db, s, await filtersOf(ctx, s.schoolId, input));
  }),

  'signRecords.getDeptOptions': handler(C.getDeptOptions, async (_input, ctx) => deptOptions(ctx.app.db, requireUser(ctx).schoolId, ctx.lang)),

  'signRecords.export': handler(C.export, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const scope = await scopeOf(ctx);
    const filters = await filtersOf(ctx, schoolId, input);
    const { calendar } = await loadCalendar(ctx.app.db, schoolId);
    const DataID = await ctx.app.jobs.start(exportJob({ app: ctx.app, lang: ctx.lang, scope, userId, filters, offset: calendar.UtcOffsetMinutes }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
