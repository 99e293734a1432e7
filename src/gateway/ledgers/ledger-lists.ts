import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Balance, CopyLine, TitleLine, WeedLine } from '../../shared/api/ledgers.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { accessionWithin, centsOf, copiesIn, weededAt, weededWithin, weedReasons, yuan, WEEDED_STORAGE, type LedgerFilter, type LedgerScope } from './ledger-store.ts';

/**
 * The registers that list copies or titles: the individual register (one line per copy, in
 * accession order, then by accession number), the register by title of chosen batches, and the
 * weeding register. Each answers a page and the totals of everything it matched.
 */

export interface Period { from?: string | undefined; to?: string | undefined }
type Totalled<T> = { List: T[]; Total: number; Totals: Balance };

const accessionDay = (s: LedgerScope, acceptedOn: string | null, createdAt: string) => acceptedOn ?? toLocalDay(createdAt, s.offset);
const named = (s: LedgerScope, zh: string | null | undefined, en: string | null | undefined) => (s.lang === 'en-US' && en ? en : zh ?? '');

async function totalsOf(q: ReturnType<typeof copiesIn>): Promise<Balance> {
  const r = await q.select([
    (eb) => eb.fn.countAll().as('copies'),
    (eb) => eb.fn.count('c.title_id').distinct().as('titles'),
    sql<number>`coalesce(sum(${centsOf()}), 0)`.as('cents'),
  ]).executeTakeFirstOrThrow();
  return { Titles: Number(r.titles), Copies: Number(r.copies), Value: yuan(Number(r.cents)) };
}

/** The individual register: copies accessioned in the period (open ends allowed). */
export async function copyLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, p: Period, page: number, rows: number): Promise<Totalled<CopyLine>> {
  const base = () => copiesIn(db, s, f).where((eb) => accessionWithin(eb, s, p.from, p.to));
  const [totals, list] = await Promise.all([
    totalsOf(base()),
    base()
      .leftJoin('branches as br', 'br.id', 'c.branch_id')
      .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
      .select([
        'c.id', 'c.barcode', 'c.call_no', 'c.price', 'c.created_at', 'c.storage_area', 't.title', 't.author', 't.publisher', 't.pub_year',
        'b.batch_no', 'b.accepted_on', 'br.name as branch', 'br.en_name as branch_en', 'a.name as area', 'a.en_name as area_en',
        sql<string | null>`${weededAt()}`.as('weeded_at'),
      ])
      .orderBy(sql`coalesce(b.accepted_on, c.created_at)`).orderBy('c.barcode').orderBy('c.id')
      .limit(rows).offset((page - 1) * rows)
      .execute(),
  ]);
  const reasons = await weedReasons(db, s.schoolId, list.filter((r) => r.weeded_at).map((r) => r.id));
  return {
    Total: totals.Copies, Totals: totals,
    List: list.map((r) => ({
      CopyID: r.id, Barcode: String(r.barcode), Day: accessionDay(s, r.accepted_on as string | null, String(r.created_at)),
      Title: String(r.title), Author: String(r.author), Publisher: String(r.publisher), PubYear: (r.pub_year as number | null) ?? null,
      Price: yuan(Math.round(Number(r.price) * 100)), CallNo: String(r.call_no), BatchNo: String(r.batch_no ?? ''),
      Branch: named(s, r.branch as string | null, r.branch_en as string | null), Area: named(s, r.area as string | null, r.area_en as string | null),
      WeededOn: r.weeded_at ? toLocalDay(r.weeded_at, s.offset) : null, WeedReason: reasons.get(r.id) ?? '',
    })),
  };
}

/** The register by title of the chosen batches: each title with its copies, their value and how many were weeded since. */
export async function titleLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, p: Period, page: number, rows: number): Promise<Totalled<TitleLine>> {
  const base = () => copiesIn(db, s, f).where((eb) => accessionWithin(eb, s, p.from, p.to));
  const [totals, count, list] = await Promise.all([
    totalsOf(base()),
    base().select((eb) => eb.fn.count('c.title_id').distinct().as('n')).executeTakeFirstOrThrow(),
    base()
      .select([
        't.id', 't.title', 't.author', 't.publisher', 't.isbn', 't.class_no', 't.pub_year', 't.price',
        (eb) => eb.fn.countAll().as('copies'),
        sql<number>`sum(${centsOf()})`.as('cents'),
        sql<number>`sum(case when c.storage_area = ${sql.lit(WEEDED_STORAGE)} then 1 else 0 end)`.as('weeded'),
      ])
      .groupBy(['t.id', 't.title', 't.author', 't.publisher', 't.isbn', 't.class_no', 't.pub_year', 't.price'])
      .orderBy('t.class_no').orderBy('t.title').orderBy('t.id')
      .limit(rows).offset((page - 1) * rows)
      .execute(),
  ]);
  return {
    Total: Number(count.n), Totals: totals,
    List: list.map((r) => ({
      TitleID: r.id, Title: r.title, Author: r.author, Publisher: r.publisher, ISBN: r.isbn, ClassNo: r.class_no, PubYear: r.pub_year,
      Price: yuan(Math.round(r.price * 100)), Copies: Number(r.copies), Value: yuan(Number(r.cents)), Weeded: Number(r.weeded),
    })),
  };
}

/** The weeding register: copies weeded in the period, in the order they were weeded. */
export async function weedingLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, from: string, to: string, page: number, rows: number): Promise<Totalled<WeedLine>> {
  const base = () => copiesIn(db, s, f).where((eb) => weededWithin(eb, s, from, to));
  const [totals, list] = await Promise.all([
    totalsOf(base()),
    base()
      .select(['c.id', 'c.barcode', 'c.call_no', 'c.price', 'c.created_at', 't.title', 't.author', 'b.batch_no', 'b.accepted_on', sql<string>`${weededAt()}`.as('weeded_at')])
      .orderBy(weededAt()).orderBy('c.barcode').orderBy('c.id')
      .limit(rows).offset((page - 1) * rows)
      .execute(),
  ]);
  const reasons = await weedReasons(db, s.schoolId, list.map((r) => r.id));
  return {
    Total: totals.Copies, Totals: totals,
    List: list.map((r) => ({
      CopyID: r.id, Barcode: String(r.barcode), WeededOn: toLocalDay(r.weeded_at, s.offset), Title: String(r.title), Author: String(r.author),
      CallNo: String(r.call_no), Price: yuan(Math.round(Number(r.price) * 100)), BatchNo: String(r.batch_no ?? ''),
      AccessionDay: accessionDay(s, r.accepted_on as string | null, String(r.created_at)), Reason: reasons.get(r.id) ?? '',
    })),
  };
}
