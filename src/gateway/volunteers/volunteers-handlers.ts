import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { MAX_DUTY_MINUTES, volunteerCalls as C, type Shift } from '../../shared/api/volunteers.ts';
import { toLocalDay, weekdayOf } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { requireUser } from '../access/call-context.ts';
import { readerFilter } from '../access/user-store.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { readerByCard } from '../circulation/circulation-store.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { containsText } from '../db/like.ts';
import type { Database, VolunteerPostsTable } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import type { JobContext, JobSpec } from '../jobs/job-runner.ts';
import type { Kysely, Transaction } from 'kysely';
import { dutyById, findDuties, findVolunteers, volunteerById, type VolunteerFilters } from './volunteers-store.ts';

/**
 * Library volunteers (contract: shared/api/volunteers.ts): posts, registrations per term, the
 * weekly schedule, duties signed in and out by card, staff corrections, hours and their export.
 */

type Db = Kysely<Database> | Transaction<Database>;
const pick = (lang: Language, zh: string, enName: string) => (lang === 'en-US' && enName) || zh;

async function guardUnique<T>(key: string, params: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(key, params);
    throw err;
  }
}

async function postsInUse(db: Db, schoolId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const [v, s] = await Promise.all([
    db.selectFrom('volunteers').select('post_id').distinct().where('school_id', '=', schoolId).where('post_id', 'in', ids).execute(),
    db.selectFrom('volunteer_shifts').select('post_id').distinct().where('school_id', '=', schoolId).where('post_id', 'in', ids).execute(),
  ]);
  return new Set([...v, ...s].map((r) => r.post_id));
}
const toPost = (r: Selectable<VolunteerPostsTable>, inUse: boolean) => ({ ID: r.id, Name: r.name, EnName: r.en_name, Sort: r.sort, State: r.state, InUse: inUse });

async function mustPost(db: Db, schoolId: number, id: number) {
  const p = await db.selectFrom('volunteer_posts').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
  if (!p) throw AppError.notFound('volunteers:postNotFound');
  return p;
}

async function shiftsOf(db: Db, schoolId: number, lang: Language, ids?: number[]): Promise<Shift[]> {
  let q = db.selectFrom('volunteer_shifts as s').innerJoin('volunteer_posts as p', 'p.id', 's.post_id')
    .select(['s.id', 's.weekday', 's.start_time', 's.end_time', 's.post_id', 's.note', 'p.name', 'p.en_name'])
    .where('s.school_id', '=', schoolId);
  if (ids) q = q.where('s.id', 'in', ids.length ? ids : [-1]);
  const shifts = await q.orderBy('s.weekday').orderBy('s.start_time').orderBy('s.id').limit(500).execute();
  const members = shifts.length ? await db.selectFrom('volunteer_shift_members as m')
    .innerJoin('volunteers as v', 'v.id', 'm.volunteer_id').innerJoin('users', 'users.id', 'v.user_id')
    .select(['m.shift_id', 'v.id', 'users.name', 'users.reader_id'])
    .where('m.shift_id', 'in', shifts.map((s) => s.id)).orderBy('users.reader_id').execute() : [];
  return shifts.map((s) => ({
    ID: s.id, Weekday: s.weekday, StartTime: s.start_time, EndTime: s.end_time, PostID: s.post_id, PostName: pick(lang, s.name, s.en_name), Note: s.note,
    Volunteers: members.filter((m) => m.shift_id === s.id).map((m) => ({ ID: m.id, Name: m.name, ReaderID: m.reader_id })),
  }));
}

interface ShiftValues { Weekday: number; StartTime: string; EndTime: string; PostID: number; Note: string; VolunteerIDs: number[] }

async function checkShift(db: Db, schoolId: number, s: ShiftValues) {
  await mustPost(db, schoolId, s.PostID);
  const ids = [...new Set(s.VolunteerIDs)];
  if (ids.length) {
    const found = await db.selectFrom('volunteers').select('id').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw AppError.notFound('volunteers:volunteerNotFound');
  }
  return ids;
}

async function setMembers(trx: Transaction<Database>, shiftId: number, ids: number[]) {
  await trx.deleteFrom('volunteer_shift_members').where('shift_id', '=', shiftId).execute();
  if (ids.length) await trx.insertInto('volunteer_shift_members').values(ids.map((id) => ({ shift_id: shiftId, volunteer_id: id }))).execute();
}

