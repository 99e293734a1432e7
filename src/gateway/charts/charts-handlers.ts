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

const periodOut = async (ctx: CallContext, f: RankFilter) => ({ From: f.period.from, To: f.period.to, TotalLoans: await totalLoans(ctx.app.db, f) });

export const chartsHandlers = {
  'charts.itemBorrowRank': handler(C.itemBorrowRank, async (input, ctx) => {
    const f = await filterOf(ctx, input);
    const [period, List] = await Promise.all([periodOut(ctx, f), itemRank(ctx.app.db, f, input.Top)]);
    return { ...period, List };
  }),
  'charts.gradeBorrowRank': handler(C.gradeBorrowRank, async (input, ctx) => {
    const f = await filterOf(ctx, input);
    const [period, List] = await Promise.all([periodOut(ctx, f), groupRank(ctx.app.db, f, input.Level, input.Sort, input.Top)]);
    return { ...period, List };
  }),
  'charts.deptBorrowRank': handler(C.deptBorrowRank, async (input, ctx) => {
    const f = await filterOf(ctx, input);
    const [period, List] = await Promise.all([periodOut(ctx, f), groupRank(ctx.app.db, f, 'dept', input.Sort, input.Top)]);
    return { ...period, List };
  }),
} satisfies HandlerMapFor<typeof C>;
