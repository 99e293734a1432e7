import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbKind } from './connect.ts';

/**
 * "column is one of these strings", with the whole list as one bound value: on SQLite a JSON
 * array read by json_each, on PostgreSQL an array (= any). Two reasons over `in (?, ?, …)`:
 * no 500-at-a-time chunks and statements to build for a long list, and a plan that does not
 * depend on the planner's guess of a school's size. With an IN list of 500 ISBNs SQLite
 * preferred scanning the school's titles (its sampled statistics, analysis_limit, put ~600
 * titles in each school): 13 ms a list in a school of 100,000 titles, where a subquery is
 * looked up value by value (20,000 ISBNs: 0.5 s against 7 ms).
 */
export function oneOf(kind: DbKind, column: string, values: readonly string[]): RawBuilder<SqlBool> {
  return kind === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...values]})`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}
