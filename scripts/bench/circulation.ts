import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { writeTx } from '../../src/gateway/db/connect.ts';
import { refreshPlannerStatistics } from '../../src/gateway/db/planner-statistics.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { pct } from './percentile.ts';


/**
 * Issue 9's desk budget on the catalogue fixture (100k titles, 200k copies, a reader with 400 open
 * loans): 8 desks lend and return at once through the gateway (app.inject: validation, auth,
 * permissions, the rules module, the transaction), beside the same database writes done
 * directly, so the ratio is the gateway's overhead; and the desk's lookup of the reader who holds
 * 400 loans. Each desk works its own readers and copies: the figure is throughput, not a race.
 */
export async function measureCirculation(titles = 100_000): Promise<Record<string, number>> {
  const t = await makeTestApp({});
  try {
    const fixture = await generateCatalogueFixture(t.app.db, { titles });
    if (t.app.dbHandle.sqlite) refreshPlannerStatistics(t.app.dbHandle);
    const token = await t.tokenFor('librarian');
    const school = 1;
    // Enough quota that no lend is refused for the limit: the bench measures the work, not refusals.
    await t.app.db.updateTable('permission_groups').set({ max_loans: 1000, overdue_renewal: 'allow' }).where('school_id', '=', school).execute();
    const readers = await t.app.db.selectFrom('users').select(['id', 'reader_id']).where('school_id', '=', school).where('identity', 'in', ['student', 'teacher'])
      .where('status', '=', 'active').orderBy('id').limit(64).execute();
    const copies = await t.app.db.selectFrom('copies').select(['id', 'barcode']).where('school_id', '=', school).where('circ_state', '=', 'available')
      .where('storage_area', '=', 2).orderBy('id', 'desc').limit(800).execute();
    const DESKS = 8;
    const PER_DESK = 50; // 50 lends and 50 returns per desk
    const lat: number[] = [];
    let refused = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: DESKS }, async (_, d) => {
      for (let i = 0; i < PER_DESK; i++) {
        const copy = copies[d * PER_DESK + i]!;
        const reader = readers[(d * 7 + i) % readers.length]!;
        let a = performance.now();
        const lent = await t.call(circulationCalls.literatureCirc, { UserID: reader.id, Barcode: copy.barcode }, { token, headers: { 'idempotency-key': `bench-${d}-${i}-b` } });
        lat.push(performance.now() - a);
        if (lent.statusCode !== 200) refused++;
        a = performance.now();
        const back = await t.call(circulationCalls.literatureReturn, { Barcode: copy.barcode }, { token, headers: { 'idempotency-key': `bench-${d}-${i}-r` } });
        lat.push(performance.now() - a);
        if (back.statusCode !== 200) refused++;
      }
    }));
    const gatewayMs = performance.now() - t0;
    const out: Record<string, number> = {
      'desk.transactions': lat.length, 'desk.refused': refused,
      'desk.p50': pct(lat, 0.5), 'desk.p95': pct(lat, 0.95), 'desk.p99': pct(lat, 0.99),
      'desk.perSec': lat.length / (gatewayMs / 1000),
      'fixture.loansOfOneReader': fixture.loans,
    };

    // The same writes straight on the database: lend (loan, copy, its history, the journal) and return.
    const direct: number[] = [];
    const d0 = performance.now();
    for (let i = 0; i < DESKS * PER_DESK; i++) {
      const copy = copies[i]!;
      const reader = readers[i % readers.length]!;
      for (const kind of ['borrow', 'return'] as const) {
        const a = performance.now();
        const now = new Date().toISOString();
        await writeTx(t.app.db, async (trx) => {
          let loanId: number;
          if (kind === 'borrow') {
            loanId = (await trx.insertInto('loans').values({ school_id: school, copy_id: copy.id, user_id: reader.id, loaned_at: now, due_at: now, returned_at: null, renew_count: 0, loaned_by: 1 })
              .returning('id').executeTakeFirstOrThrow()).id;
          } else {
            loanId = (await trx.updateTable('loans').set({ returned_at: now, returned_by: 1 }).where('copy_id', '=', copy.id).where('returned_at', 'is', null)
              .returning('id').executeTakeFirstOrThrow()).id;
          }
          await trx.updateTable('copies').set({ circ_state: kind === 'borrow' ? 'borrowed' : 'available', updated_at: now }).where('id', '=', copy.id).execute();
          await trx.insertInto('copy_events').values({ school_id: school, copy_id: copy.id, barcode: copy.barcode, event: kind, user_id: 1, at: now, detail: '{}' }).execute();
          await trx.insertInto('circ_transactions').values({ school_id: school, kind, loan_id: loanId, copy_id: copy.id, reader_id: reader.id, staff_id: 1, at: now }).execute();
        });
        direct.push(performance.now() - a);
      }
    }
    out['direct.p95'] = pct(direct, 0.95);
    out['direct.perSec'] = direct.length / ((performance.now() - d0) / 1000);

    // The desk scans the card of the reader with 400 open loans (quota, every loan, blocks).
    const heavy = (await t.app.db.selectFrom('loans').innerJoin('users', 'users.id', 'loans.user_id').select(['users.reader_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('loans.school_id', '=', school).where('loans.returned_at', 'is', null).groupBy('users.reader_id').orderBy('n', 'desc').executeTakeFirstOrThrow()).reader_id;
    const look: number[] = [];
    for (let i = 0; i < 20; i++) {
      const a = performance.now();
      const r = await t.call(circulationCalls.getCircUserInfoByBarCode, { BarCode: heavy }, { token });
      look.push(performance.now() - a);
      if (r.statusCode !== 200) throw new Error(r.body.slice(0, 200));
    }
    out['reader400.p95'] = pct(look, 0.95);
    return out;
  } finally {
    await t.close();
  }
}

if (import.meta.main) console.log(await measureCirculation(Number(process.argv[2] ?? 100_000)));
