import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Booklist, BooklistEntry } from '../../shared/api/booklists.ts';
import { composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Database } from '../db/schema.ts';
import { containsText } from '../db/like.ts';

/** Queries of reading lists; every one is scoped by the school. */

export type Db = Kysely<Database> | Transaction<Database>;
type ListRow = Selectable<Database['booklists']>;

/** A JSON array column read back; a damaged value reads as empty rather than failing the list. */
function jsonArray<T>(s: string, ok: (v: unknown) => v is T): T[] {
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.filter(ok) : [];
  } catch {
    return [];
  }
}
const isStage = (v: unknown): v is Booklist['Stages'][number] => v === 'primary' || v === 'junior' || v === 'senior';
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

export async function findList(db: Db, schoolId: number, id: number) {
  return db.selectFrom('booklists').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
}

/** Lists as the screens show them, with their grade names (in the caller's language) and title counts. */
export async function toLists(db: Db, schoolId: number, rows: ReadonlyArray<Pick<ListRow, 'id' | 'name' | 'description' | 'stages' | 'grade_ids' | 'published' | 'updated_at'>>, lang: Language): Promise<Booklist[]> {
  if (!rows.length) return [];
  const gradeIds = [...new Set(rows.flatMap((r) => jsonArray(r.grade_ids, isId)))];
  const [grades, counts] = await Promise.all([
    gradeIds.length ? db.selectFrom('departments').select(['id', 'name', 'en_name', 'sort']).where('school_id', '=', schoolId).where('id', 'in', gradeIds).execute() : [],
    db.selectFrom('booklist_entries').select(['booklist_id', (e) => e.fn.countAll<number | string>().as('n')])
      .where('booklist_id', 'in', rows.map((r) => r.id)).groupBy('booklist_id').execute(),
  ]);
  const gradeName = new Map(grades.map((g) => [g.id, lang === 'en-US' && g.en_name ? g.en_name : g.name]));
  const count = new Map(counts.map((c) => [c.booklist_id, Number(c.n)]));
  return rows.map((r) => {
    // A grade deleted since is dropped from the list's targets as shown.
    const ids = jsonArray(r.grade_ids, isId).filter((id) => gradeName.has(id));
    return {
      ID: r.id, Name: r.name, Description: r.description, Stages: jsonArray(r.stages, isStage), GradeIDs: ids,
      GradeNames: ids.map((id) => gradeName.get(id)!).join(lang === 'en-US' ? ', ' : '、'),
      Published: r.published === 1, Titles: count.get(r.id) ?? 0, UpdateTime: r.updated_at,
    };
  });
}

export async function listPage(db: Db, schoolId: number, q: { SearchKey?: string; LearningStage?: string; Page: number; Rows: number; publishedOnly: boolean }, lang: Language) {
  let base = db.selectFrom('booklists').where('school_id', '=', schoolId);
  if (q.publishedOnly) base = base.where('published', '=', 1);
  const key = q.SearchKey?.trim();
  if (key) base = base.where((eb) => eb.or([containsText('name', key), containsText('description', key)]));
  // Stages are stored as a JSON array of codes: '"junior"' matches only that code.
  if (q.LearningStage) base = base.where('stages', 'like', `%"${q.LearningStage}"%`);
  const [total, rows] = await Promise.all([
    base.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(q.Rows).offset((q.Page - 1) * q.Rows).execute(),
  ]);
  return { Total: Number(total.n), List: await toLists(db, schoolId, rows, lang) };
}

/** A page of a list's titles in their order, with copies and copies on the shelf. */
export async function entryPage(db: Db, schoolId: number, listId: number, page: number, rows: number): Promise<{ List: BooklistEntry[]; Total: number }> {
  const base = db.selectFrom('booklist_entries as e').where('e.school_id', '=', schoolId).where('e.booklist_id', '=', listId);
  const [total, list] = await Promise.all([
    base.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base.innerJoin('titles as t', 't.id', 'e.title_id')
      .select(['e.id', 'e.title_id', 'e.note', 'e.sort', 't.title', 't.author', 't.publisher', 't.isbn', 't.class_no', 't.book_no', 't.add_no'])
      .orderBy('e.sort').orderBy('e.id').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  return { Total: Number(total.n), List: await withCopies(db, list, (page - 1) * rows) };
}

type EntryJoin = { id: number; title_id: number; note: string; title: string; author: string; publisher: string; isbn: string; class_no: string; book_no: string; add_no: string };

async function withCopies(db: Db, list: readonly EntryJoin[], before: number): Promise<BooklistEntry[]> {
  if (!list.length) return [];
  // By title id alone (the ids are this school's titles), as the catalogue's own counts do.
  const counts = await db.selectFrom('copies')
    .select(['title_id', (e) => e.fn.countAll<number | string>().as('n'), (e) => e.fn.sum<number | string>(e.case().when('circ_state', '=', 'available').then(1).else(0).end()).as('free')])
    .where('title_id', 'in', [...new Set(list.map((r) => r.title_id))]).groupBy('title_id').execute();
  const by = new Map(counts.map((c) => [c.title_id, c]));
  return list.map((r, i) => ({
    ID: r.id, ItemID: r.title_id, Title: r.title, Author: r.author, Publisher: r.publisher, ISBN: r.isbn,
    CallNo: composeCallNumber({ classNo: r.class_no, bookNo: r.book_no, addNo: r.add_no }),
    Position: before + i + 1, Note: r.note, Copies: Number(by.get(r.title_id)?.n ?? 0), Available: Number(by.get(r.title_id)?.free ?? 0),
  }));
}

export async function entryById(db: Db, schoolId: number, id: number): Promise<BooklistEntry | undefined> {
  const row = await db.selectFrom('booklist_entries as e').innerJoin('titles as t', 't.id', 'e.title_id')
    .select(['e.id', 'e.booklist_id', 'e.title_id', 'e.note', 'e.sort', 't.title', 't.author', 't.publisher', 't.isbn', 't.class_no', 't.book_no', 't.add_no'])
    .where('e.school_id', '=', schoolId).where('e.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const place = await db.selectFrom('booklist_entries').select((e) => e.fn.countAll<number | string>().as('n'))
    .where('booklist_id', '=', row.booklist_id)
    .where((eb) => eb.or([eb('sort', '<', row.sort), eb.and([eb('sort', '=', row.sort), eb('id', '<', row.id)])]))
    .executeTakeFirstOrThrow();
  return (await withCopies(db, [row], Number(place.n)))[0];
}
