import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  DEFAULT_MEASURE, MAX_GROUPS, QUERY_COLUMNS,
  type QueryColumn, type QueryDimension, type QueryMeasure, type QueryResult, type QuerySubject, type StatisticalQuery,
} from '../../shared/api/statistical-query.ts';
import { addDays, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { localDayStartUtc } from '../charts/rank-period.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { nameMap, nameOf, type NameMap, type T } from './query-names.ts';
import { overdueExpr, overdueNowExpr, periodLoansExpr, whereSql, type SqlContext } from './query-sql.ts';

/** Who asks and what they may reach (the handler works it out from the token and the roles). */
export interface QueryScope {
  schoolId: number;
  offset: number;
  /** Branches / resource types the caller's roles reach (null: all). */
  branchIds: readonly number[] | null;
  typeIds: readonly number[] | null;
  /** The classes a head teacher or class librarian reaches (null: every reader). */
  deptIds: readonly number[] | null;
  lang: Language;
  t: T;
}

type Q = SelectQueryBuilder<any, any, any>;
type Cell = string | number | boolean | null;

/** Loans of the period per copy or per reader (not undone), inside the caller's branches. */
function periodLoans(db: Db, s: QueryScope, startUtc: string, endUtc: string, by: 'copy_id' | 'user_id') {
  let q = db.selectFrom('loans as l2').select((e) => [`l2.${by} as k`, e.fn.countAll<number | string>().as('n')])
    .where('l2.school_id', '=', s.schoolId).where('l2.cancelled', '=', 0).where('l2.loaned_at', '>=', startUtc).where('l2.loaned_at', '<', endUtc) as Q;
  // A reader's loans count only of copies within the caller's branches and types.
  if (by === 'user_id' && (s.branchIds || s.typeIds)) {
    q = q.innerJoin('copies as c2', 'c2.id', 'l2.copy_id').innerJoin('titles as t2', 't2.id', 'c2.title_id');
    if (s.branchIds) q = q.where('c2.branch_id', 'in', s.branchIds.length ? [...s.branchIds] : [-1]);
    if (s.typeIds) q = q.where('t2.resource_type_id', 'in', s.typeIds.length ? [...s.typeIds] : [-1]);
  }
  return q.groupBy(`l2.${by}`);
}

const usesPeriodLoans = (q: StatisticalQuery) =>
  q.Subject !== 'loans' && ([...q.Conditions, ...q.AnyOf].some((c) => c.Field === 'periodLoans') || q.Measures.includes('Loans') || q.Measures.includes('Borrowers') || q.Columns.includes('PeriodLoans'));

/** The rows of the subject the query is about, within the school and the caller's scope, with its conditions. */
function baseQuery(db: Db, q: StatisticalQuery, s: QueryScope, x: SqlContext, startUtc: string, endUtc: string): Q {
  let b: Q;
  if (q.Subject === 'loans') {
    b = db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
      .innerJoin('users as u', 'u.id', 'l.user_id').leftJoin('departments as ud', 'ud.id', 'u.dept_id')
      .where('l.school_id', '=', s.schoolId).where('l.cancelled', '=', 0).where('l.loaned_at', '>=', startUtc).where('l.loaned_at', '<', endUtc) as Q;
  } else if (q.Subject === 'copies') {
    b = db.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id').where('c.school_id', '=', s.schoolId) as Q;
    if (usesPeriodLoans(q)) b = b.leftJoin(periodLoans(db, s, startUtc, endUtc, 'copy_id').as('pl'), 'pl.k', 'c.id');
  } else {
    b = db.selectFrom('users as u').leftJoin('departments as ud', 'ud.id', 'u.dept_id').where('u.school_id', '=', s.schoolId) as Q;
    if (usesPeriodLoans(q)) b = b.leftJoin(periodLoans(db, s, startUtc, endUtc, 'user_id').as('pl'), 'pl.k', 'u.id');
  }
  if (q.Subject !== 'readers') {
    if (s.branchIds) b = b.where('c.branch_id', 'in', s.branchIds.length ? [...s.branchIds] : [-1]);
    if (s.typeIds) b = b.where('t.resource_type_id', 'in', s.typeIds.length ? [...s.typeIds] : [-1]);
  }
  // A head teacher or class librarian: only the readers (and their loans) of their classes.
  if (q.Subject !== 'copies' && s.deptIds) b = b.where('u.dept_id', 'in', s.deptIds.length ? [...s.deptIds] : [-1]);
  if (q.Conditions.length || q.AnyOf.length) b = b.where((eb) => whereSql(eb, q.Subject, q.Conditions, q.AnyOf, { ...x, schoolId: s.schoolId }));
  return b;
}

/** Measures whose total is the sum of the groups' (counts of rows and sums, not distinct counts). */
const ADDITIVE: Record<QuerySubject, readonly QueryMeasure[]> = { loans: ['Loans'], copies: ['Copies', 'Value', 'Loans'], readers: ['Readers', 'Borrowers', 'Loans'] };

const MEASURE_SQL: Record<QuerySubject, Partial<Record<QueryMeasure, RawBuilder<unknown>>>> = {
  loans: {
    Loans: sql`count(*)`, Readers: sql`count(distinct l.user_id)`, Titles: sql`count(distinct c.title_id)`, Copies: sql`count(distinct l.copy_id)`,
  },
  copies: {
    Copies: sql`count(*)`, Titles: sql`count(distinct c.title_id)`, Value: sql`coalesce(sum(c.price), 0)`, Loans: sql`coalesce(sum(${periodLoansExpr}), 0)`,
  },
  readers: {
    Readers: sql`count(*)`, Borrowers: sql`coalesce(sum(case when pl.n > 0 then 1 else 0 end), 0)`, Loans: sql`coalesce(sum(${periodLoansExpr}), 0)`,
  },
};

/** The first UTC instant of each local month touched by the period, and its label (YYYY-MM). */
function monthBounds(from: string, to: string, offset: number): Array<{ label: string; startUtc: string }> {
  const out: Array<{ label: string; startUtc: string }> = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
    out.push({ label: m, startUtc: localDayStartUtc(`${m}-01`, offset) });
    const [y, mo] = m.split('-').map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  return out;
}

/**
 * A dimension's key in SQL and how its keys are named. Month: a CASE over the period's month starts,
 * the same on both databases; its instants and labels are ours (computed from two checked dates) and
 * written as literals, so PostgreSQL sees the same expression in SELECT and GROUP BY and knows its type.
 */
function dimensionSql(d: QueryDimension, q: StatisticalQuery, offset: number): { key: RawBuilder<unknown>; names: Parameters<typeof nameMap>[2] | null } {
  switch (d) {
    case 'Month': {
      const months = monthBounds(q.From, q.To, offset).reverse();
      return { key: sql`case ${sql.join(months.map((m) => sql`when l.loaned_at >= ${sql.lit(m.startUtc)} then ${sql.lit(m.label)}`), sql` `)} end`, names: null };
    }
    case 'Class': return { key: sql`u.dept_id`, names: 'dept' };
    case 'Grade': return { key: sql`case when ud.kind = 'class' then ud.parent_id else null end`, names: 'dept' };
    case 'Identity': return { key: sql`u.identity`, names: 'identity' };
    case 'Status': return { key: sql`u.status`, names: 'status' };
    case 'Branch': return { key: sql`c.branch_id`, names: 'branch' };
    case 'Area': return { key: sql`c.area_id`, names: 'area' };
    case 'ResourceType': return { key: sql`t.resource_type_id`, names: 'resourceType' };
    case 'ClcClass': return { key: sql`upper(substr(t.class_no, 1, 1))`, names: 'clc' };
    case 'State': return { key: sql`c.storage_area`, names: 'state' };
    default: return { key: sql`c.batch_id`, names: 'batch' };
  }
}

const num = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

export interface QueryRun {
  db: Db;
  q: StatisticalQuery;
  scope: QueryScope;
  nowUtc: string;
  subtree(deptId: number): readonly number[];
}

function prepare(r: QueryRun) {
  const { q, scope: s } = r;
  const startUtc = localDayStartUtc(q.From, s.offset);
  const endUtc = localDayStartUtc(addDays(q.To, 1), s.offset);
  const x: SqlContext = { offset: s.offset, nowUtc: r.nowUtc, subtree: r.subtree };
  const measures = q.Measures.length ? q.Measures : [DEFAULT_MEASURE[q.Subject]];
  return { base: () => baseQuery(r.db, q, s, x, startUtc, endUtc), measures, x, startUtc, endUtc };
}

/** The measures of one row of totals, as numbers. */
const num0 = (row: unknown, measures: readonly QueryMeasure[]): Record<string, number> =>
  Object.fromEntries(measures.map((m) => [m, num((row as Record<string, unknown> | undefined)?.[m])]));

/** The measures over everything the query matched. */
async function overall(base: Q, subject: QuerySubject, measures: readonly QueryMeasure[]): Promise<Record<string, number>> {
  return num0(await directSource(() => base, subject).overall(measures).executeTakeFirst(), measures);
}

/** What a dimension is a fact of: a distinct count is the sum of the groups' when every dimension is a fact of what it counts. */
const DIMENSION_OF: Record<QueryDimension, 'loan' | 'reader' | 'copy' | 'title'> = {
  Month: 'loan', Class: 'reader', Grade: 'reader', Identity: 'reader', Status: 'reader',
  Branch: 'copy', Area: 'copy', State: 'copy', Batch: 'copy', ResourceType: 'title', ClcClass: 'title',
};
const DISTINCT_OF: Record<QuerySubject, Partial<Record<QueryMeasure, 'reader' | 'copy' | 'title'>>> = {
  loans: { Readers: 'reader', Titles: 'title', Copies: 'copy' }, copies: { Titles: 'title' }, readers: {},
};
/** A reader's class is the one they are in now, and a copy names its title, so these partition the counted things. */
const isFactOf = (d: QueryDimension, thing: 'reader' | 'copy' | 'title') => DIMENSION_OF[d] === thing || (thing === 'copy' && DIMENSION_OF[d] === 'title');
function summable(subject: QuerySubject, m: QueryMeasure, dims: readonly QueryDimension[]): boolean {
  if (ADDITIVE[subject].includes(m)) return true;
  const thing = DISTINCT_OF[subject][m];
  return thing != null && dims.every((d) => isFactOf(d, thing));
}

/** Where the grouped rows come from: the query's own rows, or (copies) their sums per title first. */
interface GroupSource {
  grouped(keys: readonly RawBuilder<unknown>[], measures: readonly QueryMeasure[]): Q;
  overall(measures: readonly QueryMeasure[]): Q;
  measureSql(m: QueryMeasure): RawBuilder<unknown>;
}

function directSource(base: () => Q, subject: QuerySubject): GroupSource {
  const measureSql = (m: QueryMeasure) => MEASURE_SQL[subject][m]!;
  return {
    measureSql,
    grouped(keys, measures) {
      let g = base().select([...keys.map((k, i) => k.as(`k${i}`)), ...measures.map((m) => measureSql(m).as(m))]);
      for (const k of keys) g = g.groupBy(k);
      return g;
    },
    overall: (measures) => base().select(measures.map((m) => measureSql(m).as(m))),
  };
}

/** Fields and dimensions of a copy that belong to its title. */
const TITLE_FIELDS: ReadonlySet<string> = new Set(['clc', 'resourceType']);

/**
 * Copies grouped by facts of their titles (CLC class, resource type), possibly beside facts of the
 * copy: the copies are summed per title and copy facts first, reading the copies in title order
 * without visiting each copy's title, and then each title is read once (100,000 title reads
 * instead of 200,000 on a large school: half the time of the query). Only when the "any of"
 * conditions are all of one kind, so every condition can be tested on one side.
 */
function perTitleSource(r: QueryRun, x: SqlContext, startUtc: string, endUtc: string, dims: readonly QueryDimension[]): GroupSource | null {
  const { db, q, scope: s } = r;
  if (q.Subject !== 'copies' || !dims.some((d) => DIMENSION_OF[d] === 'title')) return null;
  const anyOfTitle = q.AnyOf.filter((c) => TITLE_FIELDS.has(c.Field));
  if (anyOfTitle.length && anyOfTitle.length !== q.AnyOf.length) return null;
  const cx = { ...x, schoolId: s.schoolId };
  const copyDims = dims.filter((d) => DIMENSION_OF[d] !== 'title');
  const inner = (withCopyDims: boolean) => {
    let b = db.selectFrom('copies as c').where('c.school_id', '=', s.schoolId) as Q;
    if (usesPeriodLoans(q)) b = b.leftJoin(periodLoans(db, s, startUtc, endUtc, 'copy_id').as('pl'), 'pl.k', 'c.id');
    if (s.branchIds) b = b.where('c.branch_id', 'in', s.branchIds.length ? [...s.branchIds] : [-1]);
    const conds = q.Conditions.filter((c) => !TITLE_FIELDS.has(c.Field));
    const anyOf = anyOfTitle.length ? [] : q.AnyOf;
    if (conds.length || anyOf.length) b = b.where((eb) => whereSql(eb, 'copies', conds, anyOf, cx));
    const keys = withCopyDims ? copyDims.map((d) => dimensionSql(d, q, s.offset).key) : [];
    let g = b.select([
      sql`c.title_id`.as('tid'), ...keys.map((k, i) => k.as(`ck${i}`)),
      sql`count(*)`.as('cp'), sql`coalesce(sum(c.price), 0)`.as('v'), (usesPeriodLoans(q) ? sql`coalesce(sum(${periodLoansExpr}), 0)` : sql`0`).as('ln'),
    ]).groupBy(sql`c.title_id`);
    for (const k of keys) g = g.groupBy(k);
    return g;
  };
  const outer = (withCopyDims: boolean) => {
    let o = db.selectFrom(inner(withCopyDims).as('x')).innerJoin('titles as t', 't.id', 'x.tid') as Q;
    if (s.typeIds) o = o.where('t.resource_type_id', 'in', s.typeIds.length ? [...s.typeIds] : [-1]);
    const conds = q.Conditions.filter((c) => TITLE_FIELDS.has(c.Field));
    if (conds.length || anyOfTitle.length) o = o.where((eb) => whereSql(eb, 'copies', conds, anyOfTitle, cx));
    return o;
  };
  // Each per-title row is one title of its group (the group's copy facts are in its key).
  const measureSql = (m: QueryMeasure) =>
    m === 'Titles' ? sql`count(*)` : m === 'Copies' ? sql`coalesce(sum(x.cp), 0)` : m === 'Value' ? sql`coalesce(sum(x.v), 0)` : sql`coalesce(sum(x.ln), 0)`;
  return {
    measureSql,
    grouped(keys, measures) {
      let g = outer(true).select([...keys.map((k, i) => k.as(`k${i}`)), ...measures.map((m) => measureSql(m).as(m))]);
      for (const k of keys) g = g.groupBy(k);
      return g;
    },
    overall: (measures) => outer(false).select(measures.map((m) => measureSql(m).as(m))),
  };
}

/** Grouped counts: at most MAX_GROUPS groups (the largest by the first measure), in the school's order of the dimensions. */
export async function runGroups(r: QueryRun): Promise<QueryResult> {
  const { q, scope: s } = r;
  const { base, measures, x, startUtc, endUtc } = prepare(r);
  const perTitle = perTitleSource(r, x, startUtc, endUtc, q.GroupBy);
  const source = perTitle ?? directSource(base, q.Subject);
  // A copy fact of the per-title rows is their column, not the copy's.
  let copyDim = 0;
  const dims = q.GroupBy.map((d) => {
    const { key, names } = dimensionSql(d, q, s.offset);
    return { d, names, key: perTitle && DIMENSION_OF[d] !== 'title' ? sql.ref(`x.ck${copyDim++}`) : key };
  });
  const keyAs = (i: number) => `k${i}`;
  // One after another: on PostgreSQL they share the budget's transaction (one connection).
  const rows = await source.grouped(dims.map((d) => d.key), measures).orderBy(source.measureSql(measures[0]!), 'desc').limit(MAX_GROUPS + 1).execute() as Array<Record<string, unknown>>;
  // Counts and sums over all groups are the groups' sum, and so is a distinct count of what the groups partition; any other needs its own pass.
  const all = rows.length <= MAX_GROUPS && measures.every((m) => summable(q.Subject, m, q.GroupBy))
    ? Object.fromEntries(measures.map((m) => [m, num(rows.reduce((sum, row) => sum + Number(row[m] ?? 0), 0))]))
    : num0(await source.overall(measures).executeTakeFirst(), measures);
  const maps: Array<NameMap | null> = [];
  for (const x of dims) maps.push(x.names ? await nameMap(r.db, s.schoolId, x.names, s.lang, s.t) : null);
  const named = rows.slice(0, MAX_GROUPS).map((row) => {
    const keys = dims.map((x, i) => {
      const k = row[keyAs(i)];
      const m = maps[i] ?? null;
      return m ? nameOf(m, k, s.t) : { name: k == null ? s.t('statistical-query:none') : String(k), order: 0 };
    });
    const out: Record<string, Cell> = {};
    dims.forEach((x, i) => { out[x.d] = keys[i]!.name; });
    for (const m of measures) out[m] = num(row[m]);
    return { out, keys };
  });
  named.sort((a, b) => {
    for (let i = 0; i < a.keys.length; i++) {
      const d = a.keys[i]!.order - b.keys[i]!.order || a.keys[i]!.name.localeCompare(b.keys[i]!.name);
      if (d) return d;
    }
    return 0;
  });
  return { Mode: 'groups', Columns: [...q.GroupBy, ...measures], List: named.map((n) => n.out), Total: named.length, Truncated: rows.length > MAX_GROUPS, Overall: all };
}

/** The columns of the list in SQL (aliases are the column names). */
function columnSql(c: QueryColumn, s: QueryScope, nowUtc: string): RawBuilder<unknown> {
  switch (c) {
    case 'LoanDate': return sql`l.loaned_at`;
    case 'DueDate': return sql`l.due_at`;
    case 'ReturnDate': return sql`l.returned_at`;
    case 'Overdue': return sql`case when ${overdueExpr(nowUtc)} then 1 else 0 end`;
    case 'Barcode': return sql`c.barcode`;
    case 'Title': return sql`t.title`;
    case 'Author': return sql`t.author`;
    case 'CallNo': return sql`c.call_no`;
    case 'ReaderID': return sql`u.reader_id`;
    case 'ReaderName': return sql`u.name`;
    case 'Class': return sql`u.dept_id`;
    case 'Identity': return sql`u.identity`;
    case 'Branch': return sql`c.branch_id`;
    case 'Area': return sql`c.area_id`;
    case 'ResourceType': return sql`t.resource_type_id`;
    case 'State': return sql`c.storage_area`;
    case 'Price': return sql`c.price`;
    case 'RegisteredOn': return sql`c.created_at`;
    case 'Batch': return sql`c.batch_id`;
    case 'PeriodLoans': return periodLoansExpr;
    case 'Status': return sql`u.status`;
    default: return sql`case when ${overdueNowExpr(s.schoolId, nowUtc)} then 1 else 0 end`;
  }
}

const COLUMN_NAMES: Partial<Record<QueryColumn, Parameters<typeof nameMap>[2]>> = {
  Class: 'dept', Identity: 'identity', Branch: 'branch', Area: 'area', ResourceType: 'resourceType', State: 'state', Batch: 'batch', Status: 'status',
};
const DAY_COLUMNS: ReadonlySet<QueryColumn> = new Set(['LoanDate', 'DueDate', 'ReturnDate', 'RegisteredOn']);
const ORDER: Record<QuerySubject, string[]> = { loans: ['l.loaned_at desc', 'l.id desc'], copies: ['c.call_no', 'c.id'], readers: ['u.dept_id', 'u.name', 'u.id'] };

/** The subject's columns asked for (none: its first five). */
export const columnsOf = (q: StatisticalQuery): QueryColumn[] => (q.Columns.length ? q.Columns : QUERY_COLUMNS[q.Subject].slice(0, 5));

/** A page of the list with the chosen columns, codes worded and instants as local days. */
export async function runRows(r: QueryRun, page: number, rows: number): Promise<QueryResult> {
  const { q, scope: s } = r;
  const { base, measures } = prepare(r);
  const cols = columnsOf(q);
  let list = base().select(cols.map((c) => columnSql(c, s, r.nowUtc).as(c)));
  for (const o of ORDER[q.Subject]) {
    const [col, dir] = o.split(' ') as [string, 'desc' | undefined];
    list = list.orderBy(sql.ref(col), dir ?? 'asc');
  }
  const kinds = [...new Set(cols.map((c) => COLUMN_NAMES[c]).filter((k) => k != null))];
  const found = await list.limit(rows).offset((page - 1) * rows).execute() as Array<Record<string, unknown>>;
  // The subject's count is the list's total: one pass gives both.
  const count = DEFAULT_MEASURE[q.Subject];
  const all = await overall(base(), q.Subject, measures.includes(count) ? measures : [...measures, count]);
  const byKind = new Map<string, NameMap>();
  for (const k of kinds) byKind.set(k, await nameMap(r.db, s.schoolId, k, s.lang, s.t));
  const List = found.map((row) => {
    const out: Record<string, Cell> = {};
    for (const c of cols) {
      const v = row[c];
      const kind = COLUMN_NAMES[c];
      if (kind) out[c] = v == null ? '' : nameOf(byKind.get(kind)!, v, s.t).name;
      else if (DAY_COLUMNS.has(c)) out[c] = v == null ? '' : toLocalDay(String(v), s.offset);
      else if (c === 'Overdue' || c === 'OverdueNow') out[c] = Number(v) === 1;
      else if (c === 'Price' || c === 'PeriodLoans') out[c] = num(v);
      else out[c] = v == null ? '' : String(v);
    }
    return out;
  });
  const Total = all[count]!;
  if (!measures.includes(count)) delete all[count];
  return { Mode: 'rows', Columns: cols, List, Total, Truncated: false, Overall: all };
}

/** Reader-naming columns the query asks for. */
export const namesReaders = (q: StatisticalQuery) => q.GroupBy.length === 0 && columnsOf(q).some((c) => c === 'ReaderName' || c === 'ReaderID');
