import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { statisticsCalls as C } from '../../src/shared/api/statistics.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { measureRankings } from './charts.ts';
import { callP95s } from './call-p95.ts';
import { schoolDayOf } from './school-day.ts';

/**
 * The statistics reports (issue 11 §1) at the gateway, as the administrator asks them, on the
 * catalogue fixture with three years of loans (the rankings' bench adds them: call after it on
 * the same app). Each report for the last year, 20 times; p95 per report.
 */
export async function measureStatistics(t: TestApp, school = 1): Promise<Record<string, number>> {
  const token = await t.tokenFor('admin');
  const day = await schoolDayOf(t, school);
  const today = day(Date.now());
  const yearAgo = day(Date.now() - 364 * 86_400_000);
  const P = { From: yearAgo, To: today };
  const cases = {
    classify5: [C.classify5, P],
    classify22: [C.classify22, P],
    zeroPerson: [C.zeroBorrowReaders, { ...P, Page: 1, Rows: 20 }],
    zeroBook: [C.zeroBorrowBooks, { ...P, Page: 1, Rows: 20 }],
    zeroTitle: [C.zeroBorrowBooks, { ...P, Unit: 'title', Page: 1, Rows: 20 }],
    deptBorrow: [C.deptBorrow, { ...P, Level: 'grade' }],
    classBorrow: [C.classBorrow, P],
    collection: [C.collection, { GroupBy: 'class' }],
    resourceCirc: [C.resourceCirc, P],
    circulationDay: [C.circulation, { ...P, Step: 'day' }],
    circulationMonth: [C.circulation, { ...P, Step: 'month' }],
  } as const;
  return callP95s(t, cases, { token, school });
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.argv[2] ?? 100_000) });
    await measureRankings(t, Number(process.argv[3] ?? 300_000));
    console.log(await measureStatistics(t));
  } finally {
    await t.close();
  }
}
