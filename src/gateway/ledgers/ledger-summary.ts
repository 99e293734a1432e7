import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Balance, Summary, SummaryLine } from '../../shared/api/ledgers.ts';
import { addDays, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { linesBranchKey, summaryFromLines } from './ledger-summary-lines.ts';
import { accessionWithin, centsOf, copiesIn, instantsOf, weededAt, weededWithin, yuan, type LedgerFilter, type LedgerScope } from './ledger-store.ts';

/**
 * The summary register (总括登记账) of a period: the opening balance (the end of the day before
 * From), one accession line per batch and day (收入), one cancellation line per day of weedings
 * (注销), each followed by the balance (现存), and the closing balance. Copies and value add and
 * subtract; titles are counted as the catalogue counts them — the titles with at least one copy
 * in the collection — so a second copy of a title already held adds a copy but no title, and a
 * title goes only with its last copy. Hence the sweep over titles below instead of sums.
 */

/** One group of copies alike for the register: a title's copies of a batch, catalogued and weeded in the same minute. */
interface Group {
  tid: number;
  bid: number | null;
  acc_on: string | null;
  /** created_at to the minute (UTC), and the weeding instant to the minute, or null. */
  ch: string;
  wh: string | null;
  n: number | string;
  cents: number | string;
}

interface Delta { day: string; kind: 'in' | 'out'; batchId: number | null; titles: Map<number, number>; copies: number; cents: number }

const dayOfMinute = (minute: string, offset: number) => toLocalDay(`${minute.slice(0, 16)}:00.000Z`, offset);

/**
 * The summary register: from the lines kept per title (ledger-summary-lines.ts) when they answer
 * for the caller's branches (all, one, or a kept scope of several: ledger-branch-sets.ts), else
 * counted copy by copy (a choice of batches, a scope of several not kept yet).
 */
export async function summaryLedger(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, from: string, to: string): Promise<Summary> {
  const branchKey = await linesBranchKey(db, s, f);
  return branchKey == null ? summaryByCopies(db, s, f, from, to) : summaryFromLines(db, s, f, branchKey, from, to);
}

/** The summary register counted from the copies of the titles the period touches. */
export async function summaryByCopies(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, from: string, to: string): Promise<Summary> {
  // The opening balance is one aggregate. Only the titles a line of the period touches (a copy of
  // theirs accessioned or weeded in it) are read copy group by copy group, with all their copies,
  // so the sweep below knows when such a title is first held or last goes; a year of a large
  // catalogue touches a small part of it. Days are taken in the school's offset here, where the
  // dialects agree.
  const before = addDays(from, -1);
  const { end: openingEnd } = instantsOf(s, undefined, before);
  const [open, groups] = await Promise.all([
    copiesIn(db, s, f)
      .where((eb) => eb.and([accessionWithin(eb, s, undefined, before), eb.or([eb(weededAt(), 'is', null), eb(weededAt(), '>=', openingEnd!)])]))
      .select([(eb) => eb.fn.countAll().as('copies'), (eb) => eb.fn.count('c.title_id').distinct().as('titles'), sql<number>`coalesce(sum(${centsOf()}), 0)`.as('cents')])
      .executeTakeFirstOrThrow(),
    copiesIn(db, s, f)
      .where((eb) => accessionWithin(eb, s, undefined, to))
      .where('c.title_id', 'in', copiesIn(db, s, f).where((eb) => eb.or([accessionWithin(eb, s, from, to), weededWithin(eb, s, from, to)])).select('c.title_id'))
      .select([
        'c.title_id as tid', 'c.batch_id as bid', 'b.accepted_on as acc_on',
        sql<string>`substr(c.created_at, 1, 16)`.as('ch'),
        sql<string | null>`substr(${weededAt()}, 1, 16)`.as('wh'),
        (eb) => eb.fn.countAll().as('n'),
        sql<number>`sum(${centsOf()})`.as('cents'),
      ])
      .groupBy([sql`c.title_id`, sql`c.batch_id`, sql`b.accepted_on`, sql`substr(c.created_at, 1, 16)`, sql`substr(${weededAt()}, 1, 16)`])
      .execute() as Promise<Group[]>,
  ]);

  // Copies held at the opening, per touched title (the others do not change in the period).
  const held = new Map<number, number>();
  const opening = { titles: Number(open.titles), copies: Number(open.copies), cents: Number(open.cents) };
  const deltas = new Map<string, Delta>();
  const delta = (day: string, kind: 'in' | 'out', batchId: number | null): Delta => {
    const key = `${day}|${kind}|${batchId ?? ''}`;
    let d = deltas.get(key);
    if (!d) deltas.set(key, (d = { day, kind, batchId, titles: new Map(), copies: 0, cents: 0 }));
    return d;
  };
  for (const g of groups) {
    const n = Number(g.n);
    const cents = Number(g.cents);
    const acc = g.acc_on ?? dayOfMinute(g.ch, s.offset);
    let weeded = g.wh ? dayOfMinute(g.wh, s.offset) : null;
    // A weeding recorded before the batch's acceptance day is taken as on that day.
    if (weeded && weeded < acc) weeded = acc;
    if (acc <= before) {
      if (!weeded || weeded > before) held.set(g.tid, (held.get(g.tid) ?? 0) + n);
    } else {
      const d = delta(acc, 'in', g.bid);
      d.titles.set(g.tid, (d.titles.get(g.tid) ?? 0) + n);
      d.copies += n;
      d.cents += cents;
    }
    if (weeded && weeded >= from && weeded <= to) {
      const d = delta(weeded, 'out', null);
      d.titles.set(g.tid, (d.titles.get(g.tid) ?? 0) + n);
      d.copies += n;
      d.cents += cents;
    }
  }

  const batchIds = [...new Set([...deltas.values()].map((d) => d.batchId).filter((id): id is number => id != null))];
  const batches = new Map((batchIds.length
    ? await db.selectFrom('batches').select(['id', 'batch_no', 'bookseller']).where('school_id', '=', s.schoolId).where('id', 'in', batchIds).execute()
    : []).map((b) => [b.id, b]));

  // On a day, accessions first (by batch number), then that day's cancellations.
  const ordered = [...deltas.values()].sort((a, b) => a.day.localeCompare(b.day) || (a.kind === b.kind ? (batches.get(a.batchId ?? 0)?.batch_no ?? '').localeCompare(batches.get(b.batchId ?? 0)?.batch_no ?? '') : a.kind === 'in' ? -1 : 1));
  let titles = opening.titles;
  let copies = opening.copies;
  let cents = opening.cents;
  const inTitles = new Set<number>();
  const outTitles = new Set<number>();
  const inSum = { copies: 0, cents: 0 };
  const outSum = { copies: 0, cents: 0 };
  const lines: SummaryLine[] = ordered.map((d) => {
    const sign = d.kind === 'in' ? 1 : -1;
    for (const [tid, n] of d.titles) {
      const was = held.get(tid) ?? 0;
      const now = was + sign * n;
      if (was === 0 && now > 0) titles++;
      if (was > 0 && now <= 0) titles--;
      if (now > 0) held.set(tid, now);
      else held.delete(tid);
      (d.kind === 'in' ? inTitles : outTitles).add(tid);
    }
    copies += sign * d.copies;
    cents += sign * d.cents;
    const sum = d.kind === 'in' ? inSum : outSum;
    sum.copies += d.copies;
    sum.cents += d.cents;
    const b = d.batchId != null ? batches.get(d.batchId) : undefined;
    const here = { Titles: d.titles.size, Copies: d.copies, Value: yuan(d.cents) };
    const none = { Titles: 0, Copies: 0, Value: 0 };
    const [inPart, outPart] = d.kind === 'in' ? [here, none] : [none, here];
    return {
      Day: d.day, Kind: d.kind, BatchID: d.batchId, BatchNo: b?.batch_no ?? '', Source: b?.bookseller ?? '',
      InTitles: inPart.Titles, InCopies: inPart.Copies, InValue: inPart.Value,
      OutTitles: outPart.Titles, OutCopies: outPart.Copies, OutValue: outPart.Value,
      Titles: titles, Copies: copies, Value: yuan(cents),
    };
  });
  const balance = (t: number, c: number, v: number): Balance => ({ Titles: t, Copies: c, Value: yuan(v) });
  return {
    From: from, To: to,
    Opening: balance(opening.titles, opening.copies, opening.cents),
    Lines: lines,
    In: balance(inTitles.size, inSum.copies, inSum.cents),
    Out: balance(outTitles.size, outSum.copies, outSum.cents),
    Closing: balance(titles, copies, cents),
  };
}
