import { borrowRulesCalls, type BorrowLimit } from '../../shared/api/borrow-rules.ts';
import { dueDate, isOverdue } from '../../shared/domain/borrowing/due-dates.ts';
import { effectiveLimits } from '../../shared/domain/borrowing/effective-limits.ts';
import { holds } from '../access/permissions.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { loadRules, readerContext, type ReaderRow } from './borrow-rule-store.ts';
import { requireSchool } from '../access/call-context.ts';

/** Menus whose holders may look up any reader's limits: the desk and the rules screens. */
const STAFF_MENUS = ['/surrency/borrow', '/borrow-permission', '/borrow-range-mana'];

export const borrowLimitHandlers = {
  /** Spec endpoint for the circulation desk: a reader's effective limits over their real open loans. */
  'circulation.getUserBorrowLimitV2': handler(borrowRulesCalls.getUserBorrowLimit, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('users').select(['id', 'name', 'reader_id', 'identity', 'dept_id', 'status', 'expire_at']).where('school_id', '=', schoolId);
    q = input.UserID != null ? q.where('id', '=', input.UserID) : q.where('reader_id', '=', input.ReaderID ?? '');
    const user: ReaderRow | undefined = await q.executeTakeFirst();
    if (!user) throw AppError.refused('errors:userNotFound');
    const caller = ctx.principal?.userId;
    // Readers may see their own limits; anyone else's need a desk or rules menu.
    if (caller != null && caller !== user.id) {
      const perms = await ctx.app.permissions.of(caller, schoolId);
      if (!STAFF_MENUS.some((m) => holds(perms, m))) throw AppError.forbidden();
    }
    const [rules, reader] = await Promise.all([loadRules(ctx.app.db, schoolId), readerContext(ctx.app.db, schoolId, user)]);
    const now = new Date().toISOString();
    const limits = effectiveLimits(reader, rules);
    const overdue = reader.Loans.filter((l) => isOverdue(l.DueAt, now, rules.Calendar)).length;
    const base = { UserID: user.id, ReaderID: user.reader_id, Name: user.name, Combined: rules.Settings.CombinedBorrowing, Overdue: overdue };
    if (!limits.ok) {
      return {
        ...base, Ok: false, Status: limits.status, Groups: [],
        Matches: limits.status === 'ambiguous' ? limits.matches.map((m) => ({ GroupID: m.groupId, Level: m.level, Kind: m.kind, TargetID: m.targetId })) : [],
        MaxLoans: 0, Current: reader.Loans.length, Left: 0, LoanDays: 0, RenewDays: 0, MaxRenewals: 0, OverdueRenewal: null,
        ByResourceType: [], DueAtIfBorrowedNow: null,
      } satisfies BorrowLimit;
    }
    const typeNames = new Map(
      (await ctx.app.db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).execute())
        .map((r) => [String(r.id), ctx.lang === 'en-US' && r.en_name ? r.en_name : r.name]),
    );
    return {
      ...base, Ok: true, Status: 'resolved',
      Groups: limits.groups.map((g) => ({ ID: g.ID, Name: g.Name, EnName: g.EnName })),
      Matches: limits.matches.map((m) => ({ GroupID: m.groupId, Level: m.level, Kind: m.kind, TargetID: m.targetId })),
      MaxLoans: limits.overall.maxLoans, Current: limits.overall.current, Left: limits.overall.left,
      LoanDays: limits.overall.loanDays, RenewDays: limits.overall.renewDays, MaxRenewals: limits.overall.maxRenewals,
      OverdueRenewal: limits.overduePolicy,
      // Loans of copies without a resource type ("") count in the overall figures only.
      ByResourceType: limits.byType.filter((t) => t.resourceTypeId !== '').map((t) => ({
        ResourceTypeID: t.resourceTypeId, ResourceTypeName: typeNames.get(t.resourceTypeId) ?? t.resourceTypeId,
        MaxLoans: t.maxLoans, Current: t.current, Left: t.left, LoanDays: t.loanDays, RenewDays: t.renewDays, MaxRenewals: t.maxRenewals,
      })),
      DueAtIfBorrowedNow: dueDate(now, limits.overall.loanDays, rules.Calendar),
    } satisfies BorrowLimit;
  }),
} satisfies HandlerMapFor<typeof borrowRulesCalls>;
