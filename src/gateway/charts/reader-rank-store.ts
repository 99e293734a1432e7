import type { Db } from '../catalogue/catalogue-store.ts';
import type { Identity } from '../../shared/domain/identities.ts';
import type { ReaderRank } from '../../shared/api/charts.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { periodLoans, withRanks, type RankFilter } from './rank-store.ts';

/** Whose loans a reader ranking counts: readers of these classes/departments (undefined = the whole school), of one identity. */
export interface ReaderPopulation {
  deptIds?: readonly number[] | undefined;
  identity?: Identity | undefined;
}

/**
 * The period's loans joined to their readers as they are now: a reader who moved class counts,
 * with every loan of the period, for the class they sit in today (as GradeBorrowRank does), so a
 * class's list names only its present members.
 */
function populationLoans(db: Db, f: RankFilter, p: ReaderPopulation) {
  let q = periodLoans(db, f).innerJoin('users as u', 'u.id', 'l.user_id');
  if (p.deptIds) q = q.where('u.dept_id', 'in', p.deptIds.length ? [...p.deptIds] : [-1]);
  if (p.identity) q = q.where('u.identity', '=', p.identity);
  return q;
}

/** The readers with the most loans in the period (ties by reader id, so the order is stable), and the population's loans. */
export async function readerRank(db: Db, f: RankFilter, p: ReaderPopulation, top: number, lang: Language): Promise<{ TotalLoans: number; List: ReaderRank[] }> {
  const [counted, total] = await Promise.all([
    populationLoans(db, f, p).select((e) => ['u.id', e.fn.countAll<number | string>().as('n')])
      .groupBy('u.id').orderBy((e) => e.fn.countAll(), 'desc').orderBy('u.id').limit(top).execute(),
    populationLoans(db, f, p).select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  const TotalLoans = Number(total?.n ?? 0);
  if (!counted.length) return { TotalLoans, List: [] };
  const users = await db.selectFrom('users as u').leftJoin('departments as d', 'd.id', 'u.dept_id').leftJoin('departments as g', 'g.id', 'd.parent_id')
    .select(['u.id', 'u.reader_id', 'u.name', 'u.identity', 'd.name as dept', 'd.en_name as dept_en', 'd.kind as dept_kind', 'g.name as grade', 'g.en_name as grade_en'])
    .where('u.school_id', '=', f.schoolId).where('u.id', 'in', counted.map((c) => c.id)).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const en = lang === 'en-US';
  const rows = counted.map((c) => {
    const u = byId.get(c.id);
    const isClass = u?.dept_kind === 'class';
    return {
      UserID: c.id, ReaderID: u?.reader_id ?? '', Name: u?.name ?? '', Identity: u?.identity ?? 'other',
      DeptName: (en && u?.dept_en) || u?.dept || '',
      GradeName: isClass ? (en && u?.grade_en) || u?.grade || '' : '',
      Loans: Number(c.n),
    };
  });
  return { TotalLoans, List: withRanks(rows, (r) => r.Loans) };
}
