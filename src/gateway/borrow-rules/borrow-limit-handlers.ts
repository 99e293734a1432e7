import { borrowRulesCalls } from '../../shared/api/borrow-rules.ts';
import { holds } from '../access/permissions.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { loadRules, readerContext, type ReaderRow } from './borrow-rule-store.ts';
import { borrowLimitOf } from './borrow-limit.ts';
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
    return borrowLimitOf(ctx.app.db, schoolId, user, rules, reader, new Date().toISOString(), ctx.lang);
  }),
} satisfies HandlerMapFor<typeof borrowRulesCalls>;
