import { chartsCalls as C, RANK_OPS, type RankQuery } from '../../shared/api/charts.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { classScope } from '../access/class-scope.ts';
import { clcRank, locationCirc, locationItems } from './location-store.ts';
import { rankExportJob } from './rank-export.ts';
import { rankPeriod } from './rank-period.ts';
import { readerPopulation, staffFilter } from './rank-scope.ts';
import { groupRank, itemRank, totalLoans, type RankFilter } from './rank-store.ts';
import { readerRank } from './reader-rank-store.ts';

/**
 * Borrowing rankings (contract: shared/api/charts.ts): the school of the token or of the SchoolID
 * header; the period in the school's calendar offset (borrow rules, kept in memory).
 */
async function filterOf(ctx: CallContext, q: RankQuery): Promise<RankFilter> {
  const schoolId = requireSchool(ctx);
  const offset = (await ctx.app.schoolRules.of(schoolId)).rules.Calendar.UtcOffsetMinutes;
  return { schoolId, period: rankPeriod(q, offset), branchId: q.BranchID, resourceTypeId: q.ResourceTypeID };
}

/**
 * Answers of the last minute, per gateway, school, call and resolved period: the kiosk, the portal
 * and the screens of a school ask the same ranking over and over, and a ranking a minute old is
 * as true on a wall screen as a fresh one (a year's ranking reads every loan of the year).
 */
const CACHE_MS = 60_000;
const CACHE_MAX = 500;
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();
function cached<T>(ctx: CallContext, callId: string, f: RankFilter, input: object, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(ctx.app);
  if (!cache) caches.set(ctx.app, (cache = new Map()));
  const key = JSON.stringify([f.schoolId, callId, f.period.from, f.period.to, input]);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
  if (cache.size >= CACHE_MAX) cache.clear();
  const value = compute();
  cache.set(key, { at: now, value });
  // A failed computation is not remembered.
  value.catch(() => cache.delete(key));
  return value;
}

const periodOut = async (ctx: CallContext, f: RankFilter) => ({ From: f.period.from, To: f.period.to, TotalLoans: await totalLoans(ctx.app.db, f) });

