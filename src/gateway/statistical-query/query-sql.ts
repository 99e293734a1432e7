import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import {
  QUERY_FIELDS, STORAGE_STATE_NAMES,
  type QueryCondition, type QueryField, type QuerySubject,
} from '../../shared/api/statistical-query.ts';
import { STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { addDays } from '../../shared/domain/borrowing/local-days.ts';
import { localDayStartUtc } from '../charts/rank-period.ts';

/**
 * The whitelist: each field name of the contract maps to SQL written here, never to anything the
 * caller sent. Values are bound as parameters. Table aliases are fixed per subject: loans `l`,
 * copies `c`, titles `t`, readers `u`, the reader's department `ud`, and `pl` (loans in the
 * period per copy or per reader) where a query needs it.
 */
export interface SqlContext {
  offset: number;
  nowUtc: string;
  /** A department and everything under it (the school's tree), for grade/class/department values. */
  subtree(deptId: number): readonly number[];
}

type Eb = ExpressionBuilder<any, any>;
const ref = (r: string) => sql.ref(r);

/** Timestamp columns of the date fields (ISO instants compared against local-day bounds). */
const DATE_COLUMNS: Partial<Record<QueryField, string>> = { loanDate: 'l.loaned_at', dueDate: 'l.due_at', returnDate: 'l.returned_at', registered: 'c.created_at' };
const REF_COLUMNS: Partial<Record<QueryField, string>> = { branch: 'c.branch_id', area: 'c.area_id', resourceType: 't.resource_type_id', batch: 'c.batch_id' };
const ENUM_COLUMNS: Partial<Record<QueryField, string>> = { identity: 'u.identity', circState: 'c.circ_state', status: 'u.status', state: 'c.storage_area' };

/** Loans not back by their due time: returned late, or still out and past due now. */
export function overdueExpr(nowUtc: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`((l.returned_at is null and l.due_at < ${nowUtc}) or (l.returned_at is not null and l.returned_at > l.due_at))`;
}

/** The reader has a loan out now that is past due. */
export function overdueNowExpr(schoolId: number, nowUtc: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from loans lo where lo.user_id = u.id and lo.school_id = ${schoolId} and lo.returned_at is null and lo.cancelled = 0 and lo.due_at < ${nowUtc})`;
}

const bool = (e: RawBuilder<SqlBool>, v: string) => (v === 'true' ? e : sql<SqlBool>`not ${e}`);

/** `col in (…)` for an id list that may be empty (matches nothing then). */
const inIds = (col: string, ids: readonly (number | string)[]) => (ids.length ? sql<SqlBool>`${ref(col)} in (${sql.join(ids.map((i) => sql`${i}`))})` : sql<SqlBool>`1 = 0`);

/** Membership tests; the negative ones keep rows where the column is empty (a copy without an area is "not in area X"). */
function membership(col: string, op: QueryCondition['Op'], values: readonly (number | string)[]): RawBuilder<SqlBool> {
  const pos = inIds(col, values);
  return op === 'ne' || op === 'notIn' ? sql<SqlBool>`(${ref(col)} is null or not ${pos})` : pos;
}

function dateTest(col: string, op: QueryCondition['Op'], v: readonly string[], offset: number): RawBuilder<SqlBool> {
  const start = (d: string) => localDayStartUtc(d, offset);
  const c = ref(col);
  switch (op) {
    case 'before': return sql<SqlBool>`${c} < ${start(v[0]!)}`;
    case 'after': return sql<SqlBool>`${c} >= ${start(addDays(v[0]!, 1))}`;
    case 'eq': return sql<SqlBool>`(${c} >= ${start(v[0]!)} and ${c} < ${start(addDays(v[0]!, 1))})`;
    default: return sql<SqlBool>`(${c} >= ${start(v[0]!)} and ${c} < ${start(addDays(v[1]!, 1))})`;
  }
}

function numberTest(e: Expression<unknown>, op: QueryCondition['Op'], v: readonly string[]): RawBuilder<SqlBool> {
  const n = v.map(Number);
  switch (op) {
    case 'gte': return sql<SqlBool>`${e} >= ${n[0]!}`;
    case 'lte': return sql<SqlBool>`${e} <= ${n[0]!}`;
    case 'between': return sql<SqlBool>`(${e} >= ${n[0]!} and ${e} <= ${n[1]!})`;
    default: return sql<SqlBool>`${e} = ${n[0]!}`;
  }
}

const CLC_UPPER = sql`upper(t.class_no)`;

/** A CLC class number starts with one of the prefixes (or equals it): compared with substr, so no LIKE escaping is needed. */
function clcTest(op: QueryCondition['Op'], values: readonly string[]): RawBuilder<SqlBool> {
  const up = values.map((v) => v.toUpperCase());
  if (op === 'eq') return sql<SqlBool>`${CLC_UPPER} = ${up[0]!}`;
  return sql<SqlBool>`(${sql.join(up.map((p) => sql`substr(${CLC_UPPER}, 1, ${p.length}) = ${p}`), sql` or `)})`;
}

/** Loans (or 0) of the row in the period, from the `pl` join. */
export const periodLoansExpr = sql<number>`coalesce(pl.n, 0)`;

/** The SQL test of one condition on a subject (the contract has already checked that the field belongs to it and the values fit). */
export function conditionSql(subject: QuerySubject, c: QueryCondition, x: SqlContext & { schoolId: number }): RawBuilder<SqlBool> {
  const type = QUERY_FIELDS[c.Field].type;
  const v = c.Values;
  if (type === 'date') return dateTest(DATE_COLUMNS[c.Field]!, c.Op, v, x.offset);
  if (c.Field === 'overdue') return bool(overdueExpr(x.nowUtc), v[0]!);
  if (c.Field === 'returned') return bool(sql<SqlBool>`l.returned_at is not null`, v[0]!);
  if (c.Field === 'overdueNow') return bool(overdueNowExpr(x.schoolId, x.nowUtc), v[0]!);
  if (c.Field === 'clc') return clcTest(c.Op, v);
  if (c.Field === 'price') return numberTest(ref('c.price'), c.Op, v);
  if (c.Field === 'periodLoans') return numberTest(periodLoansExpr, c.Op, v);
  if (c.Field === 'grade' || c.Field === 'klass' || c.Field === 'dept') {
    // A grade, class or department stands for itself and everything under it.
    const ids = [...new Set(v.flatMap((id) => x.subtree(Number(id))))];
    return membership('u.dept_id', c.Op, ids);
  }
  if (c.Field === 'state') return membership('c.storage_area', c.Op, v.map((s) => STORAGE_AREAS[s as (typeof STORAGE_STATE_NAMES)[number]]));
  const col = REF_COLUMNS[c.Field] ?? ENUM_COLUMNS[c.Field];
  if (!col) throw new Error(`statistical query: no SQL for ${subject}.${c.Field}`);
  const values = type === 'ref' ? v.map(Number) : [...v];
  return membership(col, c.Op, values);
}

/** All conditions, and (when given) at least one of the "any of" group. */
export function whereSql(eb: Eb, subject: QuerySubject, all: readonly QueryCondition[], anyOf: readonly QueryCondition[], x: SqlContext & { schoolId: number }) {
  const parts: Array<Expression<SqlBool>> = all.map((c) => conditionSql(subject, c, x));
  if (anyOf.length) parts.push(eb.or(anyOf.map((c) => conditionSql(subject, c, x))));
  return eb.and(parts);
}
