import { formatBarcode } from '../../shared/domain/catalogue/barcode-sequence.ts';
import { pinyin } from '../search/pinyin.ts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbKind } from '../db/connect.ts';
import { nextSequenceNumber } from '../../shared/domain/catalogue/call-number.ts';
import type { CatalogueItem } from '../../shared/api/catalogue.ts';
import { hyphenateIsbn } from './isbn-hyphenation.ts';

export type Db = Kysely<Database> | Transaction<Database>;
type TitleRow = Selectable<Database['titles']>;

/**
 * Full pinyin and initials of a title, stored for search (红楼梦 → honglongmeng / hlm). A title
 * without a Chinese character has none: its words are in the word index already, and spelling
 * "The Secret Garden" as "thesecretgarden" only made every English title match twice.
 */
export function spellTitle(text: string): { pinyin: string; initials: string } {
  if (!/\p{Script=Han}/u.test(text)) return { pinyin: '', initials: '' };
  const parts = pinyin(text, { toneType: 'none', type: 'array' })
    .map((p) => p.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return { pinyin: parts.join('').slice(0, 1000), initials: parts.map((p) => p[0]).join('').slice(0, 300) };
}

export function toItem(r: TitleRow, copyCount: number): CatalogueItem {
  return {
    ItemID: r.id, Title: r.title, ParallelTitle: r.en_title, Author: r.author, Publisher: r.publisher, Place: r.place,
    PubYear: r.pub_year, ISBN: r.isbn, ISBNHyphenated: r.isbn ? hyphenateIsbn(r.isbn) : '', Price: r.price,
    ClassNo: r.class_no, DeweyNo: r.dewey_no, BookNo: r.book_no, AddNo: r.add_no, Language: r.language,
    Summary: r.summary, Subjects: r.subjects, Series: r.series, Edition: r.edition, Extent: r.extent, Source: r.source,
    CopyCount: copyCount,
  };
}

export async function copyCountOf(db: Db, schoolId: number, titleId: number): Promise<number> {
  const r = await db.selectFrom('copies').select((e) => e.fn.countAll().as('n')).where('school_id', '=', schoolId).where('title_id', '=', titleId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** This school's title with the ISBN (13-digit equivalence key), oldest first. */
export function titleByIsbn13(db: Db, schoolId: number, isbn13: string) {
  return db.selectFrom('titles').selectAll().where('school_id', '=', schoolId).where('isbn13', '=', isbn13).orderBy('id').executeTakeFirst();
}

/** 种次号 the class would give next (a preview: nothing is taken). */
export async function peekSequenceNumber(db: Db, schoolId: number, classNo: string): Promise<string> {
  const [counter, used] = await Promise.all([
    db.selectFrom('class_sequences').select('last_seq').where('school_id', '=', schoolId).where('class_no', '=', classNo).executeTakeFirst(),
    db.selectFrom('titles').select('book_no').where('school_id', '=', schoolId).where('class_no', '=', classNo).execute(),
  ]);
  const fromTitles = Number(nextSequenceNumber(used.map((u) => u.book_no)));
  return String(Math.max(fromTitles, (counter?.last_seq ?? 0) + 1));
}

/**
 * Takes the next 种次号 of the class inside the save's transaction: the counter row only grows,
 * so two cataloguers saving at once get two numbers (SQLite serialises writers; PostgreSQL's
 * upsert locks the row).
 */
export async function takeSequenceNumber(trx: Transaction<Database>, kind: DbKind, schoolId: number, classNo: string): Promise<string> {
  return (await takeSequenceNumbers(trx, kind, schoolId, classNo, 1))[0]!;
}

/** `count` consecutive 种次号 of the class at once (a bulk import), the same way. */
export async function takeSequenceNumbers(trx: Transaction<Database>, kind: DbKind, schoolId: number, classNo: string, count: number): Promise<string[]> {
  const want = Number(await peekSequenceNumber(trx, schoolId, classNo));
  const step = sql.lit(count);
  const greatest = kind === 'postgres' ? sql`greatest(class_sequences.last_seq + ${step}, excluded.last_seq)` : sql`max(class_sequences.last_seq + ${step}, excluded.last_seq)`;
  const row = await trx
    .insertInto('class_sequences')
    .values({ school_id: schoolId, class_no: classNo, last_seq: want + count - 1 })
    .onConflict((oc) => oc.columns(['school_id', 'class_no']).doUpdateSet({ last_seq: greatest as never }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Array.from({ length: count }, (_, i) => String(row.last_seq - count + 1 + i));
}


/**
 * Takes `count` barcodes from a sequence; numbers whose barcode already exists (typed by hand
 * earlier) are passed over, and a number once taken is never issued again.
 */
export async function takeBarcodes(trx: Transaction<Database>, schoolId: number, seq: { id: number; prefix: string; width: number }, count: number): Promise<string[]> {
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < 50; guard++) {
    const need = count - out.length;
    const row = await trx
      .updateTable('barcode_sequences')
      .set((e) => ({ next_number: e('next_number', '+', need) }))
      .where('school_id', '=', schoolId)
      .where('id', '=', seq.id)
      .returning('next_number')
      .executeTakeFirstOrThrow();
    const candidates = Array.from({ length: need }, (_, i) => formatBarcode(seq.prefix, seq.width, row.next_number - need + i));
    const taken = new Set((await trx.selectFrom('copies').select('barcode').where('school_id', '=', schoolId).where('barcode', 'in', candidates).execute()).map((r) => r.barcode));
    out.push(...candidates.filter((c) => !taken.has(c)));
  }
  return out;
}