/** A staff-entered span: not longer than a duty can be, not ending in the future. */
function checkSpan(startedAt: string, endedAt: string) {
  const start = Date.parse(startedAt);
  const end = Date.parse(endedAt);
  if (end > Date.now() + 5 * 60_000) throw AppError.conflict('volunteers:endsInFuture');
  const minutes = Math.floor((end - start) / 60_000);
  if (minutes > MAX_DUTY_MINUTES) throw AppError.conflict('volunteers:tooLong', { hours: MAX_DUTY_MINUTES / 60 });
  return { minutes, started: new Date(start).toISOString(), ended: new Date(end).toISOString() };
}

const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;

const CHUNK = 500;
const EXPORT_COLUMNS = ['ReaderID', 'Name', 'ClassName', 'TermName', 'PostName', 'Duties', 'Hours'] as const;

function exportHoursJob(o: { app: FastifyInstance; lang: Language; schoolId: number; userId: number; filters: VolunteerFilters }): JobSpec {
  const t = (k: string, p?: Record<string, unknown>) => o.app.i18n.t(o.lang, k, p);
  const resultPath = join('files', String(o.schoolId), `${randomUUID()}.xlsx`);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    schoolId: o.schoolId, userId: o.userId, operationType: 'ExportVolunteerHours', resultPath,
    fileName: `${t('volunteers:export.fileName')}_${stamp}.xlsx`,
    doneMessage: t('gateway:export.generated'), stoppedMessage: t('gateway:export.stopped'), failedMessage: t('errors:exportFailed'),
    async run(ctx: JobContext) {
      const { default: ExcelJS } = await import('exceljs');
      const first = await findVolunteers(o.app.db, o.schoolId, o.lang, o.filters, 1, 1, 'minutes');
      await ctx.setTotal(first.Total);
      const file = join(o.app.config.dataDir, resultPath);
      mkdirSync(dirname(file), { recursive: true });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
      const sheet = wb.addWorksheet(t('volunteers:export.sheet'));
      sheet.columns = EXPORT_COLUMNS.map((k) => ({ header: t(`volunteers:resources.volunteer-hours.fields.${k}`), key: k, width: k === 'TermName' || k === 'Name' ? 24 : 14 }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      let done = 0;
      for (let page = 1; done < first.Total; page++) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const { List } = await findVolunteers(o.app.db, o.schoolId, o.lang, o.filters, page, CHUNK, 'minutes');
        if (!List.length) break;
        for (const r of List) sheet.addRow({ ...r, Hours: hoursOf(r.Minutes) }).commit();
        done += List.length;
        await ctx.progress(done);
      }
      await sheet.commit();
      await wb.commit();
    },
  };
}

async function mustVolunteer(ctx: CallContext, schoolId: number, id: number) {
  const v = await volunteerById(ctx.app.db, schoolId, ctx.lang, id);
  if (!v) throw AppError.notFound('volunteers:volunteerNotFound');
  return v;
}

