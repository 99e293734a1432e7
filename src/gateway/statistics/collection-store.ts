import { sql } from 'kysely';
import type { CollectionRow, ResourceCircRow } from '../../shared/api/statistics.ts';
import { storageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { classLetter, heldCopyRows, heldPerTitle, type StatFilter } from './holdings.ts';

type T = (key: string) => string;
const en = (lang: Language, zh: string, enName: string | null | undefined) => (lang === 'en-US' && enName) || zh;

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
