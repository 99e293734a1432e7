import type { Kysely, Transaction } from 'kysely';
import type { BorrowLimit } from '../../shared/api/borrow-rules.ts';
import type { BorrowingRules, ReaderContext } from '../../shared/domain/borrowing/schemas.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { dueDate, isOverdue } from '../../shared/domain/borrowing/due-dates.ts';
import { effectiveLimits } from '../../shared/domain/borrowing/effective-limits.ts';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import type { ReaderRow } from './borrow-rule-store.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The desk shows the limits after every loan (prepared: db/prepared.ts).
const typeNamesQuery = prepared((db, p: { schoolId: number }) => db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', p.schoolId));

/**
 * A reader's effective limits over their real open loans, as GetUserBorrowLimitV2 and the
 * circulation desk show them. The caller loads the rules and the reader's context (the desk does so
 * once per request, inside its transaction, and reuses them for its own checks).
 */
export async function borrowLimitOf(
  db: Db, schoolId: number, user: ReaderRow, rules: BorrowingRules, reader: ReaderContext, now: string, lang: Language,
): Promise<BorrowLimit> {
  const limits = effectiveLimits(reader, rules);
  const overdue = reader.Loans.filter((l) => isOverdue(l.DueAt, now, rules.Calendar)).length;
  const base = { UserID: user.id, ReaderID: user.reader_id, Name: user.name, Combined: rules.Settings.CombinedBorrowing, Overdue: overdue };
  if (!limits.ok) {
    return {
      ...base, Ok: false, Status: limits.status, Groups: [],
      Matches: limits.status === 'ambiguous' ? limits.matches.map((m) => ({ GroupID: m.groupId, Level: m.level, Kind: m.kind, TargetID: m.targetId })) : [],
      MaxLoans: 0, Current: reader.Loans.length, Left: 0, LoanDays: 0, RenewDays: 0, MaxRenewals: 0, OverdueRenewal: null,
      ByResourceType: [], DueAtIfBorrowedNow: null,
    };
  }
  const typeNames = new Map((await typeNamesQuery.all(db, { schoolId })).map((r) => [String(r.id), lang === 'en-US' && r.en_name ? r.en_name : r.name]));
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
  };
}
