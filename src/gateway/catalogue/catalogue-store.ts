import { formatBarcode } from '../../shared/domain/catalogue/barcode-sequence.ts';
import { pinyin } from '../search/pinyin.ts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { dbKindOf, type DbKind } from '../db/connect.ts';
import { MAX_SEQUENCE_NUMBER, nextSequenceNumber } from '../../shared/domain/catalogue/call-number.ts';
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
  // A counter pushed past the bound (SQLite takes any integer) is ignored like the book number that pushed it.
  const last = counter && counter.last_seq <= MAX_SEQUENCE_NUMBER ? counter.last_seq : 0;
  return String(Math.max(fromTitles, last + 1));
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
  // A counter past the bound (an old SQLite row) restarts from the titles, as the peek does.
  const current = sql`(case when class_sequences.last_seq > ${sql.lit(MAX_SEQUENCE_NUMBER)} then 0 else class_sequences.last_seq end)`;
  const greatest = kind === 'postgres' ? sql`greatest(${current} + ${step}, excluded.last_seq)` : sql`max(${current} + ${step}, excluded.last_seq)`;
  const row = await trx
    .insertInto('class_sequences')
    .values({ school_id: schoolId, class_no: classNo, last_seq: want + count - 1 })
    .onConflict((oc) => oc.columns(['school_id', 'class_no']).doUpdateSet({ last_seq: greatest as never }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Array.from({ length: count }, (_, i) => String(row.last_seq - count + 1 + i));
}


/**
 * The highest number a sequence issues: its digits must hold it (a 1-digit sequence ends at 9,
 * never W10), and the counter column is a 32-bit integer on PostgreSQL.
 */
export const sequenceMax = (width: number) => Math.min(10 ** width - 1, 999_999_999);

/**
 * Up to `count` free barcodes of a sequence from number `from` (nothing is taken), and the number
 * after the last one looked at. Numbers whose barcode exists (typed by hand) are passed over; when a
 * whole round is taken, the search jumps past the highest such barcode instead of walking a long
 * typed run. Fewer than `count` come back only when the sequence runs out of digits.
 */
export async function freeBarcodes(db: Db, schoolId: number, seq: { prefix: string; width: number }, from: number, count: number): Promise<{ barcodes: string[]; next: number }> {
  const max = sequenceMax(seq.width);
  const out: string[] = [];
  let n = from;
  // Each round finds a free number or jumps past every used one, so few rounds are ever needed.
  for (let round = 0; out.length < count && n <= max && round < 100; round++) {
    const last = Math.min(n + count - out.length - 1, max);
    const candidates = Array.from({ length: last - n + 1 }, (_, i) => formatBarcode(seq.prefix, seq.width, n + i));
    const taken = new Set((await db.selectFrom('copies').select('barcode').where('school_id', '=', schoolId).where('barcode', 'in', candidates).execute()).map((r) => r.barcode));
    const free = candidates.filter((c) => !taken.has(c));
    out.push(...free);
    n = last + 1;
    if (!free.length) {
      const highest = await highestUsedNumber(db, schoolId, seq);
      if (highest != null && highest >= n) n = highest + 1;
    }
  }
  return { barcodes: out, next: n };
}

/** The highest number among this school's barcodes of the sequence's exact shape (prefix + width digits). */
async function highestUsedNumber(db: Db, schoolId: number, seq: { prefix: string; width: number }): Promise<number | null> {
  // Prefixes are letters, digits and hyphens (the input schema), literal in both patterns.
  const shape = dbKindOf(db) === 'postgres'
    ? sql<boolean>`barcode ~ ${`^${seq.prefix}[0-9]{${seq.width}}$`}`
    : sql<boolean>`barcode glob ${`${seq.prefix}${'[0-9]'.repeat(seq.width)}`}`;
  const row = await db.selectFrom('copies').select((e) => e.fn.max('barcode').as('top')).where('school_id', '=', schoolId).where(shape).executeTakeFirst();
  return row?.top ? Number(row.top.slice(seq.prefix.length)) : null;
}

/**
 * Takes `count` barcodes from a sequence; numbers whose barcode already exists (typed by hand
 * earlier) are passed over, and a number once taken is never issued again. Fewer than `count`
 * means the sequence has run out of digits: the caller refuses, and nothing is taken.
 */
export async function takeBarcodes(trx: Transaction<Database>, schoolId: number, seq: { id: number; prefix: string; width: number }, count: number): Promise<string[]> {
  // A no-op update first locks the sequence's row, so two saves at once never pick the same numbers.
  const row = await trx.updateTable('barcode_sequences').set((e) => ({ next_number: e.ref('next_number') }))
    .where('school_id', '=', schoolId).where('id', '=', seq.id).returning('next_number').executeTakeFirstOrThrow();
  const { barcodes, next } = await freeBarcodes(trx, schoolId, seq, row.next_number, count);
  if (barcodes.length === count) {
    await trx.updateTable('barcode_sequences').set({ next_number: next }).where('school_id', '=', schoolId).where('id', '=', seq.id).execute();
  }
  return barcodes;
}
