import { z } from 'zod';
import { dateField, instantField, optionalText, text, tokenField } from '../fields.ts';
import { IDENTITIES } from '../identities.ts';

/**
 * Data shapes of the borrowing rules (spec sections 3 and 6, issue "Borrowing rules").
 * Wire shapes are PascalCase like the rest of the /micro API, so the gateway validates with these
 * schemas as they are. IDs are strings; a gateway that stores numbers converts at its edge.
 */

const id = tokenField(40);
/** A school-local calendar day, yyyy-mm-dd, 1900–2199 (zod checks month lengths and leap days). */
export const localDaySchema = dateField();
/** A computed day in a reply (a due day may lie past the input range): format only. */
export const computedDaySchema = z.iso.date();
/** An instant with an explicit offset ("Z" or "+08:00"): never a local time, so parsing is deterministic. */
export const instantSchema = instantField();

const count = z.number().int().min(0).max(10_000);
const days = z.number().int().min(0).max(3_650);

/** Koha's OverduesBlockRenewing, tri-state: the spec's "overdue renewal allowed" switch. */
export const OVERDUE_POLICIES = ['allow', 'block-item', 'block-all'] as const;
export type OverduePolicy = (typeof OVERDUE_POLICIES)[number];
export const overduePolicySchema = z.enum(OVERDUE_POLICIES);

export const resourceTypeRuleSchema = z.object({
  ResourceTypeID: id,
  /** Loans of this type at once; 0 means this type may not be borrowed. Still capped by the group's MaxLoans. */
  MaxLoans: count,
  LoanDays: days,
  RenewDays: days,
  MaxRenewals: count,
});
export type ResourceTypeRule = z.infer<typeof resourceTypeRuleSchema>;

export const permissionGroupSchema = z
  .object({
    ID: id,
    Name: text({ max: 100, required: 'validation:required.groupName' }),
    EnName: optionalText(100),
    /** Overall cap across all resource types; 0 means the group may not borrow at all. */
    MaxLoans: count,
    /** Loan days, renew days and renewals for resource types not listed in ByResourceType. */
    LoanDays: days,
    RenewDays: days,
    MaxRenewals: count,
    OverdueRenewal: overduePolicySchema,
    ByResourceType: z.array(resourceTypeRuleSchema).max(200).default([]),
    /** The school default: applies to readers no assignment matches. At most one per school. */
    IsDefault: z.boolean().default(false),
  })
  .refine((g) => new Set(g.ByResourceType.map((r) => r.ResourceTypeID)).size === g.ByResourceType.length, {
    message: 'validation:borrowing.duplicateResourceType',
    path: ['ByResourceType'],
  });
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

/** A school's group list: unique IDs and at most one default. */
export const permissionGroupListSchema = z
  .array(permissionGroupSchema)
  .refine((gs) => new Set(gs.map((g) => g.ID)).size === gs.length, { message: 'validation:borrowing.duplicateGroupId' })
  .refine((gs) => gs.filter((g) => g.IsDefault).length <= 1, { message: 'validation:borrowing.severalDefaults' });

/** Scope kinds, most specific first. Grade and department share a level (students have grades, staff departments). */
export const ASSIGNMENT_KINDS = ['reader', 'class', 'grade', 'department', 'identity'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export const groupAssignmentSchema = z
  .object({
    GroupID: id,
    Kind: z.enum(ASSIGNMENT_KINDS),
    /** Reader, class, grade or department ids, or identity names for Kind "identity". */
    TargetIDs: z.array(id).min(1).max(5000),
  })
  .refine((a) => a.Kind !== 'identity' || a.TargetIDs.every((t) => (IDENTITIES as readonly string[]).includes(t)), {
    message: 'validation:borrowing.unknownIdentity',
    path: ['TargetIDs'],
  });
export type GroupAssignment = z.infer<typeof groupAssignmentSchema>;

export const CARD_STATUSES = ['active', 'lost', 'expired', 'disabled'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const openLoanSchema = z.object({
  LoanID: id,
  ResourceTypeID: id,
  LoanedAt: instantSchema,
  /** An instant, or a bare local day; either way the loan is due through the end of that school day. */
  DueAt: z.union([instantSchema, localDaySchema]),
  RenewCount: count,
});
export type OpenLoan = z.infer<typeof openLoanSchema>;

export const readerContextSchema = z.object({
  ReaderID: id,
  Identity: z.enum(IDENTITIES),
  ClassID: id.nullable().default(null),
  GradeID: id.nullable().default(null),
  DepartmentIDs: z.array(id).default([]),
  CardStatus: z.enum(CARD_STATUSES),
  /** Last valid day of the card (inclusive), or null for no expiry. */
  CardExpiresAt: z.union([instantSchema, localDaySchema]).nullable().default(null),
  Loans: z.array(openLoanSchema).default([]),
});
export type ReaderContext = z.infer<typeof readerContextSchema>;

export const itemContextSchema = z.object({
  ResourceTypeID: id,
  /** false: the school's resource access does not lend this type to the reader's identity. */
  IdentityMayBorrow: z.boolean().optional(),
});
export type ItemContext = z.infer<typeof itemContextSchema>;

/** China has had no daylight saving since 1991, so a fixed +08:00 is exact for Asia/Shanghai. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;

export const schoolCalendarSchema = z.object({
  ClosedDates: z.array(localDaySchema).default([]),
  /** 0 = Sunday … 6 = Saturday. Seven closed weekdays would leave no open day, so at most six. */
  ClosedWeekdays: z
    .array(z.number().int().min(0).max(6))
    .max(6)
    .default([])
    .refine((ws) => new Set(ws).size === ws.length, { message: 'validation:borrowing.duplicateWeekday' }),
  /** Make-up working days (调休): open even though their weekday is closed. ClosedDates still win. */
  OpenDates: z.array(localDaySchema).default([]),
  /** Offset of the school's local time from UTC, minutes; default +08:00. */
  UtcOffsetMinutes: z.number().int().min(-720).max(840).default(DEFAULT_UTC_OFFSET_MINUTES),
});
export type SchoolCalendar = z.infer<typeof schoolCalendarSchema>;

export const borrowingSettingsSchema = z.object({
  /** Combined borrowing permission: see effective-limits.ts for what "combined" means. */
  CombinedBorrowing: z.boolean().default(false),
});
export type BorrowingSettings = z.infer<typeof borrowingSettingsSchema>;

/** Everything the checks need besides the reader: one object the desk caches and the gateway serves. */
export const borrowingRulesSchema = z.object({
  Groups: permissionGroupListSchema,
  Assignments: z.array(groupAssignmentSchema).default([]),
  Settings: borrowingSettingsSchema.default({ CombinedBorrowing: false }),
  Calendar: schoolCalendarSchema.default({ ClosedDates: [], ClosedWeekdays: [], OpenDates: [], UtcOffsetMinutes: DEFAULT_UTC_OFFSET_MINUTES }),
});
export type BorrowingRules = z.infer<typeof borrowingRulesSchema>;
