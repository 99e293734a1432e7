import type { Db } from '../catalogue/catalogue-store.ts';
import type { GroupRank, ItemRank } from '../../shared/api/charts.ts';
import type { RankPeriodRange } from './rank-period.ts';

/** What narrows the loans a ranking counts. */
export interface RankFilter {
  schoolId: number;
  period: RankPeriodRange;
  branchId?: number | undefined;
  resourceTypeId?: number | undefined;
  /** The caller's branch scope (staff calls): only loans of copies of these branches; null or absent = all. */
  branchIds?: readonly number[] | null | undefined;
}

/**
 * The loans of a period (not undone), with their copy and title joined only when a filter needs
 * them. loans_school_loaned_cover_ix (migration 0035) holds every column read here, so the
 * period's loans come from the index alone.
 */
export function periodLoans(db: Db, f: RankFilter) {
  let q = db.selectFrom('loans as l')
    .where('l.school_id', '=', f.schoolId)
    .where('l.loaned_at', '>=', f.period.startUtc)
    .where('l.loaned_at', '<', f.period.endUtc)
    .where('l.cancelled', '=', 0);
  if (f.branchId != null) q = q.where((e) => e.exists(e.selectFrom('copies as bc').select('bc.id').whereRef('bc.id', '=', 'l.copy_id').where('bc.branch_id', '=', f.branchId!)));
  if (f.branchIds) {
    const ids = f.branchIds.length ? [...f.branchIds] : [-1];
    q = q.where((e) => e.exists(e.selectFrom('copies as sc').select('sc.id').whereRef('sc.id', '=', 'l.copy_id').where('sc.branch_id', 'in', ids)));
  }
  if (f.resourceTypeId != null) {
    q = q.where((e) => e.exists(e.selectFrom('copies as rc').innerJoin('titles as rt', 'rt.id', 'rc.title_id').select('rc.id')
      .whereRef('rc.id', '=', 'l.copy_id').where('rt.resource_type_id', '=', f.resourceTypeId!)));
  }
  return q;
}

export async function totalLoans(db: Db, f: RankFilter): Promise<number> {
  const r = await periodLoans(db, f).select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Standard competition ranking (1, 2, 2, 4): equal figures share a rank. */
export function withRanks<T>(rows: T[], figure: (r: T) => number): Array<T & { Rank: number }> {
  let last = Number.NaN;
  let rank = 0;
  return rows.map((r, i) => {
    const v = figure(r);
    if (v !== last) rank = i + 1;
    last = v;
    return { ...r, Rank: rank };
  });
}

/** The titles lent most in the period; ties by title id so the order is stable. */
export async function itemRank(db: Db, f: RankFilter, top: number): Promise<ItemRank[]> {
  // Loans are counted per copy from the index alone first, and only each lent copy (not each
  // loan) is looked up for its title: a year's 100,000 loans are far fewer distinct copies.
  const perCopy = periodLoans(db, f).select((e) => ['l.copy_id', e.fn.countAll<number | string>().as('n')]).groupBy('l.copy_id');
  const counted = await db.selectFrom(perCopy.as('x')).innerJoin('copies as c', 'c.id', 'x.copy_id')
    .select((e) => ['c.title_id', e.fn.sum<number | string>('x.n').as('n')])
    .groupBy('c.title_id').orderBy((e) => e.fn.sum('x.n'), 'desc').orderBy('c.title_id').limit(top).execute();
  if (!counted.length) return [];
  const titles = await db.selectFrom('titles').select(['id', 'title', 'author']).where('school_id', '=', f.schoolId)
    .where('id', 'in', counted.map((c) => c.title_id)).execute();
  const byId = new Map(titles.map((t) => [t.id, t]));
  return withRanks(counted.map((c) => ({ ItemID: c.title_id, Title: byId.get(c.title_id)?.title ?? '', Author: byId.get(c.title_id)?.author ?? '', Loans: Number(c.n) })), (r) => r.Loans);
}

type GroupKind = 'class' | 'grade' | 'dept';

/**
 * Loans of the period by the borrower's class, grade or department as they are now, beside the
 * active readers each has: every class or department of the school is listed (one without
 * loans too, at the end), so a class can find itself.
 */
export async function groupRank(db: Db, f: RankFilter, kind: GroupKind, sort: 'loans' | 'perReader', top: number): Promise<GroupRank[]> {
  const memberKind = kind === 'dept' ? 'dept' : 'class';
  const [groups, loans, readers] = await Promise.all([
    db.selectFrom('departments as d').leftJoin('departments as p', 'p.id', 'd.parent_id')
      .select(['d.id', 'd.name', 'd.en_name', 'd.kind', 'd.parent_id', 'd.sort', 'p.name as parent_name', 'p.en_name as parent_en_name', 'p.sort as parent_sort'])
      .where('d.school_id', '=', f.schoolId).where('d.kind', 'in', kind === 'grade' ? ['grade', 'class'] : [memberKind]).where('d.state', '=', 1).execute(),
    // Per reader from the index alone; the readers' classes are joined here, not once per loan.
    periodLoans(db, f).select((e) => ['l.user_id', e.fn.countAll<number | string>().as('n')]).groupBy('l.user_id').execute(),
    db.selectFrom('users').select(['id', 'dept_id', 'status']).where('school_id', '=', f.schoolId).where('dept_id', 'is not', null).execute(),
  ]);
  const deptOf = new Map(readers.map((r) => [r.id, r.dept_id!]));
  const loansOf = new Map<number, number>();
  for (const r of loans) {
    const d = deptOf.get(r.user_id);
    if (d != null) loansOf.set(d, (loansOf.get(d) ?? 0) + Number(r.n));
  }
  const readersOf = new Map<number, number>();
  for (const r of readers) if (r.status === 'active') readersOf.set(r.dept_id!, (readersOf.get(r.dept_id!) ?? 0) + 1);
  type Acc = { DeptID: number; Name: string; EnName: string; ParentName: string; ParentEnName: string; Loans: number; Readers: number; order: number };
  const acc = new Map<number, Acc>();
  for (const g of groups) {
    if (kind === 'grade' && g.kind !== 'grade') continue;
    const isClass = kind === 'class';
    acc.set(g.id, {
      DeptID: g.id, Name: g.name, EnName: g.en_name || g.name, ParentName: isClass ? g.parent_name ?? '' : '', ParentEnName: isClass ? g.parent_en_name || g.parent_name || '' : '',
      Loans: 0, Readers: 0, order: (isClass ? (g.parent_sort ?? 0) * 10_000 : 0) + g.sort,
    });
  }
  for (const g of groups) {
    // A grade's figures are its classes' (its readers sit in the classes).
    const target = kind === 'grade' ? (g.kind === 'class' ? acc.get(g.parent_id ?? -1) : undefined) : acc.get(g.id);
    if (!target) continue;
    target.Loans += loansOf.get(g.id) ?? 0;
    target.Readers += readersOf.get(g.id) ?? 0;
  }
  const perReader = (a: Pick<Acc, 'Loans' | 'Readers'>) => (a.Readers ? Math.round((a.Loans / a.Readers) * 10) / 10 : 0);
  const figure = (a: Acc) => (sort === 'loans' ? a.Loans : perReader(a));
  const sorted = [...acc.values()].sort((a, b) => figure(b) - figure(a) || a.order - b.order || a.DeptID - b.DeptID).slice(0, top);
  return withRanks(sorted.map(({ order: _o, ...a }) => ({ ...a, PerReader: perReader(a) })), (r) => (sort === 'loans' ? r.Loans : r.PerReader));
}
