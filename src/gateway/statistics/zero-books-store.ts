import type { ZeroBookRow } from '../../shared/api/statistics.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { heldCopyRows, type StatFilter } from './holdings.ts';

const en = (lang: Language, zh: string, enName: string | null | undefined) => (lang === 'en-US' && enName) || zh;

export interface ZeroBookFilter {
  unit: 'copy' | 'title';
  classCode?: string | undefined;
  /** Registered before this instant (the start of the local day given). */
  registeredBeforeUtc?: string | undefined;
}

/**
 * Copies held at the end of the period that were not lent in it; by title, the titles no copy
 * of which (anywhere in the school) was lent, with how many copies they have under the filter.
 *
 * The total and the page are asked apart, each the way its index serves it: the total scans the
 * held copies' covering index against the period's lent copies (or titles), read once from the
 * loans' period index (NOT IN, not correlated); the page walks the copies in call-number order
 * (copies_school_call_ix) asking each copy (NOT EXISTS, on loans_copy_ix) whether it or its title
 * was lent, and stops after the page. Both together read no copy's row but the page's.
 */
export async function zeroBorrowBooks(db: Db, f: StatFilter, z: ZeroBookFilter, lang: Language, offset: number, page: number, rows: number): Promise<{ List: ZeroBookRow[]; Total: number }> {
  let held = heldCopyRows(db, f, f.endUtc, z.classCode);
  if (z.registeredBeforeUtc) held = held.where('c.created_at', '<', z.registeredBeforeUtc);
  const periodLoans = db.selectFrom('loans as l').where('l.school_id', '=', f.schoolId)
    .where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0);
  if (z.unit === 'copy') {
    const [total, list] = await Promise.all([
      held.where('c.id', 'not in', periodLoans.select('l.copy_id')).select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      held.where((e) => e.not(e.exists(e.selectFrom('loans as l').select('l.id').whereRef('l.copy_id', '=', 'c.id')
        .where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0).limit(1).offset(0))))
        .innerJoin('titles as t', 't.id', 'c.title_id').leftJoin('branches as b', 'b.id', 'c.branch_id').leftJoin('collection_areas as a', 'a.id', 'c.area_id')
        .select(['c.barcode', 't.title', 't.author', 'c.call_no', 'c.created_at', 'b.name as bname', 'b.en_name as ben', 'a.name as aname', 'a.en_name as aen'])
        .orderBy('c.call_no').orderBy('c.barcode').limit(rows).offset((page - 1) * rows).execute(),
    ]);
    return {
      Total: Number(total?.n ?? 0),
      List: list.map((r) => ({
        Barcode: r.barcode, Title: r.title, Author: r.author, CallNo: r.call_no,
        BranchName: r.bname ? en(lang, r.bname, r.ben) : '', AreaName: r.aname ? en(lang, r.aname, r.aen) : '',
        RegisteredOn: toLocalDay(String(r.created_at), offset), Copies: 1,
      })),
    };
  }
  const lentTitles = db.selectFrom('copies as c2').select('c2.title_id').where('c2.id', 'in', periodLoans.select('l.copy_id'));
  const unlent = unlentTitles(held, f);
  const [total, ids] = await Promise.all([
    // Grouped then counted (not count(distinct)): PostgreSQL hashes the groups instead of sorting them.
    db.selectFrom(held.where('c.title_id', 'not in', lentTitles).select('c.title_id').groupBy('c.title_id').as('g')).select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    titlesByCallNo(unlent, page * rows),
  ]);
  const pageIds = ids.slice((page - 1) * rows);
  const list = pageIds.length
    ? await held.where('c.title_id', 'in', pageIds).innerJoin('titles as t', 't.id', 'c.title_id')
      .select((e) => ['c.title_id', 't.title', 't.author', e.fn.countAll<number | string>().as('n'), e.fn.min<string>('c.created_at').as('first'), e.fn.min<string>('c.call_no').as('call_no')])
      .groupBy(['c.title_id', 't.title', 't.author']).execute()
    : [];
  const byId = new Map(list.map((r) => [r.title_id, r]));
  return {
    Total: Number(total?.n ?? 0),
    List: pageIds.map((id) => byId.get(id)!).filter(Boolean).map((r) => ({
      Barcode: '', Title: r.title, Author: r.author, CallNo: r.call_no, BranchName: '', AreaName: '', RegisteredOn: toLocalDay(String(r.first), offset), Copies: Number(r.n),
    })),
  };
}

/**
 * The whole list of never-borrowed copies or titles, in the report's order, chunk by chunk for
 * an export: one walk of the copies in call-number order, each chunk asked after the last call
 * number and barcode seen (keyset), so 100,000 rows cost one pass instead of a page by number
 * each (which walks all the pages before it again). By title, a title is given once it is
 * final: the walk has left the call number it was first seen at.
 */
