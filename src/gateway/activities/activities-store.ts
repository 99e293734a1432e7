import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { ActivityDetail, ActivityState, ActivitySubmission, ActivitySummary, ActivityTask, ActivityTheme, TaskKind } from '../../shared/api/activities.ts';
import type { Page } from '../../shared/api/paging.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Database } from '../db/schema.ts';
import { containsText } from '../db/like.ts';
import { publicTitles } from '../search/public-titles.ts';
import { activityState, dayStartInstant, nextDay } from './activity-dates.ts';

/** Queries of reading themes, activities, tasks and entries; every one scoped by school. */

export type Db = Kysely<Database>;
type ActivityEb = ExpressionBuilder<Database & { a: Database['activities'] }, 'a'>;

const n = (v: unknown) => Number(v ?? 0);

/** "李子轩" → "李**": a classmate's entry is shown, not who wrote it (as book reviews do). */
export const masked = (name: string) => {
  const chars = [...name];
  return chars.length ? chars[0] + '*'.repeat(Math.max(1, chars.length - 1)) : '';
};

/** The rows of a state on `today`: the dates are inclusive local days. */
function stateFilter(eb: ActivityEb, state: ActivityState, today: string) {
  if (state === 'notStarted') return eb('a.start_date', '>', today);
  if (state === 'ended') return eb('a.end_date', '<', today);
  return eb.and([eb('a.start_date', '<=', today), eb('a.end_date', '>=', today)]);
}

// ---- themes ----

export async function themePage(db: Db, schoolId: number, q: { page: number; rows: number; searchKey?: string; id?: number; today: string }): Promise<Page<ActivityTheme>> {
  let base = db.selectFrom('activity_themes as t').where('t.school_id', '=', schoolId);
  if (q.id != null) base = base.where('t.id', '=', q.id);
  if (q.searchKey) {
    const key = q.searchKey;
    base = base.where((eb) => eb.or([containsText('t.title', key), containsText('t.summary', key)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.select((eb) => [
      't.id', 't.title', 't.summary', 't.created_at',
      eb.selectFrom('activities as a').whereRef('a.theme_id', '=', 't.id').select((e) => e.fn.countAll().as('c')).as('activities'),
      eb.selectFrom('activities as a').whereRef('a.theme_id', '=', 't.id').where('a.start_date', '<=', q.today).where('a.end_date', '>=', q.today)
        .select((e) => e.fn.countAll().as('c')).as('doing'),
      eb.selectFrom('activity_submissions as s').innerJoin('activities as a', 'a.id', 's.activity_id').whereRef('a.theme_id', '=', 't.id')
        .select((e) => e.fn.countAll().as('c')).as('submissions'),
    ]).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(q.rows).offset((q.page - 1) * q.rows).execute(),
  ]);
  return {
    Total: n(count.n),
    List: rows.map((r) => ({
      ID: r.id, Title: r.title, Summary: r.summary, CreatedAt: r.created_at,
      Activities: n(r.activities), Doing: n(r.doing), Submissions: n(r.submissions),
    })),
  };
}

export const findTheme = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('activity_themes').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();

// ---- activities ----

export interface ActivityQuery { page: number; rows: number; searchKey?: string; themeId?: number; state?: ActivityState; ids?: number[]; today: string }

export async function activityPage(db: Db, schoolId: number, q: ActivityQuery): Promise<Page<ActivitySummary>> {
  let base = db.selectFrom('activities as a').innerJoin('activity_themes as t', 't.id', 'a.theme_id').where('a.school_id', '=', schoolId);
  if (q.ids) base = base.where('a.id', 'in', q.ids.length ? q.ids : [-1]);
  if (q.themeId != null) base = base.where('a.theme_id', '=', q.themeId);
  if (q.state) {
    const state = q.state;
    base = base.where((eb) => stateFilter(eb as unknown as ActivityEb, state, q.today));
  }
  if (q.searchKey) {
    const key = q.searchKey;
    base = base.where((eb) => eb.or([containsText('a.title', key), containsText('a.summary', key), containsText('a.organizer', key)]));
  }
  // Running first (ending soonest), then those to come (starting soonest), then ended (latest first).
  const rank = sql<number>`case when a.start_date > ${q.today} then 1 when a.end_date < ${q.today} then 2 else 0 end`;
  const soon = sql<string>`case when a.end_date < ${q.today} then null when a.start_date > ${q.today} then a.start_date else a.end_date end`;
  const late = sql<string>`case when a.end_date < ${q.today} then a.end_date else null end`;
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.select((eb) => [
      'a.id', 'a.theme_id', 't.title as theme_title', 'a.title', 'a.summary', 'a.organizer', 'a.start_date', 'a.end_date',
      eb.selectFrom('activity_tasks as k').whereRef('k.activity_id', '=', 'a.id').select((e) => e.fn.countAll().as('c')).as('tasks'),
      eb.selectFrom('activity_submissions as s').whereRef('s.activity_id', '=', 'a.id').select((e) => e.fn.countAll().as('c')).as('submissions'),
      eb.selectFrom('activity_submissions as s').whereRef('s.activity_id', '=', 'a.id').select((e) => e.fn.count('s.user_id').distinct().as('c')).as('participants'),
    ]).orderBy(rank).orderBy(soon, 'asc').orderBy(late, 'desc').orderBy('a.id', 'desc')
      .limit(q.rows).offset((q.page - 1) * q.rows).execute(),
  ]);
  return {
    Total: n(count.n),
    List: rows.map((r) => ({
      ID: r.id, ThemeID: r.theme_id, ThemeTitle: r.theme_title, Title: r.title, Summary: r.summary, Organizer: r.organizer,
      StartDate: r.start_date, EndDate: r.end_date, State: activityState(r.start_date, r.end_date, q.today),
      Tasks: n(r.tasks), Participants: n(r.participants), Submissions: n(r.submissions),
    })),
  };
}