export const volunteersHandlers = {
  'volunteers.getPostList': handler(C.getPostList, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    let q = ctx.app.db.selectFrom('volunteer_posts').where('school_id', '=', schoolId);
    if (i.SearchKey?.trim()) q = q.where((eb) => eb.or([containsText('name', i.SearchKey!.trim()), containsText('en_name', i.SearchKey!.trim())]));
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('sort').orderBy('id').limit(i.Rows).offset((i.Page - 1) * i.Rows).execute(),
    ]);
    const used = await postsInUse(ctx.app.db, schoolId, rows.map((r) => r.id));
    return { Total: Number(n), List: rows.map((r) => toPost(r, used.has(r.id))) };
  }),
  'volunteers.addPost': handler(C.addPost, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await guardUnique('volunteers:postExists', { name: i.Name }, () => writeTx(ctx.app.db, (trx) =>
      trx.insertInto('volunteer_posts').values({ school_id: schoolId, name: i.Name, en_name: i.EnName, sort: i.Sort, state: i.State }).returningAll().executeTakeFirstOrThrow()));
    return toPost(row, false);
  }),
  'volunteers.updatePost': handler(C.updatePost, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await guardUnique('volunteers:postExists', { name: i.Name }, () => writeTx(ctx.app.db, (trx) =>
      trx.updateTable('volunteer_posts').set({ name: i.Name, en_name: i.EnName, sort: i.Sort, state: i.State })
        .where('school_id', '=', schoolId).where('id', '=', i.ID).returningAll().executeTakeFirst()));
    if (!row) throw AppError.notFound('volunteers:postNotFound');
    return toPost(row, (await postsInUse(ctx.app.db, schoolId, [row.id])).has(row.id));
  }),
  'volunteers.deletePost': handler(C.deletePost, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const post = await mustPost(trx, schoolId, i.ID);
      if ((await postsInUse(trx, schoolId, [post.id])).size) throw AppError.conflict('volunteers:postInUse', { name: post.name });
      await trx.deleteFrom('volunteer_posts').where('school_id', '=', schoolId).where('id', '=', post.id).execute();
    });
    return null;
  }),

  'volunteers.getTermOptions': handler(C.getTermOptions, async (_i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('terms').select(['id', 'school_year', 'name', 'en_name', 'is_current'])
      .where('school_id', '=', schoolId).orderBy('start_date', 'desc').limit(200).execute();
    return rows.map((r) => ({ ID: r.id, Name: `${r.school_year} ${pick(ctx.lang, r.name, r.en_name)}`, IsCurrent: r.is_current === 1 }));
  }),

  'volunteers.findReaders': handler(C.findReaders, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('users').leftJoin('departments as d', 'd.id', 'users.dept_id')
      .select(['users.reader_id', 'users.name', 'users.identity', 'd.name as dept_name', 'd.en_name as dept_en_name'])
      .where('users.school_id', '=', schoolId).where('users.reader_id', '!=', '').where(readerFilter(i.Key))
      .orderBy('users.reader_id').limit(20).execute();
    return rows.map((r) => ({ ReaderID: r.reader_id, Name: r.name, Identity: r.identity, ClassName: (ctx.lang === 'en-US' && r.dept_en_name) || r.dept_name || '' }));
  }),

  'volunteers.getVolunteerList': handler(C.getVolunteerList, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    return findVolunteers(ctx.app.db, schoolId, ctx.lang, { termId: i.TermID, postId: i.PostID, state: i.State, key: i.SearchKey }, i.Page, i.Rows);
  }),
  'volunteers.addVolunteer': handler(C.addVolunteer, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    const reader = await readerByCard(db, schoolId, i.ReaderID);
    if (!reader) throw AppError.notFound('errors:readerNotFound');
    const post = await mustPost(db, schoolId, i.PostID);
    if (post.state !== 1) throw AppError.conflict('volunteers:postOff', { name: post.name });
    const term = await db.selectFrom('terms').select(['id', 'school_year', 'name']).where('school_id', '=', schoolId).where('id', '=', i.TermID).executeTakeFirst();
    if (!term) throw AppError.notFound('volunteers:termNotFound');
    const row = await guardUnique('volunteers:alreadyRegistered', { name: reader.name, term: `${term.school_year} ${term.name}` }, () => writeTx(db, (trx) =>
      trx.insertInto('volunteers').values({
        school_id: schoolId, user_id: reader.id, post_id: post.id, term_id: term.id, state: 'active', note: i.Note, created_at: new Date().toISOString(),
      }).returning('id').executeTakeFirstOrThrow()));
    return mustVolunteer(ctx, schoolId, row.id);
  }),
  'volunteers.updateVolunteer': handler(C.updateVolunteer, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    await mustPost(ctx.app.db, schoolId, i.PostID);
    const r = await writeTx(ctx.app.db, (trx) => trx.updateTable('volunteers').set({ post_id: i.PostID, state: i.State, note: i.Note })
      .where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst());
    if (Number(r.numUpdatedRows) === 0) throw AppError.notFound('volunteers:volunteerNotFound');
    return mustVolunteer(ctx, schoolId, i.ID);
  }),
  'volunteers.deleteVolunteer': handler(C.deleteVolunteer, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const v = await trx.selectFrom('volunteers').select('id').where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst();
      if (!v) throw AppError.notFound('volunteers:volunteerNotFound');
      // Served hours are a record the school certifies: a volunteer with duties is ended, not deleted.
      const duty = await trx.selectFrom('volunteer_duties').select('id').where('volunteer_id', '=', v.id).executeTakeFirst();
      if (duty) throw AppError.conflict('volunteers:hasDuties');
      await trx.deleteFrom('volunteer_shift_members').where('volunteer_id', '=', v.id).execute();
      await trx.deleteFrom('volunteers').where('id', '=', v.id).execute();
    });
    return null;
  }),

  'volunteers.getShiftList': handler(C.getShiftList, async (_i, ctx) => shiftsOf(ctx.app.db, requireUser(ctx).schoolId, ctx.lang)),
  'volunteers.addShift': handler(C.addShift, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const ids = await checkShift(ctx.app.db, schoolId, i);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const row = await trx.insertInto('volunteer_shifts').values({
        school_id: schoolId, weekday: i.Weekday, start_time: i.StartTime, end_time: i.EndTime, post_id: i.PostID, note: i.Note,
      }).returning('id').executeTakeFirstOrThrow();
      await setMembers(trx, row.id, ids);
      return row.id;
    });
    return (await shiftsOf(ctx.app.db, schoolId, ctx.lang, [id]))[0]!;
  }),
  'volunteers.updateShift': handler(C.updateShift, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const ids = await checkShift(ctx.app.db, schoolId, i);
    await writeTx(ctx.app.db, async (trx) => {
      const r = await trx.updateTable('volunteer_shifts').set({ weekday: i.Weekday, start_time: i.StartTime, end_time: i.EndTime, post_id: i.PostID, note: i.Note })
        .where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw AppError.notFound('volunteers:shiftNotFound');
      await setMembers(trx, i.ID, ids);
    });
    return (await shiftsOf(ctx.app.db, schoolId, ctx.lang, [i.ID]))[0]!;
  }),
  'volunteers.deleteShift': handler(C.deleteShift, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const s = await trx.selectFrom('volunteer_shifts').select('id').where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst();
      if (!s) throw AppError.notFound('volunteers:shiftNotFound');
      await trx.deleteFrom('volunteer_shift_members').where('shift_id', '=', s.id).execute();
      await trx.deleteFrom('volunteer_shifts').where('id', '=', s.id).execute();
    });
    return null;
  }),

  'volunteers.scanDuty': handler(C.scanDuty, async (i, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    const reader = await readerByCard(db, schoolId, i.ReaderID);
    if (!reader) throw AppError.notFound('errors:readerNotFound');
    const { calendar } = await loadCalendar(db, schoolId);
    const now = new Date();
    const nowIso = now.toISOString();
    const today = toLocalDay(nowIso, calendar.UtcOffsetMinutes);
    const result = await writeTx(db, async (trx) => {
      const open = await trx.selectFrom('volunteer_duties as u').innerJoin('volunteers as v', 'v.id', 'u.volunteer_id')
        .select(['u.id', 'u.started_at']).where('u.school_id', '=', schoolId).where('v.user_id', '=', reader.id).where('u.ended_at', 'is', null).executeTakeFirst();
      if (open) {
        // A duty left open past the longest one is capped and flagged for staff to correct.
        const raw = Math.floor((now.getTime() - Date.parse(open.started_at)) / 60_000);
        const capped = raw > MAX_DUTY_MINUTES;
        await trx.updateTable('volunteer_duties').set({
          ended_at: nowIso, minutes: Math.min(raw, MAX_DUTY_MINUTES), ...(capped ? { note: ctx.t('volunteers:duty.capped', { hours: MAX_DUTY_MINUTES / 60 }) } : {}),
        }).where('id', '=', open.id).execute();
        return { action: 'out' as const, id: open.id };
      }
      // The registration of the term under way, else the latest active one.
      const regs = await trx.selectFrom('volunteers as v').innerJoin('terms as t', 't.id', 'v.term_id')
        .select(['v.id', 'v.post_id', 't.start_date', 't.end_date'])
        .where('v.school_id', '=', schoolId).where('v.user_id', '=', reader.id).where('v.state', '=', 'active')
        .orderBy('t.start_date', 'desc').execute();
      const reg = regs.find((r) => r.start_date <= today && r.end_date >= today) ?? regs[0];
      if (!reg) throw AppError.conflict('volunteers:notVolunteer', { name: reader.name });
      // The post of the shift they are on right now, else the post they registered for.
      const hhmm = new Date(now.getTime() + calendar.UtcOffsetMinutes * 60_000).toISOString().slice(11, 16);
      const weekday = weekdayOf(today) || 7;
      const shift = await trx.selectFrom('volunteer_shifts as s').innerJoin('volunteer_shift_members as m', 'm.shift_id', 's.id')
        .select('s.post_id').where('m.volunteer_id', '=', reg.id).where('s.weekday', '=', weekday)
        .where('s.start_time', '<=', hhmm).where('s.end_time', '>', hhmm).executeTakeFirst();
      const row = await trx.insertInto('volunteer_duties').values({
        school_id: schoolId, volunteer_id: reg.id, post_id: shift?.post_id ?? reg.post_id, day: today, started_at: nowIso, staff_id: userId, note: '',
      }).returning('id').executeTakeFirstOrThrow();
      return { action: 'in' as const, id: row.id };
    });
    return { Action: result.action, Duty: (await dutyById(db, schoolId, ctx.lang, result.id))! };
  }),

  'volunteers.getDutyList': handler(C.getDutyList, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    return findDuties(ctx.app.db, schoolId, ctx.lang, { from: i.DateFrom, to: i.DateTo, termId: i.TermID, reader: i.Reader, openOnly: i.OpenOnly }, i.Page, i.Rows);
  }),
  'volunteers.correctDuty': handler(C.correctDuty, async (i, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const span = checkSpan(i.StartedAt, i.EndedAt);
    const { calendar } = await loadCalendar(ctx.app.db, schoolId);
    const r = await writeTx(ctx.app.db, (trx) => trx.updateTable('volunteer_duties').set({
      started_at: span.started, ended_at: span.ended, minutes: span.minutes, day: toLocalDay(span.started, calendar.UtcOffsetMinutes), corrected_by: userId, note: i.Note,
    }).where('school_id', '=', schoolId).where('id', '=', i.ID).executeTakeFirst());
    if (Number(r.numUpdatedRows) === 0) throw AppError.notFound('volunteers:dutyNotFound');
    return (await dutyById(ctx.app.db, schoolId, ctx.lang, i.ID))!;
  }),
  'volunteers.addDuty': handler(C.addDuty, async (i, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const span = checkSpan(i.StartedAt, i.EndedAt);
    const { calendar } = await loadCalendar(ctx.app.db, schoolId);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const v = await trx.selectFrom('volunteers').select(['id', 'post_id']).where('school_id', '=', schoolId).where('id', '=', i.VolunteerID).executeTakeFirst();
      if (!v) throw AppError.notFound('volunteers:volunteerNotFound');
      const row = await trx.insertInto('volunteer_duties').values({
        school_id: schoolId, volunteer_id: v.id, post_id: v.post_id, day: toLocalDay(span.started, calendar.UtcOffsetMinutes),
        started_at: span.started, ended_at: span.ended, minutes: span.minutes, staff_id: userId, corrected_by: userId, note: i.Note,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
    return (await dutyById(ctx.app.db, schoolId, ctx.lang, id))!;
  }),

  'volunteers.getHours': handler(C.getHours, async (i, ctx) => {
    const { schoolId } = requireUser(ctx);
    const { List, Total } = await findVolunteers(ctx.app.db, schoolId, ctx.lang, { termId: i.TermID, postId: i.PostID, key: i.SearchKey }, i.Page, i.Rows, 'minutes');
    return {
      Total,
      List: List.map((v) => ({
        VolunteerID: v.ID, ReaderID: v.ReaderID, Name: v.Name, ClassName: v.ClassName, TermName: v.TermName, PostName: v.PostName,
        Duties: v.Duties, Minutes: v.Minutes, Hours: hoursOf(v.Minutes),
      })),
    };
  }),
  'volunteers.exportHours': handler(C.exportHours, async (i, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const DataID = await ctx.app.jobs.start(exportHoursJob({ app: ctx.app, lang: ctx.lang, schoolId, userId, filters: { termId: i.TermID, postId: i.PostID, key: i.SearchKey } }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
