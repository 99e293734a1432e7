import { sql } from 'kysely';
import {
  MAX_QUERY_DAYS, QUERY_SUBJECTS, STATISTICAL_QUERY_MENU, statisticalQueryCalls as C,
  type QueryResult, type StatisticalQuery,
} from '../../shared/api/statistical-query.ts';
import { STATISTICS_ALL_CLASSES } from '../../shared/api/statistics.ts';
import { daysBetween } from '../../shared/domain/borrowing/local-days.ts';
import { branchFilter, typeFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { classScope } from '../access/class-scope.ts';
import { holds } from '../access/permissions.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { queryOptions } from './query-options.ts';
import { queryExportJob } from './query-export.ts';
import { deleteSaved, listSaved, saveQuery } from './saved-queries.ts';
import { namesReaders, runGroups, runRows, type QueryRun, type QueryScope } from './query-store.ts';

/**
 * The query builder (contract: shared/api/statistical-query.ts). The query is checked by its
 * schema (whitelisted names, bounded lists); here the caller's reach is added: the school of the
 * token, the branches and resource types of their roles, and for a head teacher or class
 * librarian only the readers (and loans) of their classes — the collection as a whole (copies)
 * is for library staff. Readers' names and card numbers need staff who may see readers.
 */
const READERS_VIEW = 'people.readers.view';
/** A query answers within this time or is refused with a message (PostgreSQL cancels it; SQLite's are bounded by the period, the group cap and paging). */
export const QUERY_BUDGET_MS = 10_000;

interface Caller {
  scope: QueryScope;
  /** May see readers' names and card numbers. */
  readerNames: boolean;
  /** Library staff (every class, and the copies). */
  staff: boolean;
  userId: number;
}

async function callerOf(ctx: CallContext): Promise<Caller> {
  const { userId, schoolId } = requireUser(ctx);
  const [rules, perms, branches, types, classes] = await Promise.all([
    ctx.app.schoolRules.of(schoolId), ctx.app.permissions.of(userId, schoolId), branchFilter(ctx), typeFilter(ctx), classScope(ctx, STATISTICS_ALL_CLASSES),
  ]);
  const staff = classes.ids == null;
  return {
    userId,
    staff,
    // Staff who hold the reader list, or a head teacher / class librarian for their own class (as the zero-borrowing list shows them).
    readerNames: holds(perms, READERS_VIEW) || (!staff && classes.ids!.length > 0),
    scope: {
      schoolId, offset: rules.rules.Calendar.UtcOffsetMinutes, branchIds: branches, typeIds: types, deptIds: classes.ids,
      lang: ctx.lang, t: (k) => ctx.app.i18n.t(ctx.lang, k),
    },
  };
}

/** The caller may run this query at all (subject, period, names), else a clear refusal. */
function admit(c: Caller, q: StatisticalQuery) {
  if (q.Subject === 'copies' && !c.staff) throw AppError.forbidden('statistical-query:errors.copiesForStaff');
  if (daysBetween(q.From, q.To) + 1 > MAX_QUERY_DAYS) throw AppError.badRequest('validation:charts.periodTooLong', { max: MAX_QUERY_DAYS });
  if (namesReaders(q) && !c.readerNames) throw AppError.forbidden('statistical-query:errors.namesForStaff');
}

/** The school's department tree, for "a grade / class / department and everything under it". */
async function subtreeOf(ctx: CallContext, schoolId: number): Promise<(id: number) => readonly number[]> {
  const all = await ctx.app.db.selectFrom('departments').select(['id', 'parent_id']).where('school_id', '=', schoolId).execute();
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parent_id != null) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
  const ids = new Set(all.map((d) => d.id));
  return (id) => {
    // Another school's department (or none) matches nothing.
    if (!ids.has(id)) return [];
    const out = new Set<number>();
    for (const queue = [id]; queue.length;) {
      const n = queue.pop()!;
      if (out.has(n)) continue;
      out.add(n);
      queue.push(...(children.get(n) ?? []));
    }
    return [...out];
  };
}

/**
 * Runs `fn` within the budget. On PostgreSQL the statement is cancelled by the server
 * (statement_timeout, local to a read-only transaction); the refusal is a 400 with a message, never a 500.
 */
async function withBudget<T>(ctx: CallContext, fn: (run: Omit<QueryRun, 'q' | 'scope' | 'subtree'>) => Promise<T>): Promise<T> {
  const nowUtc = new Date().toISOString();
  try {
    if (ctx.app.config.db.kind !== 'postgres') return await fn({ db: ctx.app.db, nowUtc });
    return await ctx.app.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = ${sql.lit(QUERY_BUDGET_MS)}`.execute(trx);
      return fn({ db: trx, nowUtc });
    });
  } catch (e) {
    if ((e as { code?: string }).code === '57014') throw AppError.badRequest('statistical-query:errors.tooSlow');
    throw e;
  }
}

async function prepared(ctx: CallContext, q: StatisticalQuery) {
  const c = await callerOf(ctx);
  admit(c, q);
  const subtree = await subtreeOf(ctx, c.scope.schoolId);
  return { c, run: (fn: (r: QueryRun) => Promise<QueryResult>) => withBudget(ctx, (base) => fn({ ...base, q, scope: c.scope, subtree })) };
}

export const statisticalQueryHandlers = {
  'statisticalQuery.run': handler(C.run, async ({ Page, Rows, ...q }, ctx) => {
    const { run } = await prepared(ctx, q);
    return run((r) => (q.GroupBy.length ? runGroups(r) : runRows(r, Page, Rows)));
  }),
  'statisticalQuery.export': handler(C.export, async (q, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    if (!holds(await ctx.app.permissions.of(userId, schoolId), STATISTICAL_QUERY_MENU)) throw AppError.forbidden();
    const { c, run } = await prepared(ctx, q);
    // Checked now (a refusal is the caller's answer); the rows are read by the job.
    const first = await run((r) => (q.GroupBy.length ? runGroups(r) : runRows(r, 1, 1)));
    const DataID = await ctx.app.jobs.start(queryExportJob({
      app: ctx.app, lang: ctx.lang, schoolId, userId: c.userId, query: q, columns: first.Columns,
      page: (page, rows) => (q.GroupBy.length ? (page === 1 ? Promise.resolve(first) : Promise.resolve({ ...first, List: [] })) : run((r) => runRows(r, page, rows))),
    }));
    return { DataID };
  }),
  'statisticalQuery.options': handler(C.options, async (_q, ctx) => {
    const c = await callerOf(ctx);
    return {
      ...(await queryOptions(ctx.app.db, c.scope)),
      Subjects: QUERY_SUBJECTS.filter((s) => s !== 'copies' || c.staff),
      ReaderNames: c.readerNames,
    };
  }),
  'statisticalQuery.listSaved': handler(C.listSaved, async (_q, ctx) => {
    const c = await callerOf(ctx);
    return listSaved(ctx.app.db, c.scope.schoolId, c.userId, c.staff);
  }),
  'statisticalQuery.save': handler(C.save, async ({ Name, Query }, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    return { ID: await saveQuery(ctx.app.db, schoolId, userId, Name, Query) };
  }),
  'statisticalQuery.deleteSaved': handler(C.deleteSaved, async ({ ID }, ctx) => {
    const c = await callerOf(ctx);
    await deleteSaved(ctx.app.db, c.scope.schoolId, c.userId, c.staff, ID);
    return {};
  }),
} satisfies HandlerMapFor<typeof C>;