export const chartsHandlers = {
  'charts.itemBorrowRank': handler(C.itemBorrowRank, async (input, ctx) => {
    const f = await filterOf(ctx, input);
    return cached(ctx, 'item', f, input, async () => ({ ...(await periodOut(ctx, f)), List: await itemRank(ctx.app.db, f, input.Top) }));
  }),
  'charts.gradeBorrowRank': handler(C.gradeBorrowRank, async (input, ctx) => {
    const f = await filterOf(ctx, input);
    return cached(ctx, 'grade', f, input, async () => ({ ...(await periodOut(ctx, f)), List: await groupRank(ctx.app.db, f, input.Level, input.Sort, input.Top) }));
  }),
  'charts.deptBorrowRank': handler(C.deptBorrowRank, async (input, ctx) => {
    const f = await filterOf(ctx, input);
    return cached(ctx, 'dept', f, input, async () => ({ ...(await periodOut(ctx, f)), List: await groupRank(ctx.app.db, f, 'dept', input.Sort, input.Top) }));
  }),

  // Staff rankings (issue 11's reports): the token's school, the caller's branch and class scopes.
  'charts.gradeUserBorrowRank': handler(C.gradeUserBorrowRank, async (input, ctx) => {
    const f = await staffFilter(ctx, input);
    const pop = await readerPopulation(ctx, f.schoolId, { gradeId: input.GradeID, classId: input.ClassID, identity: input.Identity });
    return { From: f.period.from, To: f.period.to, ...(await readerRank(ctx.app.db, f, pop, input.Top, ctx.lang)) };
  }),
  'charts.deptUserBorrowRank': handler(C.deptUserBorrowRank, async (input, ctx) => {
    const f = await staffFilter(ctx, input);
    const pop = await readerPopulation(ctx, f.schoolId, { deptId: input.DeptID, identity: input.Identity });
    return { From: f.period.from, To: f.period.to, ...(await readerRank(ctx.app.db, f, pop, input.Top, ctx.lang)) };
  }),
  'charts.getLocationItemSta': handler(C.getLocationItemSta, async (input, ctx) => {
    const f = await staffFilter(ctx, { Period: 'today', ...input });
    return { List: await locationItems(ctx.app.db, f, ctx.lang, ctx.app.i18n.t(ctx.lang, 'charts:noArea')) };
  }),
  'charts.getLocationCircSta': handler(C.getLocationCircSta, async (input, ctx) => {
    const f = await staffFilter(ctx, input);
    const [List, total] = await Promise.all([locationCirc(ctx.app.db, f, ctx.lang, ctx.app.i18n.t(ctx.lang, 'charts:noArea')), totalLoans(ctx.app.db, f)]);
    return { From: f.period.from, To: f.period.to, TotalLoans: total, List };
  }),
  'charts.getClcRank': handler(C.getClcRank, async (input, ctx) => {
    const f = await staffFilter(ctx, input);
    const r = await clcRank(ctx.app.db, f, ctx.lang, ctx.app.i18n.t(ctx.lang, 'charts:unclassified'));
    return { From: f.period.from, To: f.period.to, TotalLoans: r.TotalLoans, List: r.List.slice(0, input.Top) };
  }),
  'charts.getGroupOptions': handler(C.getGroupOptions, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await classScope(ctx, RANK_OPS.allClasses);
    const rows = await ctx.app.db.selectFrom('departments as d').leftJoin('departments as p', 'p.id', 'd.parent_id')
      .select(['d.id', 'd.name', 'd.en_name', 'd.parent_id', 'p.name as parent', 'p.en_name as parent_en'])
      .where('d.school_id', '=', schoolId).where('d.kind', '=', input.Kind).where('d.state', '=', 1)
      .orderBy('p.sort').orderBy('d.sort').orderBy('d.id').execute();
    const en = ctx.lang === 'en-US';
    const allowed = (r: (typeof rows)[number]) =>
      scope.ids == null || (input.Kind === 'grade' ? scope.ids.some((c) => classParent.get(c) === r.id) : scope.allows(r.id));
    // A scoped caller sees the grades their classes are in.
    const classParent = new Map<number, number | null>();
    if (scope.ids && input.Kind === 'grade') {
      const cls = await ctx.app.db.selectFrom('departments').select(['id', 'parent_id']).where('school_id', '=', schoolId).where('id', 'in', scope.ids.length ? [...scope.ids] : [-1]).execute();
      for (const c of cls) classParent.set(c.id, c.parent_id);
    }
    return rows.filter(allowed).map((r) => {
      const name = (en && r.en_name) || r.name;
      return { ID: r.id, Name: input.Kind === 'class' && r.parent ? `${(en && r.parent_en) || r.parent} ${name}` : name };
    });
  }),
  'charts.exportRank': handler(C.exportRank, async (input, ctx) => {
    const f = await staffFilter(ctx, input);
    const db = ctx.app.db;
    const en = ctx.lang === 'en-US';
    let rows: () => Promise<Array<Record<string, unknown>>>;
    const named = (l: Array<{ Name: string; EnName: string; ParentName: string; ParentEnName: string }>) =>
      l.map((r) => ({ ...r, Name: en ? r.EnName : r.Name, ParentName: en ? r.ParentEnName : r.ParentName }));
    switch (input.Kind) {
      case 'item': rows = () => itemRank(db, f, input.Top); break;
      case 'class': case 'grade': rows = async () => named(await groupRank(db, f, input.Kind as 'class' | 'grade', input.Sort, input.Top)); break;
      case 'dept': rows = async () => named(await groupRank(db, f, 'dept', input.Sort, input.Top)); break;
      case 'clc': rows = async () => (await clcRank(db, f, ctx.lang, ctx.app.i18n.t(ctx.lang, 'charts:unclassified'))).List.slice(0, input.Top); break;
      default: {
        // The reader rankings are checked (scope, 403) before the job starts.
        const sel = input.Kind === 'gradeUser' ? { gradeId: input.GradeID, classId: input.ClassID } : { deptId: input.DeptID };
        const pop = await readerPopulation(ctx, f.schoolId, { ...sel, identity: input.Identity });
        rows = async () => (await readerRank(db, f, pop, input.Top, ctx.lang)).List;
      }
    }
    const DataID = await ctx.app.jobs.start(rankExportJob({ app: ctx.app, lang: ctx.lang, schoolId: f.schoolId, userId: f.userId, kind: input.Kind, from: f.period.from, to: f.period.to, rows }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
