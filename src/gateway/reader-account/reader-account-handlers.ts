import { sql } from 'kysely';
import { readerAccountCalls as C } from '../../shared/api/reader-account.ts';
import { DEFAULT_PORTAL_SETTINGS, PORTAL_SETTINGS_KEY, portalSettingsSchema } from '../../shared/api/search-admin.ts';
import { effectiveLimits } from '../../shared/domain/borrowing/effective-limits.ts';
import { isOverdue } from '../../shared/domain/borrowing/due-dates.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { holds as holdsPerm } from '../access/permissions.ts';
import { requireUser } from '../access/call-context.ts';
import { readerContext } from '../borrow-rules/borrow-rule-store.ts';
import { classNameOf, readerById, type DeskReaderRow } from '../circulation/circulation-store.ts';
import { nowIso, renewOwnLoan } from '../circulation/desk-operations.ts';
import { writeTx } from '../db/connect.ts';
import { readSetting } from '../db/school-settings.ts';
import { actorOf, holdRows, toHold } from '../holds/holds-handlers.ts';
import { cancelHold, placeHold } from '../holds/hold-store.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { PORTAL_CLIENT_ID } from '../sso/client-ids.ts';
import { loansPerMonth, openLoan, openLoans, owedCents, returnedLoans, schoolUsesBalance, toMyHold, toMyLoan } from './reader-account-store.ts';

/**
 * The signed-in reader's own account (contract: shared/api/reader-account.ts). Every call works
 * on the caller's own rows: the reader is the token's user, never an input, so another reader's
 * loan or hold is simply not found. Renewal and holds go through the desk's and the holds
 * domain's own code, so the portal can do nothing the rules would refuse at the desk.
 */

const READERS_VIEW = 'people.readers.view';

async function me(ctx: CallContext): Promise<{ schoolId: number; user: DeskReaderRow }> {
  const { userId, schoolId } = requireUser(ctx);
  const user = await readerById(ctx.app.db, schoolId, userId);
  if (!user) throw AppError.notFound('errors:readerNotFound');
  return { schoolId, user };
}

/** active, disabled, lost, or expired (an active card past its expiry day counts as expired). */
function cardState(user: DeskReaderRow, now: string, offset: number): 'active' | 'disabled' | 'lost' | 'expired' {
  const s = user.status === 'disabled' || user.status === 'lost' || user.status === 'expired' ? user.status : 'active';
  if (s === 'active' && user.expire_at && toLocalDay(now, offset) > toLocalDay(user.expire_at, offset)) return 'expired';
  return s;
}

/** Whether this session may change its password: a portal session only where the school allows it. */
async function canChangePassword(ctx: CallContext, schoolId: number): Promise<boolean> {
  if (ctx.principal?.clientId !== PORTAL_CLIENT_ID) return true;
  return (await readSetting(ctx.app.db, schoolId, PORTAL_SETTINGS_KEY, portalSettingsSchema, DEFAULT_PORTAL_SETTINGS)).ReaderPasswordChange;
}

async function myHold(ctx: CallContext, schoolId: number, userId: number, holdId: number, offset: number) {
  const r = await holdRows(ctx.app.db, schoolId, ctx.lang).where('h.user_id', '=', userId).where('h.id', '=', holdId).executeTakeFirst();
  if (!r) throw AppError.notFound('reader-account:errors.holdNotFound');
  return toMyHold(toHold(r, offset), r.expires_at, nowIso(), offset);
}

