import { describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { holdCalls as H } from '../../shared/api/holds.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { freeCopies, freeReaders, groupFor, type FreeReader } from './desk-fixture.ts';

type Reasons = { Reasons: Array<{ Code: string }> };
const codes = (data: unknown) => (data as Reasons).Reasons.map((r) => r.Code);
const SCHOOL = 1;

/**
 * The desk applies the title's resource type: the group's per-type quota and loan days, the
 * school's resource access by identity, and a renewal gives way to a reader waiting in the queue.
 */
describe('resource types and holds at the desk', () => {
  const t = useTestGateway();
  const borrow = (reader: FreeReader, barcode: string) => t.data(C.literatureCirc, { UserID: reader.id, Barcode: barcode }, 'librarian');

  async function typeOf(code: string) {
    return (await t.db.selectFrom('resource_types').select('id').where('school_id', '=', SCHOOL).where('code', '=', code).executeTakeFirstOrThrow()).id;
  }
  const retyped = new Set<number>();
  /** A copy on the circulation shelves whose title (one no other call retyped) the test makes of type `code`. */
  async function copyOfType(code: string) {
    for (;;) {
      const [copy] = await freeCopies(t, 1);
      const row = await t.db.selectFrom('copies').select('title_id').where('id', '=', copy!.id).executeTakeFirstOrThrow();
      if (retyped.has(row.title_id)) continue;
      retyped.add(row.title_id);
      await t.db.updateTable('titles').set({ resource_type_id: Number(await typeOf(code)) }).where('id', '=', row.title_id).execute();
      return { ...copy!, title_id: row.title_id };
    }
  }

  it("counts loans against the type's own quota and uses its loan days", async () => {
    const [reader] = (await freeReaders(t, 1)) as [FreeReader];
    const mag = String(await typeOf('MAG'));
    await groupFor(t, [reader], { MaxLoans: 5, LoanDays: 30, ByResourceType: [{ ResourceTypeID: mag, MaxLoans: 1, LoanDays: 7, RenewDays: 7, MaxRenewals: 0 }] });
    const a = await copyOfType('MAG');
    const b = await copyOfType('MAG');
    const book = await copyOfType('BOOK');
    const first = await borrow(reader, a.barcode);
    const days = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / 86_400_000);
    // 7 loan days, counted from the school's day (UTC+8: up to a day ahead of the clock here), and a
    // due day on a closed day (a weekend, a holiday) moves to the next open one: far from the group's 30.
    expect(days(first.Loan.DueAt)).toBeLessThanOrEqual(14);
    const refused = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: b.barcode }, 'librarian');
    expect(codes(refused.data)).toContain('resourceTypeLimitReached');
    // Another type still goes, on the group's own days.
    const other = await borrow(reader, book.barcode);
    expect(days(other.Loan.DueAt)).toBeGreaterThanOrEqual(28);
    // The magazine type allows no renewal; the book, under the group's rule, may be renewed.
    expect(codes((await t.fail(C.renew, { Barcode: a.barcode }, 'librarian')).data)).toContain('renewalNotPermitted');
    expect((await t.data(C.renew, { Barcode: book.barcode }, 'librarian')).Loan.RenewCount).toBe(1);
  });

  it('refuses a type the school lends to teachers only, with its own reason', async () => {
    const [reader] = (await freeReaders(t, 1)) as [FreeReader];
    await groupFor(t, [reader]);
    const ref = await copyOfType('REF');
    const refused = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: ref.barcode }, 'librarian');
    expect(codes(refused.data)).toEqual(['resourceTypeNotForIdentity']);
    // Opened to students in the resource access, it goes.
    await t.db.updateTable('resource_access').set({ borrow_student: 1 }).where('school_id', '=', SCHOOL).where('resource_type_id', '=', Number(await typeOf('REF'))).execute();
    try {
      expect((await borrow(reader, ref.barcode)).Loan.Barcode).toBe(ref.barcode);
    } finally {
      await t.db.updateTable('resource_access').set({ borrow_student: 0 }).where('school_id', '=', SCHOOL).where('resource_type_id', '=', Number(await typeOf('REF'))).execute();
    }
  });

  it('does not renew a copy another reader waits for, and renews it once the queue is empty', async () => {
    const [reader, waiting] = (await freeReaders(t, 2)) as [FreeReader, FreeReader];
    await groupFor(t, [reader, waiting], { MaxRenewals: 3, RenewDays: 14 });
    const copy = await copyOfType('BOOK');
    // No other copy of its title on the shelf, so the hold cannot be filled from there.
    await t.db.updateTable('copies').set({ circ_state: 'lost' }).where('title_id', '=', copy.title_id).where('id', '!=', copy.id).execute();
    await borrow(reader, copy.barcode);
    const renewed = await t.data(C.renew, { Barcode: copy.barcode }, 'librarian');
    expect(renewed.Loan.RenewCount).toBe(1);
    const { Hold } = await t.data(H.place, { TitleID: copy.title_id, ReaderID: waiting.reader_id }, 'librarian');
    const refused = await t.fail(C.renew, { Barcode: copy.barcode }, 'librarian');
    expect(codes(refused.data)).toContain('holdWaiting');
    await t.data(H.cancel, { HoldID: Hold.ID, Note: '' }, 'librarian');
    expect((await t.data(C.renew, { Barcode: copy.barcode }, 'librarian')).Loan.RenewCount).toBe(2);
  });
});
