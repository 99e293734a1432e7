import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Balance, Summary, SummaryLine } from '../../shared/api/ledgers.ts';
import { refreshLedgerLines } from './ledger-lines.ts';
import { keptBranchSet } from './ledger-branch-sets.ts';
import { yuan, type LedgerFilter, type LedgerScope } from './ledger-store.ts';

/**
 * The summary register read from the lines kept per title (ledger-lines.ts): the opening balance
 * is the sum of the lines before the period, the period's lines are summed per day, kind and
 * batch over resource types (a title has one type, so titles add up across types), and the
 * balance after each line adds the titles that came and went with it. The period's distinct
 * titles in and out are counted from the per-title lines. A few hundred summed rows, whatever
 * the size of the catalogue.
 */

/**
 * The branch key the kept lines answer for (0: all branches), or null when they cannot: a choice
 * of batches goes to the copy-by-copy count, and a caller limited to branches is answered by the
 * lines of all branches, of one, or of its kept scope (ledger-branch-sets.ts). −1: the caller's
 * scope leaves no branch.
 */
export async function linesBranchKey(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter): Promise<number | null> {
  if (f.batchIds?.length) return null;
  if (f.branchId != null) return s.branchIds && !s.branchIds.includes(f.branchId) ? -1 : f.branchId;
  return s.branchIds ? keptBranchSet(db, s.schoolId, s.branchIds) : 0;
}

/** The resource types asked for (null: all), intersecting the caller's scope with the filter. */
function typeKeys(s: LedgerScope, f: LedgerFilter): number[] | null {
  if (f.resourceTypeId != null) return !s.typeIds || s.typeIds.includes(f.resourceTypeId) ? [f.resourceTypeId] : [-1];
  return s.typeIds ? (s.typeIds.length ? [...s.typeIds] : [-1]) : null;
}

export async function summaryFromLines(db: Kysely<Database>, s: LedgerScope, f: LedgerFilter, branchKey: number, from: string, to: string): Promise<Summary> {
  await refreshLedgerLines(db, s.schoolId, s.offset);
  const types = typeKeys(s, f);
  const lines = () => {
    let q = db.selectFrom('ledger_lines').where('school_id', '=', s.schoolId).where('branch_key', '=', branchKey);
    if (types) q = q.where('type_key', 'in', types);
    return q;
  };
  let titleLines = db.selectFrom('ledger_title_lines').where('school_id', '=', s.schoolId).where('branch_key', '=', branchKey).where('day', '>=', from).where('day', '<=', to);
  if (types) titleLines = titleLines.where('type_key', 'in', types);
  const [openRows, rows, distinct] = await Promise.all([
    lines().where('day', '<', from).groupBy('kind')
      .select(['kind', (eb) => eb.fn.sum<number | string>('copies').as('copies'), (eb) => eb.fn.sum<number | string>('cents').as('cents'), (eb) => eb.fn.sum<number | string>('enter').as('enter')])
      .execute(),
    lines().where('day', '>=', from).where('day', '<=', to).groupBy(['day', 'kind', 'batch_key'])
      .select(['day', 'kind', 'batch_key', (eb) => eb.fn.sum<number | string>('titles').as('titles'), (eb) => eb.fn.sum<number | string>('copies').as('copies'), (eb) => eb.fn.sum<number | string>('cents').as('cents'), (eb) => eb.fn.sum<number | string>('enter').as('enter')])
      .execute(),
    titleLines.groupBy('kind').select(['kind', (eb) => eb.fn.count<number | string>('title_id').distinct().as('titles')]).execute(),
  ]);

  const opening = { titles: 0, copies: 0, cents: 0 };
  for (const r of openRows) {
    const sign = r.kind === 'in' ? 1 : -1;
    opening.titles += Number(r.enter);
    opening.copies += sign * Number(r.copies);
    opening.cents += sign * Number(r.cents);
  }
  const batchIds = [...new Set(rows.map((r) => r.batch_key).filter((id) => id !== 0))];
  const batches = new Map((batchIds.length
    ? await db.selectFrom('batches').select(['id', 'batch_no', 'bookseller']).where('school_id', '=', s.schoolId).where('id', 'in', batchIds).execute()
    : []).map((b) => [b.id, b]));
  const batchNo = (id: number) => batches.get(id)?.batch_no ?? '';
  // On a day, accessions first (by batch number), then that day's cancellations: as the titles were swept.
  rows.sort((a, b) => a.day.localeCompare(b.day) || (a.kind === b.kind ? batchNo(a.batch_key).localeCompare(batchNo(b.batch_key)) : a.kind === 'in' ? -1 : 1));

  let { titles, copies, cents } = opening;
  const inSum = { copies: 0, cents: 0 };
  const outSum = { copies: 0, cents: 0 };
  const out: SummaryLine[] = [];
  for (const r of rows) {
    const n = Number(r.copies);
    const c = Number(r.cents);
    if (!n && !Number(r.titles)) continue;
    const sign = r.kind === 'in' ? 1 : -1;
    titles += Number(r.enter);
    copies += sign * n;
    cents += sign * c;
    const sum = r.kind === 'in' ? inSum : outSum;
    sum.copies += n;
    sum.cents += c;
    const b = r.batch_key ? batches.get(r.batch_key) : undefined;
    const here = { Titles: Number(r.titles), Copies: n, Value: yuan(c) };
    const none = { Titles: 0, Copies: 0, Value: 0 };
    const [inPart, outPart] = r.kind === 'in' ? [here, none] : [none, here];
    out.push({
      Day: r.day, Kind: r.kind, BatchID: r.batch_key || null, BatchNo: b?.batch_no ?? '', Source: b?.bookseller ?? '',
      InTitles: inPart.Titles, InCopies: inPart.Copies, InValue: inPart.Value,
      OutTitles: outPart.Titles, OutCopies: outPart.Copies, OutValue: outPart.Value,
      Titles: titles, Copies: copies, Value: yuan(cents),
    });
  }
  const distinctOf = (kind: 'in' | 'out') => Number(distinct.find((d) => d.kind === kind)?.titles ?? 0);
  const balance = (t: number, c: number, v: number): Balance => ({ Titles: t, Copies: c, Value: yuan(v) });
  return {
    From: from, To: to,
    Opening: balance(opening.titles, opening.copies, opening.cents),
    Lines: out,
    In: balance(distinctOf('in'), inSum.copies, inSum.cents),
    Out: balance(distinctOf('out'), outSum.copies, outSum.cents),
    Closing: balance(titles, copies, cents),
  };
}
