/**
 * Why a borrow or renewal is refused: stable codes plus i18n keys ("borrowing:reason.<code>") and
 * params, translated by whichever side shows them. Never sentences.
 */
export const REASON_CODES = [
  /** "Physical card reported lost so cannot borrow." Blocks borrowing, not renewing. */
  'cardLost',
  /** params: expiredOn (yyyy-mm-dd, when known). */
  'cardExpired',
  'cardDisabled',
  /** No assignment matches and there is no default group. */
  'noGroup',
  /** params: groupIds (comma-separated), level. Two groups at the same level with combined borrowing off. */
  'ambiguousGroup',
  /** The reader's group has MaxLoans 0. */
  'borrowingNotPermitted',
  /** params: resourceTypeId. The resource type has MaxLoans 0. */
  'resourceTypeNotPermitted',
  /** The school's resource access lends this type to other identities only (teaching references to teachers). */
  'resourceTypeNotForIdentity',
  /** params: max, current. */
  'overallLimitReached',
  /** params: resourceTypeId, max, current. */
  'resourceTypeLimitReached',
  /** params: overdueCount. Policy block-all and the reader has overdue loans (borrowing). */
  'overdueBlocksBorrowing',
  /** params: overdueCount. Policy block-all and the reader has overdue loans (renewing). */
  'overdueBlocksRenewal',
  /** params: dueOn. Policy block-item and this loan is overdue. */
  'overdueItemNotRenewable',
  /** MaxRenewals is 0 for the loan's resource type. */
  'renewalNotPermitted',
  /** params: max, current. */
  'renewalLimitReached',
  /** params: dueOn. The renewal would not move the due date later (e.g. RenewDays 0). */
  'renewalNoExtension',
  /** params: loanId. The loan is not one of the reader's open loans. */
  'loanNotFound',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export type Reason = { code: ReasonCode; key: string; params: Record<string, string | number> };

export function reason(code: ReasonCode, params: Record<string, string | number> = {}): Reason {
  return { code, key: `borrowing:reason.${code}`, params };
}