export const readerAccountHandlers = {
  'readerAccount.summary': handler(C.summary, async (_input, ctx) => {
    const { schoolId, user } = await me(ctx);
    const db = ctx.app.db;
    const now = nowIso();
    const [{ rules }, reader, className, holdRowsOfMe, history, canChange, school] = await Promise.all([
      ctx.app.schoolRules.of(schoolId),
      readerContext(db, schoolId, user),
      classNameOf(db, schoolId, user.dept_id, ctx.lang),
      db.selectFrom('holds').select(['state', 'expires_at']).where('school_id', '=', schoolId).where('user_id', '=', user.id).where('state', 'in', ['notFound', 'found']).execute(),
      db.selectFrom('loans').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('school_id', '=', schoolId).where('user_id', '=', user.id).where('returned_at', 'is not', null).where('cancelled', '=', 0).executeTakeFirstOrThrow(),
      canChangePassword(ctx, schoolId),
      db.selectFrom('schools').select('password_policy').where('id', '=', schoolId).executeTakeFirstOrThrow(),
    ]);
    const cal = rules.Calendar;
    // A hold past its pickup day is no longer ready, even before staff's list closes it.
    const live = holdRowsOfMe.filter((h) => !(h.state === 'found' && h.expires_at != null && h.expires_at < now));
    const limits = effectiveLimits(reader, rules);
    return {
      UserID: user.id, Name: user.name, ReaderID: user.reader_id, Identity: user.identity, ClassName: className,
      CardState: cardState(user, now, cal.UtcOffsetMinutes),
      ExpireDay: user.expire_at ? toLocalDay(user.expire_at, cal.UtcOffsetMinutes) : '',
      OnLoan: reader.Loans.length,
      Overdue: reader.Loans.filter((l) => isOverdue(l.DueAt, now, cal)).length,
      HoldsReady: live.filter((h) => h.state === 'found').length,
      HoldsActive: live.length,
      History: Number(history.n),
      Limits: limits.ok ? { MaxLoans: limits.overall.maxLoans, LoanDays: limits.overall.loanDays, RenewDays: limits.overall.renewDays, MaxRenewals: limits.overall.maxRenewals } : null,
      CanChangePassword: canChange,
      PasswordPolicy: school.password_policy,
    };
  }),

  'readerAccount.loans': handler(C.loans, async (_input, ctx) => {
    const { schoolId, user } = await me(ctx);
    const [{ rules }, reader, rows] = await Promise.all([
      ctx.app.schoolRules.of(schoolId), readerContext(ctx.app.db, schoolId, user), openLoans(ctx.app.db, schoolId, user.id),
    ]);
    const now = nowIso();
    return { List: rows.map((r) => toMyLoan(r, reader, rules, now, ctx.t)) };
  }),

  'readerAccount.history': handler(C.history, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const q = returnedLoans(ctx.app.db, schoolId, userId);
    const [total, rows, { rules }] = await Promise.all([
      q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      q.orderBy('l.returned_at', 'desc').orderBy('l.id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
      ctx.app.schoolRules.of(schoolId),
    ]);
    const now = nowIso();
    return { Total: Number(total.n), List: rows.map((r) => toMyLoan(r, null, rules, now, ctx.t)) };
  }),

  'readerAccount.renew': handler(C.renew, async (input, ctx) => {
    const done = await renewOwnLoan(ctx, input.LoanID);
    const { schoolId, user } = await me(ctx);
    const [{ rules }, reader, row] = await Promise.all([
      ctx.app.schoolRules.of(schoolId), readerContext(ctx.app.db, schoolId, user), openLoan(ctx.app.db, schoolId, user.id, input.LoanID),
    ]);
    if (!row) throw AppError.notFound('reader-account:errors.loanNotFound');
    return { Loan: toMyLoan(row, reader, rules, nowIso(), ctx.t), PreviousDueAt: done.PreviousDueAt };
  }),

  'readerAccount.holds': handler(C.holds, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const { rules } = await ctx.app.schoolRules.of(schoolId);
    const q = holdRows(ctx.app.db, schoolId, ctx.lang).where('h.user_id', '=', userId);
    const [total, rows] = await Promise.all([
      q.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      // Open holds first (what the reader acts on), then the closed ones; newest first within each.
      q.orderBy(sql`case when h.state in ('notFound', 'found') then 0 else 1 end`).orderBy('h.id', 'desc')
        .limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    const now = nowIso();
    return { Total: Number(total.n), List: rows.map((r) => toMyHold(toHold(r, rules.Calendar.UtcOffsetMinutes), r.expires_at, now, rules.Calendar.UtcOffsetMinutes)) };
  }),

  'readerAccount.placeHold': handler(C.placeHold, async (input, ctx) => {
    const { schoolId, user } = await me(ctx);
    const a = await actorOf(ctx);
    const title = await ctx.app.db.selectFrom('titles').select(['id', 'title']).where('school_id', '=', schoolId).where('id', '=', input.TitleID).executeTakeFirst();
    if (!title) throw AppError.notFound('reader-account:errors.titleNotFound');
    // A card that cannot borrow cannot queue for a book either.
    const state = cardState(user, a.now, a.calendar.UtcOffsetMinutes);
    if (state !== 'active') throw AppError.refused(`reader-account:errors.card.${state}`);
    const id = await placeHold(ctx.app.db, a, user.id, title);
    return myHold(ctx, schoolId, user.id, id, a.calendar.UtcOffsetMinutes);
  }),

  'readerAccount.cancelHold': handler(C.cancelHold, async (input, ctx) => {
    const a = await actorOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const hold = await trx.selectFrom('holds').selectAll().where('school_id', '=', a.schoolId).where('user_id', '=', a.userId)
        .where('id', '=', input.HoldID).executeTakeFirst();
      if (!hold) throw AppError.notFound('reader-account:errors.holdNotFound');
      if (hold.state !== 'notFound' && hold.state !== 'found') throw AppError.refused('reader-account:errors.holdClosed');
      await cancelHold(trx, a, hold, '');
    });
    return myHold(ctx, a.schoolId, a.userId, input.HoldID, a.calendar.UtcOffsetMinutes);
  }),

  'readerAccount.readingLine': handler(C.readingLine, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    let target = userId;
    if (input.UserID != null && input.UserID !== userId) {
      // Another reader's reading is the readers screens' business.
      if (!holdsPerm(await ctx.app.permissions.of(userId, schoolId), READERS_VIEW)) throw AppError.forbidden();
      const other = await readerById(ctx.app.db, schoolId, input.UserID);
      if (!other) throw AppError.notFound('errors:readerNotFound');
      target = other.id;
    }
    const { rules } = await ctx.app.schoolRules.of(schoolId);
    return { Points: await loansPerMonth(ctx.app.db, schoolId, target, nowIso(), rules.Calendar.UtcOffsetMinutes) };
  }),

  'readerAccount.balance': handler(C.balance, async (_input, ctx) => {
    const { schoolId, user } = await me(ctx);
    const db = ctx.app.db;
    const [deposit, owed, uses, className] = await Promise.all([
      db.selectFrom('users').select('deposit').where('school_id', '=', schoolId).where('id', '=', user.id).executeTakeFirstOrThrow(),
      owedCents(db, schoolId, user.id),
      schoolUsesBalance(db, schoolId),
      classNameOf(db, schoolId, user.dept_id, ctx.lang),
    ]);
    const depositCents = Math.round(Number(deposit.deposit) * 100);
    return {
      UserID: user.id, Name: user.name, ReaderID: user.reader_id, ClassName: className,
      Deposit: depositCents / 100, Owed: owed / 100, Balance: (depositCents - owed) / 100, UsesBalance: uses,
    };
  }),
} satisfies HandlerMapFor<typeof C>;
