import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0008 (borrowing rules and the school calendar). Flags are 0/1 integers. */

export interface PermissionGroupsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  en_name: string;
  max_loans: number;
  loan_days: number;
  renew_days: number;
  max_renewals: number;
  overdue_renewal: 'allow' | 'block-item' | 'block-all';
  is_default: number;
  sort: number;
  updated_at: string;
}

export interface PermissionGroupTypeRulesTable {
  id: Generated<number>;
  school_id: number;
  group_id: number;
  resource_type_id: number;
  max_loans: number;
  loan_days: number;
  renew_days: number;
  max_renewals: number;
}

export interface GroupAssignmentsTable {
  id: Generated<number>;
  school_id: number;
  group_id: number;
  kind: 'reader' | 'class' | 'grade' | 'department' | 'identity';
  target_id: string;
  created_at: string;
}

export interface BorrowingSettingsTable {
  school_id: number;
  combined_borrowing: number;
  closed_weekdays: string;
  utc_offset_minutes: number;
  updated_at: string;
  /** 0025: borrow verification at the desk (off | password | card | either). */
  borrow_verify: ColumnType<string, string | undefined, string>;
}

/** 0025: a reader's borrowing PIN (scrypt), its wrong tries and lock. */
export interface BorrowPinsTable {
  user_id: number;
  school_id: number;
  pin_hash: string;
  failed_count: number;
  locked_until: string | null;
  updated_at: string;
}

export interface CalendarDaysTable {
  id: Generated<number>;
  school_id: number;
  day: string;
  state: 'closed' | 'open';
  reason: string;
}
