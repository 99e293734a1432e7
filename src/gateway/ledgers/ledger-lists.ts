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

/** The lines of a page, by copy id, with their title, batch, branch and area (ids in the page's order). */
async function copyDetails(db: Kysely<Database>, s: LedgerScope, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('copies as c')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .leftJoin('batches as b', 'b.id', 'c.batch_id')
    .leftJoin('branches as br', 'br.id', 'c.branch_id')
    .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
    .select([
      'c.id', 'c.barcode', 'c.call_no', 'c.price', 'c.created_at', 't.title', 't.author', 't.publisher', 't.pub_year',
      'b.batch_no', 'b.accepted_on', 'br.name as branch', 'br.en_name as branch_en', 'a.name as area', 'a.en_name as area_en',
      sql<string | null>`${weededAt()}`.as('weeded_at'),
    ])
    .where('c.school_id', '=', s.schoolId).where('c.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r != null);
}

/** The individual register: copies accessioned in the period (open ends allowed). */
export async function copyLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, p: Period, page: number, rows: number): Promise<Totalled<CopyLine>> {
  const base = () => copiesIn(db, s, f).where((eb) => accessionWithin(eb, s, p.from, p.to));
  const [totals, ids] = await Promise.all([
    totalsOf(base()),
    base().select('c.id').orderBy(sql`coalesce(b.accepted_on, c.created_at)`).orderBy('c.barcode').orderBy('c.id')
      .limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const list = await copyDetails(db, s, ids.map((r) => r.id));
  const reasons = await weedReasons(db, s.schoolId, list.filter((r) => r.weeded_at).map((r) => r.id));
  return {
    Total: totals.Copies, Totals: totals,
    List: list.map((r) => ({
      CopyID: r.id, Barcode: r.barcode, Day: accessionDay(s, r.accepted_on, r.created_at),
      Title: r.title, Author: r.author, Publisher: r.publisher, PubYear: r.pub_year ?? null,
      Price: yuan(Math.round(r.price * 100)), CallNo: r.call_no, BatchNo: r.batch_no ?? '',
      Branch: named(s, r.branch, r.branch_en), Area: named(s, r.area, r.area_en),
      WeededOn: r.weeded_at ? toLocalDay(r.weeded_at, s.offset) : null, WeedReason: reasons.get(r.id) ?? '',
    })),
  };
}

/** The register by title of the chosen batches: each title with its copies, their value and how many were weeded since. */
export async function titleLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, p: Period, page: number, rows: number): Promise<Totalled<TitleLine>> {
  const base = () => copiesIn(db, s, f).where((eb) => accessionWithin(eb, s, p.from, p.to));
  const grouped = base().select([
    'c.title_id as tid',
    (eb) => eb.fn.countAll().as('copies'),
    sql<number>`sum(${centsOf()})`.as('cents'),
    sql<number>`sum(case when c.storage_area = ${sql.lit(WEEDED_STORAGE)} then 1 else 0 end)`.as('weeded'),
  ]).groupBy('c.title_id');
  const [totals, list] = await Promise.all([
    totalsOf(base()),
    db.selectFrom(grouped.as('g')).innerJoin('titles as t', 't.id', 'g.tid')
      .select(['t.id', 't.title', 't.author', 't.publisher', 't.isbn', 't.class_no', 't.pub_year', 't.price', 'g.copies', 'g.cents', 'g.weeded'])
      .orderBy('t.class_no').orderBy('t.title').orderBy('t.id')
      .limit(rows).offset((page - 1) * rows)
      .execute(),
  ]);
  return {
    Total: totals.Titles, Totals: totals,
    List: list.map((r) => ({
      TitleID: r.id, Title: r.title, Author: r.author, Publisher: r.publisher, ISBN: r.isbn, ClassNo: r.class_no, PubYear: r.pub_year,
      Price: yuan(Math.round(r.price * 100)), Copies: Number(r.copies), Value: yuan(Number(r.cents)), Weeded: Number(r.weeded),
    })),
  };
}

/** The weeding register: copies weeded in the period, in the order they were weeded. */
export async function weedingLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, from: string, to: string, page: number, rows: number): Promise<Totalled<WeedLine>> {
  const base = () => copiesIn(db, s, f).where((eb) => weededWithin(eb, s, from, to));
  const [totals, ids] = await Promise.all([
    totalsOf(base()),
    base().select('c.id').orderBy(weededAt()).orderBy('c.barcode').orderBy('c.id').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const list = await copyDetails(db, s, ids.map((r) => r.id));
  const reasons = await weedReasons(db, s.schoolId, list.map((r) => r.id));
  return {
    Total: totals.Copies, Totals: totals,
    List: list.map((r) => ({
      CopyID: r.id, Barcode: r.barcode, WeededOn: toLocalDay(r.weeded_at ?? r.created_at, s.offset), Title: r.title, Author: r.author,
      CallNo: r.call_no, Price: yuan(Math.round(r.price * 100)), BatchNo: r.batch_no ?? '',
      AccessionDay: accessionDay(s, r.accepted_on, r.created_at), Reason: reasons.get(r.id) ?? '',
    })),
  };
}
