import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';
import { dbKindOf, type DbKind } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { SEARCH_SORTS } from '../../shared/domain/search/search-options.ts';
import { LENDING_AREAS, STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { startsWith, type TitleMatch } from './title-index.ts';
import { visibleType } from './hidden-types.ts';

/**
 * The catalogue as readers search it: a matched set of titles (title-index.ts), narrowed by the
 * filters a reader ticks, ranked, cut into a page, and counted into facets, in one SQL statement
 * for most searches (runSearch). The work stays in the database: only a page of ids and a few
 * dozen counts come back to JavaScript (a row handed to JavaScript costs about a microsecond on
 * node:sqlite, more than the index lookup that found it).
 */

export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchFilters {
  language?: string | undefined;
  /** A CLC class or its start. */
  classNo?: string | undefined;
  /** Titles with a copy (not weeded) in this branch. */
  branchId?: number | undefined;
  /** Titles with a copy a reader could take home now (in the branch, when one is chosen). */
  availableOnly?: boolean | undefined;
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  resourceTypeId?: number | undefined;
  /**
   * Resource types the school keeps out of the public catalogue (basic settings: resource access,
   * "shown in the portal" off): their titles are not part of any result, total or facet.
   */
  hiddenTypes?: readonly number[] | undefined;
}

/**
 * Facets are exact while the matched set has at most this many titles; a larger set is counted
 * over its first FACET_LIMIT titles in rank order (Exact = false), while its total and pages stay
 * exact. Measured on the 100k-title fixture (SQLite, 2 cores, the whole answer at the gateway):
 * each title counted costs about 2.5 µs (its language, class and year, whether a copy is on the
 * shelf, its copies' branches), and ranking a large set about 0.5 µs a title on top. "the"
 * (16,000 titles) then answers in 17–18 ms at p95 with 1,000, 20–22 ms with 2,000 and 28 ms
 * with 5,000; counting 20,000 titles would take 50 ms by itself. 1,000 keeps the broadest
 * search inside the 20 ms budget with room for a busy machine.
 */
export const FACET_LIMIT = 1000;

const WEEDED = STORAGE_AREAS.weeded;
const LENDING = sql.raw(`(${LENDING_AREAS.join(', ')})`);
const TRUE = sql<boolean>`1 = 1`;

/** The conditions of the filters on a title id (`id`: m.title_id, or f.id in the facets) and `t`, its title row. */
function conditions(f: SearchFilters, id: RawBuilder<unknown> = sql.ref('m.title_id')) {
  const branch = f.branchId != null ? sql`and c.branch_id = ${f.branchId}` : sql``;
  return {
    language: f.language ? sql<boolean>`t.language = ${f.language}` : TRUE,
    classNo: f.classNo ? startsWith('t.class_no', f.classNo.toUpperCase()) : TRUE,
    year: f.yearFrom != null || f.yearTo != null
      ? sql<boolean>`(t.pub_year >= ${f.yearFrom ?? 0} and t.pub_year <= ${f.yearTo ?? 9999})`
      : TRUE,
    resourceType: f.resourceTypeId != null ? sql<boolean>`t.resource_type_id = ${f.resourceTypeId}` : TRUE,
    visible: visibleType('t.resource_type_id', f.hiddenTypes ?? []),
    // "(select 1 … limit 1) is not null" rather than EXISTS: PostgreSQL may run an EXISTS of the
    // select list as one hashed pass over all 200,000 copies (measured: 33 ms) where a few
    // thousand index probes take 2; LIMIT keeps it a probe. SQLite runs both alike.
    branch: f.branchId != null
      ? sql<boolean>`(select 1 from copies c where c.title_id = ${id} and c.branch_id = ${f.branchId} and c.storage_area <> ${WEEDED} limit 1) is not null`
      : TRUE,
    /** Has a copy on the shelf of a lending area now (in the chosen branch). */
    available: sql<boolean>`(select 1 from copies c where c.title_id = ${id} and c.storage_area in ${LENDING} and c.circ_state = 'available' ${branch} limit 1) is not null`,
  };
}

/** Whether the filters read the title row (language, class, year, resource type, hidden types). */
const titleFiltered = (f: SearchFilters) => !!f.language || !!f.classNo || f.yearFrom != null || f.yearTo != null || f.resourceTypeId != null || !!f.hiddenTypes?.length;

const hasFilters = (f: SearchFilters) => titleFiltered(f) || f.branchId != null || !!f.availableOnly;

/** Whether the filters or the sort read the title row, or only copies. */
const needsTitle = (f: SearchFilters, sort: SearchSort) => titleFiltered(f) || sort === 'title' || sort === 'year';

/**
 * `from (matched) m [cross join titles t]`: CROSS JOIN keeps SQLite's loop order (each matched
 * id, then its title by primary key) instead of walking every title to probe the matched set;
 * PostgreSQL plans it as an ordinary join.
 */
function fromMatched(match: TitleMatch, withTitle: boolean) {
  return withTitle ? sql`from ${match.ids} m cross join titles t` : sql`from ${match.ids} m`;
}

function whereFiltered(f: SearchFilters, withTitle: boolean) {
  const c = conditions(f);
  return sql`where ${withTitle ? sql`t.id = m.title_id` : TRUE} and ${c.language} and ${c.classNo} and ${c.year} and ${c.resourceType} and ${c.visible} and ${c.branch} and ${f.availableOnly ? c.available : TRUE}`;
}

/** ORDER BY of a sort over the matched set `m` joined to its titles `t`. */
function orderBy(match: TitleMatch, sort: SearchSort) {
  switch (sort) {
    case 'title': return sql`order by case when t.pinyin = '' then lower(t.title) else t.pinyin end, t.title, m.title_id desc`;
    case 'year': return sql`order by case when t.pub_year is null then 1 else 0 end, t.pub_year desc, m.title_id desc`;
    case 'newest': return sql`order by m.title_id desc`;
    default: return match.rank ? sql`order by ${match.rank}, m.title_id desc` : sql`order by m.title_id desc`;
  }
}

/** The same orders over the facet rows `f` (which carry the rank and the title's sort columns). */
function orderByF(sort: SearchSort) {
  switch (sort) {
    case 'title': return sql`order by case when f.pinyin = '' then lower(f.title) else f.pinyin end, f.title, f.id desc`;
    case 'year': return sql`order by case when f.pub_year is null then 1 else 0 end, f.pub_year desc, f.id desc`;
    case 'newest': return sql`order by f.id desc`;
    default: return sql`order by f.rk, f.id desc`;
  }
}

/**
 * Each ranked id's title row, one index probe each: on SQLite CROSS JOIN fixes that loop order;
 * PostgreSQL, left to itself, hashes all 100,000 titles for 2,000 ids (measured: 35 ms against
 * 2), so there a LATERAL subquery makes the probe explicit.
 */
function titleOf(kind: DbKind, schoolId: number, sort: SearchSort, visible: RawBuilder<boolean>) {
  if (kind === 'sqlite') return sql`cross join titles t where t.school_id = ${schoolId} and t.id = r.id and ${visible}`;
  const cols = sort === 'title' ? sql`t.language, t.class_no, t.pub_year, t.resource_type_id, t.pinyin, t.title` : sql`t.language, t.class_no, t.pub_year, t.resource_type_id`;
  return sql`cross join lateral (select ${cols} from titles t where t.school_id = ${schoolId} and t.id = r.id and ${visible}) t`;
}

/** One page of the filtered, sorted result over the whole matched set: the title ids in order. */
export async function pageIds(db: Db, match: TitleMatch, f: SearchFilters, sort: SearchSort, page: number, rows: number): Promise<number[]> {
  const withTitle = needsTitle(f, sort);
  const r = await sql<{ title_id: number }>`select m.title_id ${fromMatched(match, withTitle)} ${whereFiltered(f, withTitle)} ${orderBy(match, sort)}
    limit ${sql.lit(rows)} offset ${sql.lit((page - 1) * rows)}`.execute(db);
  return r.rows.map((x) => Number(x.title_id));
}

/**
 * A page and the filtered total in one pass over the whole matched set (COUNT(*) OVER () is
 * taken before LIMIT); a page past the end has no row to carry the total, which is then counted.
 */
async function pageAndTotal(db: Db, match: TitleMatch, f: SearchFilters, sort: SearchSort, page: number, rows: number): Promise<{ ids: number[]; total: number }> {
  const withTitle = needsTitle(f, sort);
  const r = await sql<{ title_id: number; total: number | string }>`select m.title_id, count(*) over () as total ${fromMatched(match, withTitle)} ${whereFiltered(f, withTitle)} ${orderBy(match, sort)}
    limit ${sql.lit(rows)} offset ${sql.lit((page - 1) * rows)}`.execute(db);
  if (!r.rows.length) return { ids: [], total: await countFiltered(db, match, f) };
  return { ids: r.rows.map((x) => Number(x.title_id)), total: Number(r.rows[0]!.total) };
}

/** How many titles the filtered result holds. */
export async function countFiltered(db: Db, match: TitleMatch, f: SearchFilters): Promise<number> {
  const withTitle = needsTitle(f, 'newest');
  const r = await sql<{ n: number | string }>`select count(*) as n ${fromMatched(match, withTitle)} ${whereFiltered(f, withTitle)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Facet counts: by language, main class, resource type and branch (titles with a copy there), titles available now; exact or over the first titles. */
export interface FacetCounts {
  exact: boolean;
  language: Map<string, number>;
  classes: Map<string, number>;
  /** By resource type id; titles without one are not counted. */
  resourceTypes: Map<number, number>;
  branches: Map<number, number>;
  availableNow: number;
}

export interface SearchOutcome {
  /** The page's title ids, in order. */
  ids: number[];
  total: number;
  facets: FacetCounts;
}

/**
 * A search: its page, its total and its facets, in one statement for every search whose
 * matched set holds at most `limit` titles, and for any larger one without filters (the common
 * broad search: the first page of the ranking). The matched set is read once (`m`, materialized
 * when it comes from the word index), ranked once into its first `limit` titles (`r`), and those
 * read once with their title row and a flag per filter (`f`); the total, every facet and the page
 * come from `f`. Each facet counts with every filter but its own (a reader who ticked English
 * sees how many Chinese titles there are, to switch). A larger matched set with filters, or a
 * page past the first `limit` titles, takes one or two more statements over the whole set.
 */
export async function runSearch(db: Db, schoolId: number, match: TitleMatch, f: SearchFilters, sort: SearchSort, page: number, rows: number, limit = FACET_LIMIT): Promise<SearchOutcome> {
  const c = conditions(f, sql.ref('r.id'));
  const flag = (cond: RawBuilder<boolean>) => sql`case when ${cond} then 1 else 0 end`;
  const all = sql.raw('f.okl = 1 and f.okc = 1 and f.oky = 1 and f.okt = 1 and f.okb = 1 and f.oka = 1');
  const branchCopy = f.availableOnly ? sql`and c.storage_area in ${LENDING} and c.circ_state = 'available'` : sql``;
  const offset = (page - 1) * rows;
  // f reads titles through titles_school_facet_ix (school, id, language, class, year, type), which holds
  // every column it needs (the title's own row is several times wider); the title and its
  // pinyin only for a sort by title. Without a key the matched set is the school's titles,
  // counted and read newest first through that index: a materialized copy of 100,000 ids would
  // only slow it down.
  const materialized = match.rank ? sql`materialized` : sql`not materialized`;
  const ranked = match.rank ? sql`order by rk, m.title_id desc` : sql`order by m.title_id desc`;
  // 'G': one GROUP BY of f by language, class and the filters' flags; the total, the language
  // and class facets and "available now" are sums over those few groups (each leaving out its
  // own filter), added up below instead of one scan of f each.
  const r = await sql<{ k: string; v: string | null; n: number | string }>`with m as ${materialized} ${match.ids},
    r as materialized (select m.title_id as id, ${match.rank ?? sql`0`} as rk from m ${ranked} limit ${sql.lit(limit)}),
    f as materialized (
      select r.id, r.rk, t.language as lang, substr(t.class_no, 1, 1) as cls, coalesce(t.resource_type_id, 0) as rt, t.pub_year, ${sort === 'title' ? sql`t.pinyin, t.title,` : sql``}
        ${flag(c.language)} as okl, ${flag(c.classNo)} as okc, ${flag(c.year)} as oky, ${flag(c.resourceType)} as okt, ${flag(c.branch)} as okb, ${flag(c.available)} as av,
        ${f.availableOnly ? flag(c.available) : sql`1`} as oka
      from r ${titleOf(dbKindOf(db as Kysely<Database>), schoolId, sort, c.visible)}
    )
    select 'S' as k, '' as v, count(*) as n from m
    union all select 'G', f.lang || '|' || f.cls || '|' || cast(f.rt as text) || '|' || cast(f.okl + 2 * f.okc + 4 * f.oky + 8 * f.okb + 16 * f.oka + 32 * f.av + 64 * f.okt as text), count(*)
      from f group by f.lang, f.cls, f.rt, f.okl, f.okc, f.oky, f.okt, f.okb, f.oka, f.av
    union all select 'B', cast(c.branch_id as text), count(distinct c.title_id) from f cross join copies c
      where c.title_id = f.id and c.storage_area <> ${WEEDED} ${branchCopy} and f.okl = 1 and f.okc = 1 and f.oky = 1 and f.okt = 1 group by c.branch_id
    union all select 'P', cast(p.id as text), p.pos from (select f.id, row_number() over (${orderByF(sort)}) as pos from f where ${all}) p
      where p.pos > ${sql.lit(offset)} and p.pos <= ${sql.lit(offset + rows)}`.execute(db);
  const facets: FacetCounts = { exact: true, language: new Map(), classes: new Map(), resourceTypes: new Map(), branches: new Map(), availableNow: 0 };
  const add = <K,>(to: Map<K, number>, key: K, n: number) => key && to.set(key, (to.get(key) ?? 0) + n);
  let size = 0;
  let inF = 0;
  const paged: Array<[number, number]> = [];
  for (const row of r.rows) {
    const n = Number(row.n);
    const v = row.v ?? '';
    if (row.k === 'S') size = n;
    else if (row.k === 'B') facets.branches.set(Number(v), n);
    else if (row.k === 'P') paged.push([n, Number(v)]);
    else if (row.k === 'G') {
      const [lang = '', cls = '', type = '0', bits = '0'] = v.split('|');
      const mask = Number(bits);
      const [okl, okc, oky, okb, oka, av, okt] = [1, 2, 4, 8, 16, 32, 64].map((b) => (mask & b) !== 0) as [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
      if (okl && okc && oky && okt && okb && oka) inF += n;
      if (okc && oky && okt && okb && oka) add(facets.language, lang, n);
      if (okl && oky && okt && okb && oka) add(facets.classes, cls.toUpperCase(), n);
      if (okl && okc && oky && okb && oka) add(facets.resourceTypes, Number(type), n);
      if (okl && okc && oky && okt && okb && av) facets.availableNow += n;
    }
  }
  facets.exact = size <= limit;
  const fromF = (ids: Array<[number, number]>) => ids.sort((a, b) => a[0] - b[0]).map(([, id]) => id);
  if (facets.exact) return { ids: fromF(paged), total: inF, facets };
  // More titles than `f` holds: without filters the total is the matched set's size and a page
  // inside the ranking's first `limit` titles is already there; otherwise ask the whole set.
  const plain = !hasFilters(f);
  const sameOrder = sort === 'relevance' || (!match.rank && sort === 'newest');
  if (plain) return { ids: sameOrder && offset + rows <= limit ? fromF(paged) : await pageIds(db, match, f, sort, page, rows), total: size, facets };
  // Without a key, newest first, the page is read down the (school, id) index and stops at its
  // last row, so it goes apart from the count; otherwise the page must see every title anyway.
  if (!match.rank && sort === 'newest') {
    const [ids, total] = await Promise.all([pageIds(db, match, f, sort, page, rows), countFiltered(db, match, f)]);
    return { ids, total, facets };
  }
  return { ...(await pageAndTotal(db, match, f, sort, page, rows)), facets };
}
