import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SIGN_REPEAT_MINUTES, signRecordCalls as C, type SignFilters } from '../../shared/api/sign-records.ts';
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
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
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

const CHUNK = 1000;
const EXPORT_COLUMNS = ['At', 'ReaderID', 'ReaderName', 'Identity', 'ClassName', 'BranchName', 'Room', 'Station', 'StaffName'] as const;

/** The visits under the screen's filters as .xlsx, newest first, read in chunks below the last id seen. */
function exportJob(o: { app: FastifyInstance; lang: Language; scope: SignScope; userId: number; filters: SignQueryFilters; offset: number }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.scope.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    schoolId: o.scope.schoolId, userId: o.userId, operationType: 'ExportSignRecords', resultPath,
    fileName: `${t('sign-records:export.fileName')}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const first = await findSignRecords(o.app.db, o.scope, o.filters, 1, 1);
      await ctx.setTotal(first.Total);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('sign-records:export.sheet'));
      sheet.columns = EXPORT_COLUMNS.map((k) => ({ header: t(`sign-records:resources.sign-record.fields.${k}`), key: k, width: k === 'At' ? 18 : 14 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let done = 0;
      // Visits recorded while the export runs are left out: it starts below the newest match.
      let beforeId = (first.List[0]?.ID ?? 0) + 1;
      while (done < first.Total) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const { List } = await findSignRecords(o.app.db, o.scope, { ...o.filters, beforeId }, 1, CHUNK, { total: false });
        if (!List.length) break;
        for (const r of List) {
          sheet.addRow({ ...r, At: localDateTime(r.At, o.offset), Identity: t(`sign-records:resources.sign-record.options.Identity.${r.Identity}`) }).commit();
        }
        done += List.length;
        beforeId = List.at(-1)!.ID;
        await ctx.progress(done);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
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
