import type { z } from 'zod';
import {
  borrowingRulesSchema,
  openLoanSchema,
  permissionGroupSchema,
  readerContextSchema,
  schoolCalendarSchema,
  type BorrowingRules,
  type OpenLoan,
  type PermissionGroup,
  type ReaderContext,
  type SchoolCalendar,
} from './schemas.ts';

/** Builders for the borrowing tests: every object goes through its schema, as the gateway's would. */

/** Weekends closed, offset +08:00. */
export function calendar(over: Partial<z.input<typeof schoolCalendarSchema>> = {}): SchoolCalendar {
  return schoolCalendarSchema.parse({ ClosedWeekdays: [0, 6], ...over });
}

export function group(ID: string, over: Partial<z.input<typeof permissionGroupSchema>> = {}): PermissionGroup {
  return permissionGroupSchema.parse({
    ID,
    Name: `组 ${ID}`,
    EnName: `Group ${ID}`,
    MaxLoans: 5,
    LoanDays: 14,
    RenewDays: 7,
    MaxRenewals: 1,
    OverdueRenewal: 'allow',
    ...over,
  });
}

export function loan(LoanID: string, over: Partial<z.input<typeof openLoanSchema>> = {}): OpenLoan {
  return openLoanSchema.parse({
    LoanID,
    ResourceTypeID: 'book',
    LoanedAt: '2025-03-03T09:00:00+08:00',
    DueAt: '2025-03-17T23:59:59+08:00',
    RenewCount: 0,
    ...over,
  });
}

export function reader(over: Partial<z.input<typeof readerContextSchema>> = {}): ReaderContext {
  return readerContextSchema.parse({ ReaderID: 'r1', Identity: 'student', CardStatus: 'active', ...over });
}

export function rules(over: Partial<z.input<typeof borrowingRulesSchema>> = {}): BorrowingRules {
  return borrowingRulesSchema.parse({ Groups: [], Calendar: { ClosedWeekdays: [0, 6] }, ...over });
}

/** Monday 2025-03-10, 10:00 in Shanghai. */
export const NOW = '2025-03-10T10:00:00+08:00';
