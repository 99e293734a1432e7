import { sql, type Kysely } from 'kysely';
import type { SignFilters, SignRecord } from '../../shared/api/sign-records.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Identity } from '../../shared/domain/identities.ts';
import { inList } from '../access/access-scope.ts';
import { readerFilter } from '../access/user-store.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/**
 * Queries of the reader visits (contract: shared/api/sign-records.ts). Every query is scoped by
 * the school and, for branch-limited staff, by the branches they may see. Days are the stored
 * local days, so a day filter is a plain comparison.
 */
export interface SignScope {
  schoolId: number;
  /** null = every branch. */
  branchIds: number[] | null;
  lang: Language;
}

export interface SignQueryFilters extends Omit<SignFilters, 'DeptID'> {
  deptIds?: number[];
  /** Keyset for the export: rows below this id. */
  beforeId?: number;
}

function signQuery(db: Db, s: SignScope, f: SignQueryFilters) {
  let q = db.selectFrom('sign_records as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .innerJoin('branches as b', 'b.id', 'r.branch_id')
    .leftJoin('departments as d', 'd.id', 'r.dept_id')
    .where('r.school_id', '=', s.schoolId);
  if (s.branchIds) q = q.where('r.branch_id', 'in', inList(s.branchIds));
  if (f.DateFrom) q = q.where('r.day', '>=', f.DateFrom);
  if (f.DateTo) q = q.where('r.day', '<=', f.DateTo);
  if (f.deptIds) q = q.where('r.dept_id', 'in', inList(f.deptIds));
  if (f.Identity) q = q.where('r.identity', '=', f.Identity);
  if (f.BranchID != null) q = q.where('r.branch_id', '=', f.BranchID);
  if (f.Room?.trim()) q = q.where('r.room', '=', f.Room.trim());
  if (f.Reader?.trim()) q = q.where(readerFilter(f.Reader));
  if (f.beforeId != null) q = q.where('r.id', '<', f.beforeId);
  return q;
}

/** One page of visits, newest first, and how many there are. */
export async function findSignRecords(db: Db, s: SignScope, f: SignQueryFilters, page: number, rows: number, opts: { total?: boolean } = {}) {
  const q = signQuery(db, s, f);
  const [total, list] = await Promise.all([
    opts.total === false ? Promise.resolve(null) : q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.leftJoin('users as staff', 'staff.id', 'r.staff_id')
      .select([
        'r.id', 'r.at', 'r.day', 'r.identity', 'r.branch_id', 'r.room', 'r.station', 'users.reader_id', 'users.name',
        'b.name as branch_name', 'b.en_name as branch_en_name', 'd.name as dept_name', 'd.en_name as dept_en_name', 'staff.name as staff_name',
      ])
      .orderBy('r.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const en = s.lang === 'en-US';
  const List: SignRecord[] = list.map((r) => ({
    ID: r.id, At: r.at, Day: r.day, ReaderID: r.reader_id, ReaderName: r.name, Identity: r.identity as Identity,
    ClassName: (en && r.dept_en_name) || r.dept_name || '', BranchID: r.branch_id, BranchName: (en && r.branch_en_name) || r.branch_name,
    Room: r.room, Station: r.station, StaffName: r.staff_name ?? '',
  }));
  return { List, Total: Number(total?.n ?? 0) };
}

/** Visits and distinct readers in all, per day and per class. */
export async function signStats(db: Db, s: SignScope, f: SignQueryFilters) {
  const q = signQuery(db, s, f);
  const readers = sql<number>`count(distinct r.user_id)`.as('readers');
  const [all, byDay, byClass] = await Promise.all([
    q.select((eb) => [eb.fn.countAll<number>().as('visits'), readers]).executeTakeFirstOrThrow(),
    q.select((eb) => ['r.day', eb.fn.countAll<number>().as('visits'), readers]).groupBy('r.day').orderBy('r.day', 'desc').limit(366).execute(),
    q.select((eb) => ['r.dept_id', 'd.name', 'd.en_name', eb.fn.countAll<number>().as('visits'), readers])
      .groupBy(['r.dept_id', 'd.name', 'd.en_name']).orderBy('visits', 'desc').orderBy('d.name').limit(500).execute(),
  ]);
  const en = s.lang === 'en-US';
  return {
    Visits: Number(all.visits), Readers: Number(all.readers),
    ByDay: byDay.map((r) => ({ Day: r.day, Visits: Number(r.visits), Readers: Number(r.readers) })),
    ByClass: byClass.map((r) => ({ ClassName: (en && r.en_name) || r.name || '', Visits: Number(r.visits), Readers: Number(r.readers) })),
  };
}
