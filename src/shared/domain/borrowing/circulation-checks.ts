import type { BorrowingRules, ItemContext, OpenLoan, ReaderContext } from './schemas.ts';
import { effectiveLimits, typeLimits, type EffectiveLimits, type TypeLimits } from './effective-limits.ts';
import { dueDate, isOverdue, renewDueDay } from './due-dates.ts';
import { endOfLocalDay, toLocalDay } from './local-days.ts';
import { reason, type Reason } from './reasons.ts';

/**
 * The desk's questions: may this reader borrow this item now, may they renew this loan now.
 * Every applicable reason is returned (not just the first), card reasons first, so the desk can
 * show them all at once.
 */

export type BorrowCheck =
  | { ok: true; dueAt: string; limits: TypeLimits }
  | { ok: false; reasons: Reason[] };

export type RenewCheck =
  | { ok: true; dueAt: string; renewCount: number }
  | { ok: false; reasons: Reason[] };

/** Card reasons. A card is valid through its expiry day; status "expired" counts even without a date. */
function cardReasons(reader: ReaderContext, today: string, rules: BorrowingRules, forRenewal: boolean): Reason[] {
  const out: Reason[] = [];
  // A lost card only risks new loans by whoever holds it; extending the reader's own loans stays allowed.
  if (reader.CardStatus === 'lost' && !forRenewal) out.push(reason('cardLost'));
  if (reader.CardStatus === 'disabled') out.push(reason('cardDisabled'));
  const expiry = reader.CardExpiresAt == null ? null : toLocalDay(reader.CardExpiresAt, rules.Calendar.UtcOffsetMinutes);
  if (reader.CardStatus === 'expired' || (expiry != null && today > expiry)) {
    out.push(reason('cardExpired', expiry == null ? {} : { expiredOn: expiry }));
  }
  return out;
}

function groupReasons(limits: Exclude<EffectiveLimits, { ok: true }>): Reason[] {
  if (limits.status === 'none') return [reason('noGroup')];
  return [reason('ambiguousGroup', { level: limits.level, groupIds: [...new Set(limits.matches.map((m) => m.groupId))].join(',') })];
}

function overdueLoans(reader: ReaderContext, now: string, rules: BorrowingRules): OpenLoan[] {
  return reader.Loans.filter((l) => isOverdue(l.DueAt, now, rules.Calendar));
}

/** May `reader` borrow `item` at `now`? On success, the due date the loan gets. */
export function checkBorrow(reader: ReaderContext, item: ItemContext, now: string, rules: BorrowingRules): BorrowCheck {
  const today = toLocalDay(now, rules.Calendar.UtcOffsetMinutes);
  const reasons = cardReasons(reader, today, rules, false);
  const limits = effectiveLimits(reader, rules);
  if (!limits.ok) return { ok: false, reasons: [...reasons, ...groupReasons(limits)] };

  if (limits.overduePolicy === 'block-all') {
    const overdue = overdueLoans(reader, now, rules).length;
    if (overdue > 0) reasons.push(reason('overdueBlocksBorrowing', { overdueCount: overdue }));
  }
  const type = typeLimits(reader, limits, item.ResourceTypeID);
  const { overall } = limits;
  // A zero cap is "may not borrow", not "limit reached": different advice at the desk.
  if (overall.maxLoans === 0) reasons.push(reason('borrowingNotPermitted'));
  else if (overall.current >= overall.maxLoans) reasons.push(reason('overallLimitReached', { max: overall.maxLoans, current: overall.current }));
  if (overall.maxLoans > 0) {
    if (item.IdentityMayBorrow === false) reasons.push(reason('resourceTypeNotForIdentity'));
    else if (type.maxLoans === 0) reasons.push(reason('resourceTypeNotPermitted', { resourceTypeId: type.resourceTypeId }));
    // A type cap at or above the overall cap only binds together with it: report the overall one alone.
    else if (type.current >= type.maxLoans && type.maxLoans < overall.maxLoans) {
      reasons.push(reason('resourceTypeLimitReached', { resourceTypeId: type.resourceTypeId, max: type.maxLoans, current: type.current }));
    }
  }
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, dueAt: dueDate(now, type.loanDays, rules.Calendar), limits: type };
}

/** May `reader` renew `loan` at `now`? On success, the new due date and renew count. */
export function checkRenew(reader: ReaderContext, loan: OpenLoan, now: string, rules: BorrowingRules): RenewCheck {
  const today = toLocalDay(now, rules.Calendar.UtcOffsetMinutes);
  const reasons = cardReasons(reader, today, rules, true);
  if (!reader.Loans.some((l) => l.LoanID === loan.LoanID)) reasons.push(reason('loanNotFound', { loanId: loan.LoanID }));
  const limits = effectiveLimits(reader, rules);
  if (!limits.ok) return { ok: false, reasons: [...reasons, ...groupReasons(limits)] };

  const cal = rules.Calendar;
  const dueOn = toLocalDay(loan.DueAt, cal.UtcOffsetMinutes);
  const thisOverdue = isOverdue(loan.DueAt, now, cal);
  if (limits.overduePolicy === 'block-all') {
    const overdue = overdueLoans(reader, now, rules).length;
    if (overdue > 0) reasons.push(reason('overdueBlocksRenewal', { overdueCount: overdue }));
  } else if (limits.overduePolicy === 'block-item' && thisOverdue) {
    reasons.push(reason('overdueItemNotRenewable', { dueOn }));
  }
  const type = typeLimits(reader, limits, loan.ResourceTypeID);
  if (type.maxRenewals === 0) reasons.push(reason('renewalNotPermitted'));
  else if (loan.RenewCount >= type.maxRenewals) reasons.push(reason('renewalLimitReached', { max: type.maxRenewals, current: loan.RenewCount }));
  const newDue = renewDueDay(loan.DueAt, now, type.renewDays, cal);
  // Like dp2, a renewal must move the due date later; otherwise it would only burn a renewal.
  if (newDue <= dueOn) reasons.push(reason('renewalNoExtension', { dueOn }));

  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, dueAt: endOfLocalDay(newDue, cal.UtcOffsetMinutes), renewCount: loan.RenewCount + 1 };
}
