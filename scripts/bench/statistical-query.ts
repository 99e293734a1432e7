import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { statisticalQueryCalls as C } from '../../src/shared/api/statistical-query.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { measureRankings } from './charts.ts';
import { callP95s } from './call-p95.ts';
import { schoolDayOf } from './school-day.ts';

/**
 * The query builder (/statistical-query) at the gateway on the catalogue fixture with a year of
 * loans (the rankings' bench adds them: call after it on the same app): the questions of the demo's
 * saved queries and a page of rows, each 20 times as the administrator; p95 per query.
 */
export async function measureStatisticalQuery(t: TestApp, school = 1): Promise<Record<string, number>> {
  const token = await t.tokenFor('admin');
  const day = await schoolDayOf(t, school);
  const To = day(Date.now());
  const From = day(Date.now() - 364 * 86_400_000);
  const q = { From, To, Conditions: [], AnyOf: [], GroupBy: [], Measures: [], Columns: [] };
  const student = { Field: 'identity', Op: 'eq', Values: ['student'] };
  const cases = {
    loansByClass: [C.run, { ...q, Subject: 'loans', Conditions: [student], GroupBy: ['Class'], Measures: ['Loans', 'Readers', 'Titles'] }],
    loansByClassMonth: [C.run, { ...q, Subject: 'loans', GroupBy: ['Class', 'Month'], Measures: ['Loans'] }],
    loansPage: [C.run, { ...q, Subject: 'loans', Conditions: [{ Field: 'clc', Op: 'startsWith', Values: ['I'] }], Page: 1, Rows: 20 }],
    copiesByClc: [C.run, { ...q, Subject: 'copies', Conditions: [{ Field: 'state', Op: 'notIn', Values: ['weeded', 'lost'] }], GroupBy: ['ClcClass'], Measures: ['Copies', 'Titles', 'Value', 'Loans'] }],
    copiesNeverLent: [C.run, { ...q, Subject: 'copies', Conditions: [{ Field: 'periodLoans', Op: 'eq', Values: ['0'] }], Page: 1, Rows: 20 }],
    readersZero: [C.run, { ...q, Subject: 'readers', Conditions: [student, { Field: 'periodLoans', Op: 'eq', Values: ['0'] }], Columns: ['ReaderID', 'ReaderName', 'Class'], Page: 1, Rows: 20 }],
  } as const;
  return callP95s(t, cases, { token, school });
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.argv[2] ?? 100_000) });
    await measureRankings(t, Number(process.argv[3] ?? 100_000));
    console.log(await measureStatisticalQuery(t));
  } finally {
    await t.close();
  }
}
