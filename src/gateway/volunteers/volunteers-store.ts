import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Duty, Volunteer } from '../../shared/api/volunteers.ts';
import type { Identity } from '../../shared/domain/identities.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { readerFilter } from '../access/user-store.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Queries of the volunteers domain (contract: shared/api/volunteers.ts); every one scoped by the school. */

const en = (lang: Language) => lang === 'en-US';
const pick = (lang: Language, zh: string | null, enName: string | null) => (en(lang) && enName) || zh || '';
export const termLabel = (lang: Language, r: { school_year: string; name: string; en_name: string }) => `${r.school_year} ${pick(lang, r.name, r.en_name)}`;

/** Closed duties and their minutes per registration. */
const dutyTotals = (db: Db) => db.selectFrom('volunteer_duties')
  .select((eb) => ['volunteer_id', eb.fn.countAll<number>().as('duties'), eb.fn.sum<number>('minutes').as('minutes')])
  .where('ended_at', 'is not', null).groupBy('volunteer_id');

export interface VolunteerFilters { termId?: number; postId?: number; state?: Volunteer['State']; key?: string; ids?: number[] }

function volunteerQuery(db: Db, schoolId: number, f: VolunteerFilters) {
  let q = db.selectFrom('volunteers as v')
    .innerJoin('users', 'users.id', 'v.user_id')
    .innerJoin('volunteer_posts as p', 'p.id', 'v.post_id')
    .innerJoin('terms as t', 't.id', 'v.term_id')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .leftJoin(dutyTotals(db).as('x'), 'x.volunteer_id', 'v.id')
    .where('v.school_id', '=', schoolId);
  if (f.termId != null) q = q.where('v.term_id', '=', f.termId);
  if (f.postId != null) q = q.where('v.post_id', '=', f.postId);
  if (f.state) q = q.where('v.state', '=', f.state);
  if (f.key?.trim()) q = q.where(readerFilter(f.key));
  if (f.ids) q = q.where('v.id', 'in', f.ids.length ? f.ids : [-1]);
  return q;
}

export async function findVolunteers(db: Db, schoolId: number, lang: Language, f: VolunteerFilters, page: number, rows: number, order: 'name' | 'minutes' = 'name') {
  const q = volunteerQuery(db, schoolId, f);
  let list = q.select([
    'v.id', 'v.post_id', 'v.term_id', 'v.state', 'v.note', 'users.reader_id', 'users.name', 'users.identity',
    'd.name as dept_name', 'd.en_name as dept_en_name', 'p.name as post_name', 'p.en_name as post_en_name',
    't.school_year', 't.name as term_name', 't.en_name as term_en_name', 'x.duties', 'x.minutes',
  ]);
  list = order === 'minutes'
    ? list.orderBy(sql`coalesce(x.minutes, 0)`, 'desc').orderBy('users.reader_id')
    : list.orderBy('t.start_date', 'desc').orderBy('users.reader_id');
  const [{ n }, rowsOut] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    list.limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const List: Volunteer[] = rowsOut.map((r) => ({
    ID: r.id, ReaderID: r.reader_id, Name: r.name, Identity: r.identity as Identity, ClassName: pick(lang, r.dept_name, r.dept_en_name),
    PostID: r.post_id, PostName: pick(lang, r.post_name, r.post_en_name), TermID: r.term_id,
    TermName: termLabel(lang, { school_year: r.school_year, name: r.term_name, en_name: r.term_en_name }),
    State: r.state, Note: r.note, Duties: Number(r.duties ?? 0), Minutes: Number(r.minutes ?? 0),
  }));
  return { List, Total: Number(n) };
}

export async function volunteerById(db: Db, schoolId: number, lang: Language, id: number): Promise<Volunteer | undefined> {
  return (await findVolunteers(db, schoolId, lang, { ids: [id] }, 1, 1)).List[0];
}

export interface DutyFilters { from?: string; to?: string; termId?: number; reader?: string; openOnly?: boolean; ids?: number[] }

export async function findDuties(db: Db, schoolId: number, lang: Language, f: DutyFilters, page: number, rows: number) {
  let q = db.selectFrom('volunteer_duties as u')
    .innerJoin('volunteers as v', 'v.id', 'u.volunteer_id')
    .innerJoin('users', 'users.id', 'v.user_id')
    .innerJoin('volunteer_posts as p', 'p.id', 'u.post_id')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .where('u.school_id', '=', schoolId);
  if (f.from) q = q.where('u.day', '>=', f.from);
  if (f.to) q = q.where('u.day', '<=', f.to);
  if (f.termId != null) q = q.where('v.term_id', '=', f.termId);
  if (f.reader?.trim()) q = q.where(readerFilter(f.reader));
  if (f.openOnly) q = q.where('u.ended_at', 'is', null);
  if (f.ids) q = q.where('u.id', 'in', f.ids.length ? f.ids : [-1]);
  const [{ n }, list] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.leftJoin('users as staff', (jb) => jb.on(sql<SqlBool>`staff.id = coalesce(u.corrected_by, u.staff_id)`))
      .select([
        'u.id', 'u.volunteer_id', 'u.day', 'u.started_at', 'u.ended_at', 'u.minutes', 'u.corrected_by', 'u.note',
        'users.reader_id', 'users.name', 'd.name as dept_name', 'd.en_name as dept_en_name', 'p.name as post_name', 'p.en_name as post_en_name',
        'staff.name as staff_name',
      ])
      .orderBy('u.started_at', 'desc').orderBy('u.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const List: Duty[] = list.map((r) => ({
    ID: r.id, VolunteerID: r.volunteer_id, ReaderID: r.reader_id, Name: r.name, ClassName: pick(lang, r.dept_name, r.dept_en_name),
    PostName: pick(lang, r.post_name, r.post_en_name), Day: r.day, StartedAt: r.started_at, EndedAt: r.ended_at, Minutes: r.minutes,
    Corrected: r.corrected_by != null, Note: r.note, StaffName: r.staff_name ?? '',
  }));
  return { List, Total: Number(n) };
}

export async function dutyById(db: Db, schoolId: number, lang: Language, id: number): Promise<Duty | undefined> {
  return (await findDuties(db, schoolId, lang, { ids: [id] }, 1, 1)).List[0];
}