export function zeroBorrowBookChunks(db: Db, f: StatFilter, z: ZeroBookFilter, lang: Language, offset: number, walk = 2000) {
  let held = heldCopyRows(db, f, f.endUtc, z.classCode);
  if (z.registeredBeforeUtc) held = held.where('c.created_at', '<', z.registeredBeforeUtc);
  const after = (q: typeof held, key: { callNo: string; barcode: string } | null) => (key
    ? q.where('c.call_no', '>=', key.callNo).where((e) => e.or([e('c.call_no', '>', key.callNo), e('c.barcode', '>', key.barcode)]))
    : q);
  return async function* chunks(size: number): AsyncGenerator<ZeroBookRow[], void, undefined> {
    let key: { callNo: string; barcode: string } | null = null;
    if (z.unit === 'copy') {
      const unlent = held.where((e) => e.not(e.exists(e.selectFrom('loans as l').select('l.id').whereRef('l.copy_id', '=', 'c.id')
        .where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0).limit(1).offset(0))));
      for (;;) {
        const list = await after(unlent, key).innerJoin('titles as t', 't.id', 'c.title_id').leftJoin('branches as b', 'b.id', 'c.branch_id').leftJoin('collection_areas as a', 'a.id', 'c.area_id')
          .select(['c.barcode', 't.title', 't.author', 'c.call_no', 'c.created_at', 'b.name as bname', 'b.en_name as ben', 'a.name as aname', 'a.en_name as aen'])
          .orderBy('c.call_no').orderBy('c.barcode').limit(size).execute();
        if (list.length) {
          yield list.map((r) => ({
            Barcode: r.barcode, Title: r.title, Author: r.author, CallNo: r.call_no,
            BranchName: r.bname ? en(lang, r.bname, r.ben) : '', AreaName: r.aname ? en(lang, r.aname, r.aen) : '',
            RegisteredOn: toLocalDay(String(r.created_at), offset), Copies: 1,
          }));
        }
        if (list.length < size) return;
        key = { callNo: list.at(-1)!.call_no, barcode: list.at(-1)!.barcode };
      }
    }
    const unlent = unlentTitles(held, f);
    const seen = new Set<number>();
    let run = null as { callNo: string; ids: number[] } | null;
    let ready: number[] = [];
    const details = async (ids: number[]) => {
      const rows = await held.where('c.title_id', 'in', ids).innerJoin('titles as t', 't.id', 'c.title_id')
        .select((e) => ['c.title_id', 't.title', 't.author', e.fn.countAll<number | string>().as('n'), e.fn.min<string>('c.created_at').as('first'), e.fn.min<string>('c.call_no').as('call_no')])
        .groupBy(['c.title_id', 't.title', 't.author']).execute();
      const byId = new Map(rows.map((r) => [r.title_id, r]));
      return ids.map((id) => byId.get(id)!).filter(Boolean).map((r) => ({
        Barcode: '', Title: r.title, Author: r.author, CallNo: r.call_no, BranchName: '', AreaName: '', RegisteredOn: toLocalDay(String(r.first), offset), Copies: Number(r.n),
      }));
    };
    for (;;) {
      const walked = await after(unlent, key).select(['c.title_id', 'c.call_no', 'c.barcode']).orderBy('c.call_no').orderBy('c.barcode').limit(walk).execute();
      for (const r of walked) {
        if (seen.has(r.title_id)) continue;
        seen.add(r.title_id);
        if (run?.callNo !== r.call_no) {
          if (run) ready.push(...run.ids.sort((a, b) => a - b));
          run = { callNo: r.call_no, ids: [] };
        }
        run.ids.push(r.title_id);
      }
      const last = walked.length < walk;
      if (last && run) ready.push(...run.ids.sort((a, b) => a - b));
      while (ready.length >= size || (last && ready.length)) {
        const ids = ready.slice(0, size);
        ready = ready.slice(size);
        yield await details(ids);
      }
      if (last) return;
      key = { callNo: walked.at(-1)!.call_no, barcode: walked.at(-1)!.barcode };
    }
  };
}

/**
 * The copies of `held` no copy of whose title was lent in the period (NOT EXISTS per copy). The
 * subqueries asked per copy carry LIMIT 1 OFFSET 0: PostgreSQL would otherwise turn NOT EXISTS
 * into a hash anti-join over all the period's loans and sort every copy for a page of 20 (500 ms
 * on the bench fixture instead of 2 ms); with it, it walks the call-number index as SQLite does.
 */
function unlentTitles(held: ReturnType<typeof heldCopyRows>, f: StatFilter) {
  return held.where((e) => e.not(e.exists(e.selectFrom('copies as c3').innerJoin('loans as l', 'l.copy_id', 'c3.id').select('l.id')
    .whereRef('c3.title_id', '=', 'c.title_id').where('l.school_id', '=', f.schoolId)
    .where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0).limit(1).offset(0))));
}

/**
 * The first `need` titles of the copies `q` in the order of their smallest call number, then
 * title id — the order of the report by title — found by walking the copies in call-number order:
 * a title first shows at its smallest call number, so the walk stops once it holds `need` titles
 * and has left the call number of the last of them (a tie there may still bring a smaller title
 * id). Titles seldom have more than a few copies, so a walk of a few times `need` copies is
 * enough; a longer one is asked again with a larger limit.
 */
async function titlesByCallNo(q: ReturnType<typeof heldCopyRows>, need: number): Promise<number[]> {
  for (let limit = need * 3 + 50; ; limit *= 4) {
    const walked = await q.select(['c.title_id', 'c.call_no']).orderBy('c.call_no').orderBy('c.barcode').limit(limit).execute();
    const seen = new Set<number>();
    // Runs of titles first seen at the same call number, in walk (database collation) order.
    const runs: Array<{ callNo: string; ids: number[] }> = [];
    for (const r of walked) {
      if (seen.has(r.title_id)) continue;
      seen.add(r.title_id);
      if (runs.at(-1)?.callNo !== r.call_no) runs.push({ callNo: r.call_no, ids: [] });
      runs.at(-1)!.ids.push(r.title_id);
    }
    const ordered = runs.flatMap((run) => run.ids.sort((a, b) => a - b));
    const exhausted = walked.length < limit;
    if (exhausted) return ordered.slice(0, need);
    if (ordered.length >= need) {
      // The run holding the need-th title must be closed: the walk went past its call number.
      let n = 0;
      const run = runs.find((x) => (n += x.ids.length) >= need)!;
      if (walked.at(-1)!.call_no !== run.callNo) return ordered.slice(0, need);
    }
  }
}