export const findActivity = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('activities').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();

/**
 * Readers who completed a task: for 'read', those who borrowed `target` different titles of its
 * list between the activity's first and last day (loans undone at the desk do not count); for
 * 'note', those who wrote `target` entries to it.
 */
async function completedCount(db: Db, schoolId: number, task: { id: number; kind: string; target: number }, window: { from: string; to: string }): Promise<number> {
  if (task.kind === 'note') {
    const inner = db.selectFrom('activity_submissions').select('user_id').where('task_id', '=', task.id)
      .groupBy('user_id').having((eb) => eb.fn.countAll(), '>=', task.target);
    const row = await db.selectFrom(inner.as('x')).select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow();
    return n(row.c);
  }
  const inner = db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('activity_task_books as b', (j) => j.onRef('b.title_id', '=', 'c.title_id').on('b.task_id', '=', task.id))
    .select('l.user_id').where('l.school_id', '=', schoolId).where('l.cancelled', '=', 0)
    .where('l.loaned_at', '>=', window.from).where('l.loaned_at', '<', window.to)
    .groupBy('l.user_id').having((eb) => eb.fn.count('c.title_id').distinct(), '>=', task.target);
  const row = await db.selectFrom(inner.as('x')).select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow();
  return n(row.c);
}

export async function activityDetail(db: Db, schoolId: number, id: number, o: { today: string; offset: number }): Promise<ActivityDetail | null> {
  const row = await findActivity(db, schoolId, id);
  if (!row) return null;
  const summary = (await activityPage(db, schoolId, { page: 1, rows: 1, ids: [id], today: o.today })).List[0]!;
  const tasks = await db.selectFrom('activity_tasks').selectAll().where('activity_id', '=', id).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute();
  const links = tasks.length ? await db.selectFrom('activity_task_books').select(['task_id', 'title_id'])
    .where('task_id', 'in', tasks.map((t) => t.id)).orderBy('task_id').orderBy('sort').execute() : [];
  // Copies and those on the shelf now, counted as the catalogue counts them for readers.
  const titles = new Map((await publicTitles(db, schoolId, [...new Set(links.map((l) => l.title_id))])).map((t) => [t.ID, t]));
  // Nothing can have been done before the first day; the window ends with the last day or today.
  const started = summary.State !== 'notStarted';
  const window = { from: dayStartInstant(row.start_date, o.offset), to: dayStartInstant(nextDay(row.end_date < o.today ? row.end_date : o.today), o.offset) };
  const TaskList: ActivityTask[] = [];
  for (const t of tasks) {
    TaskList.push({
      ID: t.id, Title: t.title, Description: t.description, Kind: t.kind as TaskKind, Target: t.target,
      Completed: started ? await completedCount(db, schoolId, t, window) : 0,
      Books: links.filter((l) => l.task_id === t.id).flatMap((l) => {
        const b = titles.get(l.title_id);
        return b ? [{ ItemID: b.ID, Title: b.Title, Author: b.Author, Copies: b.Copies, Available: b.Available }] : [];
      }),
    });
  }
  return { ...summary, Body: row.body, TaskList, Today: o.today };
}

// ---- entries ----

export async function submissionPage(db: Db, schoolId: number, q: {
  themeId?: number; activityId?: number; taskId?: number; ids?: number[]; page: number; rows: number; viewer: number | null; staff: boolean; lang: Language;
}): Promise<Page<ActivitySubmission>> {
  let base = db.selectFrom('activity_submissions as s')
    .innerJoin('activities as a', 'a.id', 's.activity_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('departments as d', 'd.id', 'u.dept_id')
    .leftJoin('activity_tasks as k', 'k.id', 's.task_id')
    .leftJoin('titles as ti', 'ti.id', 's.title_id')
    .where('s.school_id', '=', schoolId);
  if (q.themeId != null) base = base.where('a.theme_id', '=', q.themeId);
  if (q.activityId != null) base = base.where('s.activity_id', '=', q.activityId);
  if (q.taskId != null) base = base.where('s.task_id', '=', q.taskId);
  if (q.ids) base = base.where('s.id', 'in', q.ids.length ? q.ids : [-1]);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.select([
      's.id', 's.activity_id', 'a.title as activity_title', 's.task_id', 'k.title as task_title', 's.title_id', 'ti.title as book_title',
      's.content', 's.user_id', 'u.name', 'd.name as dept_name', 'd.en_name as dept_en_name', 's.created_at',
    ]).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(q.rows).offset((q.page - 1) * q.rows).execute(),
  ]);
  return {
    Total: n(count.n),
    List: rows.map((r) => {
      const mine = q.viewer != null && r.user_id === q.viewer;
      return {
        ID: r.id, ActivityID: r.activity_id, ActivityTitle: r.activity_title, TaskID: r.task_id, TaskTitle: r.task_title ?? '',
        ItemID: r.title_id, BookTitle: r.book_title ?? '', Content: r.content,
        ReaderName: mine || q.staff ? r.name : masked(r.name),
        ClassName: (q.lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
        Mine: mine, CreatedAt: r.created_at,
      };
    }),
  };
}
