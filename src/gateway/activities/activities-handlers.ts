import { ACTIVITY_MENU, MAX_ENTRIES_PER_TASK, activityCalls as C, type ActivityInput } from '../../shared/api/activities.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import { writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { activityState, localToday } from './activity-dates.ts';
import { activityDetail, activityPage, findActivity, findTheme, submissionPage, themePage, type Db } from './activities-store.ts';

/**
 * Reading themes and activities (contract: shared/api/activities.ts). The reads answer anonymous
 * callers of the SchoolID header (the portal, the kiosk); states are computed from the dates and
 * the school's local today. Staff of the /theme-reading operation keep themes and activities; a
 * signed-in reader writes their own entries, only while an activity runs.
 */

const nowIso = () => new Date().toISOString();

/** The school's offset and local today (the calendar the desk keeps in memory: no query per tap). */
async function clockOf(ctx: CallContext, schoolId: number) {
  const offset = (await ctx.app.schoolRules.of(schoolId)).rules.Calendar.UtcOffsetMinutes;
  return { offset, today: localToday(offset) };
}

/** Whole names for the writer and for staff of the menu; masked for everyone else. */
async function viewerOf(ctx: CallContext, schoolId: number) {
  const userId = ctx.principal?.userId ?? null;
  const staff = userId != null && holds(await ctx.app.permissions.of(userId, schoolId), ACTIVITY_MENU);
  return { viewer: userId, staff, lang: ctx.lang };
}

async function themeOr404(db: Db, schoolId: number, id: number) {
  const row = await findTheme(db, schoolId, id);
  if (!row) throw AppError.notFound('activities:errors.themeNotFound');
  return row;
}

async function activityOr404(db: Db, schoolId: number, id: number) {
  const row = await findActivity(db, schoolId, id);
  if (!row) throw AppError.notFound('activities:errors.activityNotFound');
  return row;
}

async function detailOf(ctx: CallContext, schoolId: number, id: number) {
  const detail = await activityDetail(ctx.app.db, schoolId, id, await clockOf(ctx, schoolId));
  if (!detail) throw AppError.notFound('activities:errors.activityNotFound');
  return detail;
}

async function themeOut(ctx: CallContext, schoolId: number, id: number) {
  const { today } = await clockOf(ctx, schoolId);
  return (await themePage(ctx.app.db, schoolId, { page: 1, rows: 1, id, today })).List[0]!;
}

/** Every title of every task must be this school's (404 otherwise, nothing written). */
async function checkTitles(db: Db, schoolId: number, input: ActivityInput) {
  const ids = [...new Set(input.Tasks.flatMap((t) => t.ItemIDs))];
  if (!ids.length) return;
  const found = await db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw AppError.notFound('activities:errors.titleNotFound');
}

const activityValues = (i: ActivityInput) => ({
  theme_id: i.ThemeID, title: i.Title, summary: i.Summary, body: i.Body, organizer: i.Organizer, start_date: i.StartDate, end_date: i.EndDate,
});

