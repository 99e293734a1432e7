import type { Row, Tables } from './demo-data.ts';

/**
 * Saved-queries slice of the demo seed (migration 0043): the questions a school library asks its
 * query builder most, saved by school 1's administrator so /statistical-query opens with examples.
 * Periods are this school year as of `now` (from 1 September). Deterministic.
 */
export function addStatisticalQueryData(tables: Tables, now: Date): void {
  const users = tables.get('users') ?? [];
  const admin = users.find((u) => u.school_id === 1 && u.account === 'admin');
  if (!admin) return;
  const y = now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const period = { From: `${y}-09-01`, To: now.toISOString().slice(0, 10) };
  const base = { ...period, Conditions: [], AnyOf: [], GroupBy: [], Measures: [], Columns: [] };
  const saved: Array<[string, Record<string, unknown>]> = [
    ['本学年各班学生借阅', { ...base, Subject: 'loans', Conditions: [{ Field: 'identity', Op: 'eq', Values: ['student'] }], GroupBy: ['Class'], Measures: ['Loans', 'Readers', 'Titles'] }],
    ['本学年各班按月借阅', { ...base, Subject: 'loans', Conditions: [{ Field: 'identity', Op: 'eq', Values: ['student'] }], GroupBy: ['Class', 'Month'], Measures: ['Loans'] }],
    ['本学年没有借过书的学生', { ...base, Subject: 'readers', Conditions: [{ Field: 'identity', Op: 'eq', Values: ['student'] }, { Field: 'status', Op: 'eq', Values: ['active'] }, { Field: 'periodLoans', Op: 'eq', Values: ['0'] }], Columns: ['ReaderID', 'ReaderName', 'Class'] }],
    ['在藏图书按中图法大类（册数与金额）', { ...base, Subject: 'copies', Conditions: [{ Field: 'state', Op: 'notIn', Values: ['weeded', 'lost'] }], GroupBy: ['ClcClass'], Measures: ['Copies', 'Titles', 'Value'] }],
    ['逾期未还按年级', { ...base, Subject: 'loans', Conditions: [{ Field: 'returned', Op: 'eq', Values: ['false'] }, { Field: 'overdue', Op: 'eq', Values: ['true'] }], GroupBy: ['Grade'], Measures: ['Loans', 'Readers'] }],
  ];
  const rows: Row[] = saved.map(([name, query], i) => ({
    id: i + 1, school_id: 1, user_id: admin.id ?? null, name, query: JSON.stringify(query), created_at: new Date(now.getTime() - (saved.length - i) * 3_600_000).toISOString(),
  }));
  tables.set('saved_queries', rows);
}
