import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { chartsCalls } from '../../src/shared/api/charts.ts';
import { refreshPlannerStatistics } from '../../src/gateway/db/planner-statistics.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { pct } from './percentile.ts';

/**
 * A busy school's loan history added to the catalogue fixture: `loans` closed loans spread over
 * the last `years` years (100,000 a year by default, as the issue's bench asks: three years), on
 * the fixture's copies and the school's readers (skewed, so some titles and classes lead). Each
 * loan is due 30 days after it was made and came back 1 to 40 days after (some late), never
 * after now. Bulk inserts: the summary tables the desk keeps are rebuilt once at the end, as
 * the migration that introduced them does.
 */
export async function generateLoanHistory(t: TestApp, loans = 300_000, years = 3, school = 1): Promise<number> {
  const db = t.app.db;
  const copies = await db.selectFrom('copies').select('id').where('school_id', '=', school).where('barcode', 'like', 'BX%').orderBy('id').execute();
  const readers = await db.selectFrom('users').select('id').where('school_id', '=', school).where('identity', 'in', ['student', 'teacher']).orderBy('id').execute();
  let seed = 7;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const now = Date.now();
  const BATCH = 4000;
  for (let from = 0; from < loans; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, loans - from) }, () => {
      // Squaring skews towards the first copies and readers: popular titles, keen classes.
      const copy = copies[Math.floor(rnd() ** 2 * copies.length)]!.id;
      const lent = now - Math.floor(rnd() * years * 365 * 86_400_000);
      const back = Math.min(now, lent + (1 + Math.floor(rnd() * 40)) * 86_400_000);
      const iso = (ms: number) => new Date(ms).toISOString();
      return { school_id: school, copy_id: copy, user_id: readers[Math.floor(rnd() ** 1.5 * readers.length)]!.id, loaned_at: iso(lent), due_at: iso(lent + 30 * 86_400_000), returned_at: iso(back) };
    });
    await db.insertInto('loans').values(rows).execute();
  }
  if (t.app.dbHandle.sqlite) refreshPlannerStatistics(t.app.dbHandle);
  return loans;
}

/**
 * The kiosk's borrowing rankings (Charts/*BorrowRank) at the gateway on the catalogue fixture
 * with three years of loans (generateLoanHistory). Each ranking is asked as the kiosk does
 * (anonymous, the school by header) for the week, the month and the year.
 */
export async function measureRankings(t: TestApp, loans = 300_000, school = 1): Promise<Record<string, number>> {
  await generateLoanHistory(t, loans, 3, school);
  const out: Record<string, number> = { loans };
  const cases = {
    item: [chartsCalls.itemBorrowRank, {}],
    class: [chartsCalls.gradeBorrowRank, { Sort: 'perReader' }],
    dept: [chartsCalls.deptBorrowRank, {}],
  } as const;
  for (const [name, [call, extra]] of Object.entries(cases)) {
    for (const period of ['week', 'month', 'year'] as const) {
      // Cold: each ask differs (Top), so the gateway's minute cache never answers; warm: the same ask again.
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < 20; i++) {
        let a = performance.now();
        const r = await t.call(call, { Period: period, Top: 100 - i, ...extra }, { school });
        cold.push(performance.now() - a);
        if (r.statusCode !== 200) throw new Error(`${name} ${period}: ${r.body.slice(0, 200)}`);
        a = performance.now();
        await t.call(call, { Period: period, Top: 100 - i, ...extra }, { school });
        warm.push(performance.now() - a);
      }
      out[`${name}.${period}.p95`] = pct(cold, 0.95);
      out[`${name}.${period}.warm.p95`] = pct(warm, 0.95);
    }
  }
  return out;
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.argv[2] ?? 100_000) });
    console.log(await measureRankings(t, Number(process.argv[3] ?? 300_000)));
  } finally {
    await t.close();
  }
}
