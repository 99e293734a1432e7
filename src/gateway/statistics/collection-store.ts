import { sql } from 'kysely';
import type { CollectionRow, ResourceCircRow, ZeroBookRow } from '../../shared/api/statistics.ts';
import { storageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { classLetter, heldCopyRows, heldPerTitle, type StatFilter } from './holdings.ts';

type T = (key: string) => string;
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
        .where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0))))
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
  const unlent = held.where((e) => e.not(e.exists(e.selectFrom('copies as c3').innerJoin('loans as l', 'l.copy_id', 'c3.id').select('l.id')
    .whereRef('c3.title_id', '=', 'c.title_id').where('l.school_id', '=', f.schoolId)
    .where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0))));
  const [total, ids] = await Promise.all([
    held.where('c.title_id', 'not in', lentTitles).select((e) => e.fn.count<number | string>('c.title_id').distinct().as('n')).executeTakeFirst(),
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

/**
 * Holdings now by branch, collection area, resource type, CLC class or storage state: titles,
 * copies and their value. By state every copy is counted (weeded and lost ones under their own
 * state); otherwise only those held (not weeded or lost).
 */
export async function collectionReport(db: Db, f: Omit<StatFilter, 'startUtc' | 'endUtc'>, groupBy: 'branch' | 'area' | 'resourceType' | 'state' | 'class', lang: Language, t: T): Promise<CollectionRow[]> {
  const now = new Date().toISOString();
  type Counted = Array<{ k: string | number | null; copies: number | string; titles: number | string; value: number | string | null }>;
  let rows: Counted;
  if (groupBy === 'class' || groupBy === 'resourceType') {
    // By a title's attribute: per title first (heldPerTitle), each title joined once.
    const key = groupBy === 'class' ? sql<string | number | null>`${classLetter}` : sql<string | number | null>`t.resource_type_id`;
    rows = await heldPerTitle(db, f, now)
      .select((e) => [key.as('k'), e.fn.sum<number | string>('x.n').as('copies'), e.fn.countAll<number | string>().as('titles'), e.fn.sum<number | string | null>('x.v').as('value')])
      .groupBy(key).execute();
  } else {
    // By a copy's own column: the copies alone (no title is looked up unless a resource type is asked).
    let base = groupBy === 'state' ? db.selectFrom('copies as c').where('c.school_id', '=', f.schoolId) : heldCopyRows(db, f, now);
    if (groupBy === 'state') {
      if (f.branchId != null) base = base.where('c.branch_id', '=', f.branchId);
      if (f.resourceTypeId != null) base = base.where((e) => e.exists(e.selectFrom('titles as t').select('t.id').whereRef('t.id', '=', 'c.title_id').where('t.resource_type_id', '=', f.resourceTypeId!)));
    }
    const column = { branch: 'c.branch_id', area: 'c.area_id', state: 'c.storage_area' } as const;
    // Per group and title first (streamed from copies_school_area_ix for areas), then per group:
    // the distinct titles need no sort of their own.
    const perTitle = base.select((e) => [sql<string | number | null>`${sql.ref(column[groupBy])}`.as('k'), 'c.title_id', e.fn.countAll<number | string>().as('n'), e.fn.sum<number | string | null>('c.price').as('v')])
      .groupBy([sql.ref(column[groupBy]), 'c.title_id']);
    rows = await db.selectFrom(perTitle.as('x'))
      .select((e) => ['x.k', e.fn.sum<number | string>('x.n').as('copies'), e.fn.countAll<number | string>().as('titles'), e.fn.sum<number | string | null>('x.v').as('value')])
      .groupBy('x.k')
      .execute();
  }
  const names = await namesOf(db, f.schoolId, groupBy, lang, t);
  const total = rows.reduce((s, r) => s + Number(r.copies), 0);
  // Class letters that are not CLC classes fold into one "no class" row.
  const merged = new Map<string, CollectionRow & { order: number }>();
  for (const r of rows) {
    const key = r.k == null ? '' : String(r.k);
    const name = names.get(key) ?? { name: t('statistics:noneGroup'), order: Number.MAX_SAFE_INTEGER };
    const cur = merged.get(name.name) ?? { Name: name.name, Titles: 0, Copies: 0, Value: 0, CopyPct: 0, order: name.order };
    cur.Titles += Number(r.titles);
    cur.Copies += Number(r.copies);
    cur.Value += Number(r.value ?? 0);
    merged.set(name.name, cur);
  }
  return [...merged.values()].sort((a, b) => a.order - b.order || a.Name.localeCompare(b.Name)).map(({ order: _o, ...r }) => ({
    ...r, Value: Math.round(r.Value * 100) / 100, CopyPct: total ? Math.round((r.Copies / total) * 1000) / 10 : 0,
  }));
}

/** Display names (and order) of the groups of a report, by key as text. */
async function namesOf(db: Db, schoolId: number, groupBy: string, lang: Language, t: T): Promise<Map<string, { name: string; order: number }>> {
  const out = new Map<string, { name: string; order: number }>();
  const put = (rows: Array<{ id: number; name: string; en_name: string }>) => rows.forEach((r, i) => out.set(String(r.id), { name: en(lang, r.name, r.en_name), order: i }));
  if (groupBy === 'branch') put(await db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute());
  else if (groupBy === 'area') put(await db.selectFrom('collection_areas').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('branch_id').orderBy('sort').orderBy('id').execute());
  else if (groupBy === 'resourceType') put(await db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute());
  else if (groupBy === 'state') for (const code of [1, 2, 4, 5, 8, 9, 3, 6]) out.set(String(code), { name: t(`catalogue:storage.${storageAreaName(code)}`), order: out.size });
  else 'ABCDEFGHIJKNOPQRSTUVXZ'.split('').forEach((k, i) => out.set(k, { name: `${k} ${t(`statistics:clc.class.${k}`)}`, order: i }));
  return out;
}

/** Loans made, returns and renewals in the period by the title's resource type (copies of the branch when given). */
export async function resourceCirc(db: Db, f: StatFilter, lang: Language, t: T): Promise<ResourceCircRow[]> {
  // Loans are counted per copy from the period index first, and only each copy (not each loan)
  // is looked up for its branch and title: a year's loans are far fewer distinct copies.
  const byType = (column: 'loaned_at' | 'returned_at') => {
    const perCopy = db.selectFrom('loans as l').select((e) => ['l.copy_id', e.fn.countAll<number | string>().as('n')])
      .where('l.school_id', '=', f.schoolId).where(`l.${column}`, '>=', f.startUtc).where(`l.${column}`, '<', f.endUtc).where('l.cancelled', '=', 0)
      .groupBy('l.copy_id');
    return db.selectFrom(perCopy.as('x')).innerJoin('copies as c', 'c.id', 'x.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
      .$if(f.branchId != null, (q) => q.where('c.branch_id', '=', f.branchId!))
      .select((e) => ['t.resource_type_id as k', e.fn.sum<number | string>('x.n').as('n')]).groupBy('t.resource_type_id').execute();
  };
  const [loans, returns, renewals, types] = await Promise.all([
    byType('loaned_at'),
    byType('returned_at'),
    db.selectFrom('circ_transactions as x').innerJoin('loans as l', 'l.id', 'x.loan_id').innerJoin('copies as c', 'c.id', 'x.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
      .where('x.school_id', '=', f.schoolId).where('x.kind', '=', 'renew').where('x.undone_by', 'is', null).where('l.cancelled', '=', 0)
      .where('x.at', '>=', f.startUtc).where('x.at', '<', f.endUtc)
      .$if(f.branchId != null, (q) => q.where('c.branch_id', '=', f.branchId!))
      .select((e) => ['t.resource_type_id as k', e.fn.countAll<number | string>().as('n')]).groupBy('t.resource_type_id').execute(),
    db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', f.schoolId).orderBy('sort').orderBy('id').execute(),
  ]);
  const get = (rows: Array<{ k: number | null; n: number | string }>, id: number | null) => Number(rows.find((r) => r.k === id)?.n ?? 0);
  const out: ResourceCircRow[] = types.map((ty) => ({ Name: en(lang, ty.name, ty.en_name), Loans: get(loans, ty.id), Returns: get(returns, ty.id), Renewals: get(renewals, ty.id) }));
  const untyped = { Name: t('statistics:noneGroup'), Loans: get(loans, null), Returns: get(returns, null), Renewals: get(renewals, null) };
  if (untyped.Loans + untyped.Returns + untyped.Renewals > 0) out.push(untyped);
  return out;
}
