import type { GroupBorrowRow, ZeroReaderRow } from '../../shared/api/statistics.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { StatFilter } from './holdings.ts';

const en = (lang: Language, zh: string, enName: string | null | undefined) => (lang === 'en-US' && enName) || zh;

export interface ReaderFilter {
  /** The departments the readers are in now (null: any, readers without one too). */
  deptIds: readonly number[] | null;
  identity?: 'student' | 'teacher' | 'other' | undefined;
}

/**
 * Active readers, registered before the period ended, without a loan in it: by class (its
 * order), then name. A reader counts for the class they are in now.
 */
export async function zeroBorrowReaders(db: Db, f: StatFilter, r: ReaderFilter, lang: Language, page: number, rows: number): Promise<{ List: ZeroReaderRow[]; Total: number }> {
  let q = db.selectFrom('users as u').leftJoin('departments as d', 'd.id', 'u.dept_id')
    .where('u.school_id', '=', f.schoolId).where('u.status', '=', 'active').where('u.created_at', '<', f.endUtc)
    // Not correlated: the period's borrowers are read once from the loans' period index, not per reader.
    .where('u.id', 'not in', db.selectFrom('loans as l').select('l.user_id')
      .where('l.school_id', '=', f.schoolId).where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0));
  if (r.deptIds) q = q.where('u.dept_id', 'in', r.deptIds.length ? [...r.deptIds] : [-1]);
  if (r.identity) q = q.where('u.identity', '=', r.identity);
  const [total, list] = await Promise.all([
    q.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    q.select(['u.reader_id', 'u.name', 'u.identity', 'd.name as dname', 'd.en_name as den'])
      .orderBy('d.parent_id').orderBy('d.sort').orderBy('d.id').orderBy('u.name').orderBy('u.id').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  return {
    Total: Number(total?.n ?? 0),
    List: list.map((x) => ({ ReaderID: x.reader_id, Name: x.name, Identity: x.identity, ClassName: x.dname ? en(lang, x.dname, x.den) : '' })),
  };
}

/**
 * Borrowing per class, grade or staff department as readers belong now: active readers, those
 * of them who borrowed in the period, and their loans. Every group is listed, one without readers
 * too (all zeros), in the school's order. A grade's figures are its classes'.
 */
export async function groupBorrow(db: Db, f: StatFilter, level: 'class' | 'grade' | 'dept', r: ReaderFilter, lang: Language): Promise<GroupBorrowRow[]> {
  const memberKind = level === 'dept' ? 'dept' : 'class';
  let readersQ = db.selectFrom('users as u').leftJoin(
    (eb) => eb.selectFrom('loans as l').select((e) => ['l.user_id', e.fn.countAll<number | string>().as('n')])
      .where('l.school_id', '=', f.schoolId).where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).where('l.cancelled', '=', 0)
      .groupBy('l.user_id').as('x'),
    (j) => j.onRef('x.user_id', '=', 'u.id'),
  ).select(['u.dept_id', (e) => e.fn.countAll<number | string>().as('readers'), (e) => e.fn.count<number | string>('x.user_id').as('borrowers'), (e) => e.fn.sum<number | string | null>('x.n').as('loans')])
    .where('u.school_id', '=', f.schoolId).where('u.status', '=', 'active').where('u.dept_id', 'is not', null);
  if (r.identity) readersQ = readersQ.where('u.identity', '=', r.identity);
  const [groups, counts] = await Promise.all([
    db.selectFrom('departments as d').leftJoin('departments as p', 'p.id', 'd.parent_id')
      .select(['d.id', 'd.name', 'd.en_name', 'd.kind', 'd.parent_id', 'd.sort', 'p.name as pname', 'p.en_name as pen', 'p.sort as psort'])
      .where('d.school_id', '=', f.schoolId).where('d.kind', 'in', level === 'grade' ? ['grade', 'class'] : [memberKind]).where('d.state', '=', 1).execute(),
    readersQ.groupBy('u.dept_id').execute(),
  ]);
  const byDept = new Map(counts.map((c) => [c.dept_id!, c]));
  type Acc = GroupBorrowRow & { order: number };
  const acc = new Map<number, Acc>();
  for (const g of groups) {
    if (level === 'grade' ? g.kind !== 'grade' : r.deptIds && !r.deptIds.includes(g.id)) continue;
    const isClass = level === 'class';
    acc.set(g.id, {
      DeptID: g.id, Name: en(lang, g.name, g.en_name), ParentName: isClass && g.pname ? en(lang, g.pname, g.pen) : '',
      Readers: 0, Borrowers: 0, Loans: 0, PerReader: 0, BorrowerPct: 0, order: (isClass ? (g.psort ?? 0) * 10_000 : 0) + g.sort,
    });
  }
  for (const g of groups) {
    const target = level === 'grade' ? (g.kind === 'class' ? acc.get(g.parent_id ?? -1) : undefined) : acc.get(g.id);
    const c = byDept.get(g.id);
    if (!target || !c) continue;
    target.Readers += Number(c.readers);
    target.Borrowers += Number(c.borrowers);
    target.Loans += Number(c.loans ?? 0);
  }
  return [...acc.values()].sort((a, b) => a.order - b.order || a.DeptID - b.DeptID).map(({ order: _o, ...a }) => ({
    ...a,
    PerReader: a.Readers ? Math.round((a.Loans / a.Readers) * 10) / 10 : 0,
    BorrowerPct: a.Readers ? Math.round((a.Borrowers / a.Readers) * 1000) / 10 : 0,
  }));
}
