import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSync } from 'node:sqlite';
import type { Database } from '../db/schema.ts';
import { insertMany } from '../db/bulk-insert.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { indexTerms, prefixUpperBound, queryMarkers, queryTerms, titleMarkers, type QueryTerm } from '../../shared/domain/search/search-terms.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The fields a title is found by words of: title, parallel title, author(s), series, subjects. */
const FIELDS = ['title', 'en_title', 'author', 'series', 'subjects'] as const;

type Indexed = { id: number } & Record<(typeof FIELDS)[number], string>;

/** The index rows of titles: words of every field, and the title's ranking markers. */
function titleTermRows(schoolId: number, titles: readonly Indexed[]) {
  return titles.flatMap((t) => [...indexTerms(FIELDS.map((f) => t[f] ?? '')), ...titleMarkers(t.title)].map((term) => ({ school_id: schoolId, term, title_id: t.id })));
}

/**
 * Indexes titles just inserted, whose fields the caller holds. Inside the write transaction that
 * inserted them (db/bulk-insert.ts), so the index is never behind the catalogue; `sqlite` is the
 * raw handle (app.dbHandle.sqlite), null on PostgreSQL.
 */
export async function indexNewTitles(trx: Transaction<Database>, sqlite: DatabaseSync | null, schoolId: number, titles: readonly Indexed[]): Promise<void> {
  await insertMany(trx, sqlite, 'title_terms', titleTermRows(schoolId, titles));
}

/**
 * Brings the index up to date for edited titles of a school, in the transaction that changed
 * them (a deleted title loses its rows by the foreign key's cascade).
 */
export async function reindexTitles(trx: Transaction<Database>, sqlite: DatabaseSync | null, schoolId: number, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    await trx.deleteFrom('title_terms').where('school_id', '=', schoolId).where('title_id', 'in', part).execute();
    const titles = await trx.selectFrom('titles').select(['id', ...FIELDS]).where('school_id', '=', schoolId).where('id', 'in', part).execute();
    await indexNewTitles(trx, sqlite, schoolId, titles);
  }
}

/** `column starts with prefix` as an index range (see prefixUpperBound); prefix must be non-empty. */
export function startsWith(column: string, prefix: string) {
  return sql<boolean>`(${sql.ref(column)} >= ${prefix} and ${sql.ref(column)} < ${prefixUpperBound(prefix)})`;
}

function termArm(db: Db, schoolId: number, { term, prefix }: QueryTerm) {
  const q = db.selectFrom('title_terms').select('title_id').where('school_id', '=', schoolId);
  return prefix ? q.where('term', '>=', term).where('term', '<', prefixUpperBound(term)) : q.where('term', '=', term);
}

/**
 * The ids of the school's titles holding every term of `key` (an INTERSECT of index range
 * scans), or null when the key has no terms. A lone prefix term can hit one title under several
 * terms (猫 → 猫咪, 猫头), hence DISTINCT.
 */
export function titlesMatching(db: Db, schoolId: number, key: string) {
  const terms = queryTerms(key);
  if (!terms.length) return null;
  const arms = terms.map((t) => termArm(db, schoolId, t));
  return arms.length === 1 ? arms[0]!.distinct() : arms.slice(1).reduce((acc, arm) => acc.intersect(arm), arms[0]!);
}

/**
 * The ids of the titles a search finds, in rank order: the title equal to the query (or the ISBN
 * or pinyin initials typed), then titles starting with it, then the rest, newest first within
 * each. A title is found by its ISBN in any form (the ISBN-13 key), the start of its pinyin or
 * pinyin initials (xyj, xiyou), the start of its class number (I247), or every word of the
 * query in its title, parallel title, author, series or subjects. Everything here reads indexes
 * only, never a title row: the page's rows are fetched by id afterwards.
 */
export function searchTitleIds(db: Db, schoolId: number, input: { key?: string; classNo?: string }) {
  const key = input.key?.trim().normalize('NFKC') ?? '';
  const titles = () => db.selectFrom('titles').select('id as title_id').where('school_id', '=', schoolId);
  const isbn13 = /^[\d\-\sXx]{10,17}$/.test(key) ? toIsbn13(key.replace(/[-\s]/g, '')) : null;
  const latin = /^[a-z0-9 ]+$/i.test(key) ? key.toLowerCase().replace(/\s+/g, '') : null;
  const classNo = /^[A-Za-z]{1,2}\d[\d.\-/:=()]*$/.test(key) ? key.toUpperCase() : null;
  const words = key ? titlesMatching(db, schoolId, key) : null;
  const others = [
    ...(isbn13 ? [titles().where('isbn13', '=', isbn13)] : []),
    ...(latin ? [titles().where(startsWith('initials', latin)), titles().where(startsWith('pinyin', latin))] : []),
    ...(classNo ? [titles().where(startsWith('class_no', classNo))] : []),
  ];
  // The words' INTERSECT first: SQLite applies compound operators left to right and PostgreSQL
  // binds INTERSECT tighter than UNION, so (w1 ∩ w2) ∪ a ∪ b means the same on both.
  const arms = [...(words ? [words] : []), ...others];
  const matched = !key ? titles() : arms.length ? arms.slice(1).reduce((acc, arm) => acc.union(arm), arms[0]!) : titles().where(sql<boolean>`1 = 0`);
  let ids = db.selectFrom(matched.as('m')).select('m.title_id');
  if (input.classNo) ids = ids.where('m.title_id', 'in', titles().where(startsWith('class_no', input.classNo)));
  const marks = key ? queryMarkers(key) : null;
  const exact = [
    ...(marks ? [termArm(db, schoolId, { term: marks.exact, prefix: false })] : []),
    ...(isbn13 ? [titles().where('isbn13', '=', isbn13)] : []),
    ...(latin ? [titles().where('initials', '=', latin)] : []),
  ];
  const starts = [
    ...(marks ? [termArm(db, schoolId, marks.starts)] : []),
    ...(latin ? [titles().where(startsWith('pinyin', latin))] : []),
  ];
  const inAny = (qs: typeof exact) => (qs.length ? sql`m.title_id in (${qs.slice(1).reduce((acc, q) => acc.union(q), qs[0]!)})` : sql`1 = 0`);
  const ranked = key ? ids.orderBy(sql`case when ${inAny(exact)} then 0 when ${inAny(starts)} then 1 else 2 end`) : ids;
  return { ids, ranked: ranked.orderBy('m.title_id', 'desc') };
}
