import { describe, expect, it } from 'vitest';
import { borrowingRulesSchema, openLoanSchema, readerContextSchema } from './schemas.ts';

describe('borrowing schemas as the gateway uses them', () => {
  it('fills defaults: combined borrowing off, no closed days, +08:00', () => {
    const r = borrowingRulesSchema.parse({ Groups: [] });
    expect(r.Settings).toEqual({ CombinedBorrowing: false });
    expect(r.Calendar).toEqual({ ClosedDates: [], ClosedWeekdays: [], OpenDates: [], UtcOffsetMinutes: 480 });
    expect(r.Assignments).toEqual([]);
  });

  it('refuses loan times without an offset, and accepts a bare due day', () => {
    const base = { LoanID: 'l', ResourceTypeID: 'book', LoanedAt: '2025-03-03T09:00:00+08:00', DueAt: '2025-03-17', RenewCount: 0 };
    expect(openLoanSchema.safeParse(base).success).toBe(true);
    expect(openLoanSchema.safeParse({ ...base, LoanedAt: '2025-03-03T09:00:00' }).success).toBe(false);
    expect(openLoanSchema.safeParse({ ...base, RenewCount: -1 }).success).toBe(false);
  });

  it('knows the four card states and the four identities only', () => {
    const base = { ReaderID: 'r', Identity: 'teacher', CardStatus: 'active' };
    expect(readerContextSchema.parse(base)).toMatchObject({ ClassID: null, GradeID: null, DepartmentIDs: [], CardExpiresAt: null, Loans: [] });
    expect(readerContextSchema.safeParse({ ...base, CardStatus: 'frozen' }).success).toBe(false);
    expect(readerContextSchema.safeParse({ ...base, Identity: 'alumni' }).success).toBe(false);
  });
});
