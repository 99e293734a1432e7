import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { chartsCalls as C } from '../../src/shared/api/charts.ts';
import type { CallDef } from '../../src/shared/api/contract.ts';
import { callP95s } from './call-p95.ts';

/**
 * The staff rankings of the reports (issue 11) at the gateway, on the data measureRankings leaves
 * (the catalogue fixture and three years of loans): readers of the school and of one grade, a
 * department's readers, holdings and loans per collection area, loans by CLC class. Asked as the
 * administrator for this year (the widest preset), 20 times each; these calls keep no cache.
 */
export async function measureStaffRankings(t: TestApp, school = 1): Promise<Record<string, number>> {
  const token = await t.tokenFor(school === 1 ? 'admin' : 'admin2');
  const grade = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', school).where('kind', '=', 'grade').orderBy('id').executeTakeFirstOrThrow();
  const dept = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', school).where('kind', '=', 'dept').orderBy('id').executeTakeFirstOrThrow();
  const year = { Period: 'year' } as const;
  const cases: Record<string, [CallDef, Record<string, unknown>]> = {
    readersOfSchool: [C.gradeUserBorrowRank, year],
    readersOfGrade: [C.gradeUserBorrowRank, { ...year, GradeID: grade.id }],
    readersOfDept: [C.deptUserBorrowRank, { ...year, DeptID: dept.id }],
    locationHoldings: [C.getLocationItemSta, {}],
    locationLoans: [C.getLocationCircSta, year],
    clcLoans: [C.getClcRank, year],
  };
  return callP95s(t, cases, { token }, (call, input, i) => (call === C.getLocationItemSta ? input : { ...input, Top: 100 - i }));
}