/** Writes the tasks in the order given: existing ones updated, new ones inserted, each one's list replaced. */
async function writeTasks(trx: Db, schoolId: number, activityId: number, tasks: ActivityInput['Tasks']) {
  for (const [i, t] of tasks.entries()) {
    const values = { title: t.Title, description: t.Description, kind: t.Kind, target: t.Target, sort: i + 1 };
    let id = t.ID;
    if (id != null) {
      await trx.updateTable('activity_tasks').set(values).where('id', '=', id).where('activity_id', '=', activityId).execute();
      await trx.deleteFrom('activity_task_books').where('task_id', '=', id).execute();
    } else {
      id = (await trx.insertInto('activity_tasks').values({ school_id: schoolId, activity_id: activityId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
    }
    const books = [...new Set(t.ItemIDs)];
    if (books.length) await trx.insertInto('activity_task_books').values(books.map((title_id, k) => ({ task_id: id, title_id, sort: k + 1 }))).execute();
  }
}

async function removeActivity(trx: Db, schoolId: number, id: number) {
  const tasks = (await trx.selectFrom('activity_tasks').select('id').where('activity_id', '=', id).execute()).map((t) => t.id);
  await trx.deleteFrom('activity_submissions').where('school_id', '=', schoolId).where('activity_id', '=', id).execute();
  if (tasks.length) await trx.deleteFrom('activity_task_books').where('task_id', 'in', tasks).execute();
  await trx.deleteFrom('activity_tasks').where('activity_id', '=', id).execute();
  await trx.deleteFrom('activities').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export const activityHandlers = {
  'activities.themeList': handler(C.themeList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const { today } = await clockOf(ctx, schoolId);
    return themePage(ctx.app.db, schoolId, { page: input.Page, rows: input.Rows, searchKey: input.SearchKey, id: input.ID, today });
  }),

  'activities.activityList': handler(C.activityList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const { today } = await clockOf(ctx, schoolId);
    return activityPage(ctx.app.db, schoolId, { page: input.Page, rows: input.Rows, searchKey: input.SearchKey, themeId: input.ThemeID, state: input.State, today });
  }),

  'activities.submitsByTheme': handler(C.submitsByTheme, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await themeOr404(ctx.app.db, schoolId, input.ThemeID);
    return submissionPage(ctx.app.db, schoolId, { themeId: input.ThemeID, page: input.Page, rows: input.Rows, ...(await viewerOf(ctx, schoolId)) });
  }),

  'activities.submitsByActivity': handler(C.submitsByActivity, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await activityOr404(ctx.app.db, schoolId, input.ActivityID);
    return submissionPage(ctx.app.db, schoolId, {
      activityId: input.ActivityID, taskId: input.TaskID, page: input.Page, rows: input.Rows, ...(await viewerOf(ctx, schoolId)),
    });
  }),

  'activities.activityInfo': handler(C.activityInfo, async (input, ctx) => detailOf(ctx, requireSchool(ctx), input.ID)),

  'activities.addTheme': handler(C.addTheme, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const at = nowIso();
    const row = await ctx.app.db.insertInto('activity_themes')
      .values({ school_id: schoolId, title: input.Title, summary: input.Summary, created_by: userId, created_at: at, updated_at: at })
      .returning('id').executeTakeFirstOrThrow();
    return themeOut(ctx, schoolId, row.id);
  }),

  'activities.updateTheme': handler(C.updateTheme, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await themeOr404(ctx.app.db, schoolId, input.ID);
    await ctx.app.db.updateTable('activity_themes').set({ title: input.Title, summary: input.Summary, updated_at: nowIso() })
      .where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    return themeOut(ctx, schoolId, input.ID);
  }),

  'activities.deleteTheme': handler(C.deleteTheme, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await themeOr404(trx, schoolId, input.ID);
      const used = await trx.selectFrom('activities').select('id').where('school_id', '=', schoolId).where('theme_id', '=', input.ID).limit(1).executeTakeFirst();
      if (used) throw AppError.refused('activities:errors.themeHasActivities');
      await trx.deleteFrom('activity_themes').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    });
    return null;
  }),

  'activities.addActivity': handler(C.addActivity, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    if (input.Tasks.some((t) => t.ID != null)) throw AppError.notFound('activities:errors.taskNotFound');
    const id = await writeTx(ctx.app.db, async (trx) => {
      await themeOr404(trx, schoolId, input.ThemeID);
      await checkTitles(trx, schoolId, input);
      const at = nowIso();
      const row = await trx.insertInto('activities')
        .values({ school_id: schoolId, ...activityValues(input), created_by: userId, created_at: at, updated_at: at })
        .returning('id').executeTakeFirstOrThrow();
      await writeTasks(trx, schoolId, row.id, input.Tasks);
      return row.id;
    });
    return detailOf(ctx, schoolId, id);
  }),

  'activities.updateActivity': handler(C.updateActivity, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await activityOr404(trx, schoolId, input.ID);
      await themeOr404(trx, schoolId, input.ThemeID);
      await checkTitles(trx, schoolId, input);
      const have = (await trx.selectFrom('activity_tasks').select('id').where('activity_id', '=', input.ID).execute()).map((t) => t.id);
      const kept = input.Tasks.flatMap((t) => (t.ID != null ? [t.ID] : []));
      if (kept.some((id) => !have.includes(id)) || new Set(kept).size !== kept.length) throw AppError.notFound('activities:errors.taskNotFound');
      const dropped = have.filter((id) => !kept.includes(id));
      if (dropped.length) {
        // Readers' entries are their work: a task they wrote to stays (staff take entries down one by one).
        const written = await trx.selectFrom('activity_submissions').select('id').where('task_id', 'in', dropped).limit(1).executeTakeFirst();
        if (written) throw AppError.refused('activities:errors.taskHasEntries');
        await trx.deleteFrom('activity_task_books').where('task_id', 'in', dropped).execute();
        await trx.deleteFrom('activity_tasks').where('id', 'in', dropped).execute();
      }
      await trx.updateTable('activities').set({ ...activityValues(input), updated_at: nowIso() }).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      await writeTasks(trx, schoolId, input.ID, input.Tasks);
    });
    return detailOf(ctx, schoolId, input.ID);
  }),

  'activities.deleteActivity': handler(C.deleteActivity, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      await activityOr404(trx, schoolId, input.ID);
      await removeActivity(trx, schoolId, input.ID);
    });
    return null;
  }),

  'activities.deleteSubmission': handler(C.deleteSubmission, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const gone = await ctx.app.db.deleteFrom('activity_submissions').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw AppError.notFound('activities:errors.entryNotFound');
    return null;
  }),

  'activities.submit': handler(C.submit, async (input, ctx) => {
    // The writer is the token's user: the input names no reader, so no one writes for another.
    const { userId, schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    const activity = await activityOr404(db, schoolId, input.ActivityID);
    const task = await db.selectFrom('activity_tasks').select('id').where('school_id', '=', schoolId).where('activity_id', '=', activity.id).where('id', '=', input.TaskID).executeTakeFirst();
    if (!task) throw AppError.notFound('activities:errors.taskNotFound');
    const { today } = await clockOf(ctx, schoolId);
    const state = activityState(activity.start_date, activity.end_date, today);
    if (state === 'notStarted') throw AppError.refused('activities:errors.notStarted', { date: activity.start_date });
    if (state === 'ended') throw AppError.refused('activities:errors.ended', { date: activity.end_date });
    const list = (await db.selectFrom('activity_task_books').select('title_id').where('task_id', '=', task.id).execute()).map((b) => b.title_id);
    if (input.ItemID != null) {
      const title = await db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('id', '=', input.ItemID).executeTakeFirst();
      if (!title) throw AppError.notFound('activities:errors.titleNotFound');
      if (list.length && !list.includes(input.ItemID)) throw AppError.refused('activities:errors.bookNotOnList');
    }
    const id = await writeTx(db, async (trx) => {
      const mine = await trx.selectFrom('activity_submissions').select((eb) => eb.fn.countAll().as('n')).where('task_id', '=', task.id).where('user_id', '=', userId).executeTakeFirstOrThrow();
      if (Number(mine.n) >= MAX_ENTRIES_PER_TASK) throw AppError.refused('activities:errors.tooManyEntries', { max: MAX_ENTRIES_PER_TASK });
      const row = await trx.insertInto('activity_submissions').values({
        school_id: schoolId, activity_id: activity.id, task_id: task.id, title_id: input.ItemID ?? null, user_id: userId, content: input.Content, created_at: nowIso(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
    return (await submissionPage(db, schoolId, { ids: [id], page: 1, rows: 1, viewer: userId, staff: false, lang: ctx.lang })).List[0]!;
  }),
} satisfies HandlerMapFor<typeof C>;
