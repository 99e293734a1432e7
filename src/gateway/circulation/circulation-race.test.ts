import { describe, expect, it } from 'vitest';
import { circulationCalls as C, DESK_MENUS } from '../../shared/api/circulation.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { addStaff, freeCopies, freeReaders, groupFor, openLoanCounts } from './desk-fixture.ts';

/**
 * Correctness under load: 8 desks fire 1,000 borrow attempts at 100 copies all at once, 10 per
 * copy from different readers. Exactly one attempt per copy may win; every other one is refused
 * with a reason, never a 5xx, and nothing is written twice. SQLite queues the writers; PostgreSQL
 * runs them in parallel (SERIALIZABLE, retried) with the unique open-loan index as the last word.
 */

const DESKS = 8;
const COPIES = 100;
const ATTEMPTS = 1000;
const READERS = 50;

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the desk under load on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  it(`${DESKS} desks, ${ATTEMPTS} concurrent borrows of ${COPIES} copies: exactly ${COPIES} loans`, async () => {
    const desks = await Promise.all(Array.from({ length: DESKS }, async (_, i) => {
      await addStaff(t, `racedesk${i}`, [...DESK_MENUS]);
      return t.tokenFor(`racedesk${i}`);
    }));
    const readers = await freeReaders(t, READERS);
    // Room for every copy: the quota is not what this test races for.
    await groupFor(t, readers, { MaxLoans: 200 });
    const copies = await freeCopies(t, COPIES);

    const t0 = performance.now();
    const replies = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => {
      const copy = copies[i % COPIES]!;
      // The ten attempts at a copy come from ten readers and several desks.
      const reader = readers[(i + Math.floor(i / COPIES) * 7) % READERS]!;
      return t.call(C.literatureCirc, { UserID: reader.id, Barcode: copy.barcode }, { token: desks[i % DESKS] });
    }));
    const ms = performance.now() - t0;
    console.info(`${ATTEMPTS} concurrent borrows on ${postgres ? 'PostgreSQL' : 'SQLite'}: ${Math.round(ms)} ms`);

    const statuses = new Map<number, number>();
    for (const r of replies) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 200: COPIES, 409: ATTEMPTS - COPIES });
    for (const r of replies.filter((x) => x.statusCode === 409)) {
      const body = r.json() as { data: { Reasons: Array<{ Code: string }> } };
      expect(body.data.Reasons.map((x) => x.Code)).toEqual(['alreadyOnLoan']);
    }
    // One winner per copy, and its reply names the loan the database holds.
    const winners = replies.filter((r) => r.statusCode === 200).map((r) => r.json().data as { Loan: { CopyID: number; LoanID: number }; TransactionID: number });
    expect(new Set(winners.map((w) => w.Loan.CopyID)).size).toBe(COPIES);

    const ids = copies.map((c) => c.id);
    const open = await openLoanCounts(t, ids);
    expect(open.size).toBe(COPIES);
    expect([...open.values()].every((n) => n === 1)).toBe(true);
    const loans = await t.db.selectFrom('loans').select('id').where('copy_id', 'in', ids).where('returned_at', 'is', null).execute();
    expect(new Set(loans.map((l) => l.id))).toEqual(new Set(winners.map((w) => w.Loan.LoanID)));
    const txs = await t.db.selectFrom('circ_transactions').select(['id', 'copy_id', 'kind']).where('copy_id', 'in', ids).execute();
    expect(txs).toHaveLength(COPIES);
    expect(new Set(txs.map((x) => x.id))).toEqual(new Set(winners.map((w) => w.TransactionID)));
    const events = await t.db.selectFrom('copy_events').select('copy_id').where('copy_id', 'in', ids).where('event', '=', 'borrow').execute();
    expect(events).toHaveLength(COPIES);
    const states = await t.db.selectFrom('copies').select('circ_state').where('id', 'in', ids).execute();
    expect(states.every((s) => s.circ_state === 'borrowed')).toBe(true);
  }, 60_000);
});
