import { chartsCalls as C, type RankQuery } from '../../shared/api/charts.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { requireSchool } from '../access/call-context.ts';
import { rankPeriod } from './rank-period.ts';
import { groupRank, itemRank, totalLoans, type RankFilter } from './rank-store.ts';

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
} satisfies HandlerMapFor<typeof C>;
