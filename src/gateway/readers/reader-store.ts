import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Reader, ReaderInput } from '../../shared/api/readers.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { maskPhone } from '../../shared/domain/validation-rules.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { spellName } from './name-spelling.ts';
import { photoUrl } from './photo-store.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type UserRow = Selectable<UsersTable> & { dept_name: string | null; dept_en: string | null };

/** Users of one school with their department names (the base of every reader read). */
export function readersOf(db: Db, schoolId: number) {
  return db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.dept_id')
    .selectAll('users')
    .select(['departments.name as dept_name', 'departments.en_name as dept_en'])
    .where('users.school_id', '=', schoolId);
}

export async function findReader(db: Db, schoolId: number, id: number): Promise<UserRow | undefined> {
  return readersOf(db, schoolId).where('users.id', '=', id).executeTakeFirst();
}

/** Role names per user, in the caller's language. */
export async function roleNames(db: Db, schoolId: number, userIds: readonly number[], lang: Language): Promise<Map<number, string>> {
  const out = new Map<number, string[]>();
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.name', 'roles.en_name'])
    .where('roles.school_id', '=', schoolId)
    .where('user_roles.user_id', 'in', [...userIds])
    .orderBy('roles.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push(lang === 'en-US' ? r.en_name || r.name : r.name);
    out.set(r.user_id, list);
  }
  return new Map([...out].map(([k, v]) => [k, v.join(', ')]));
}

export interface DtoOptions {
  lang: Language;
  dataDir: string;
  roles: ReadonlyMap<number, string>;
  /** false: the full number (edit form of a user holding the edit operation). */
  maskPhone: boolean;
}

export function toReader(r: UserRow, o: DtoOptions): Reader {
  return {
    ID: r.id,
    Account: r.account,
    Name: r.name,
    ReaderID: r.reader_id,
    Identity: r.identity,
    DeptID: r.dept_id,
    DeptName: (o.lang === 'en-US' ? r.dept_en || r.dept_name : r.dept_name) ?? '',
    Status: r.status as Reader['Status'],
    Sex: r.sex,
    Birthday: r.birthday,
    Phone: o.maskPhone ? maskPhone(r.phone) : r.phone,
    Email: r.email,
    Deposit: r.deposit,
    ExpireAt: r.expire_at?.slice(0, 10) ?? null,
    Roles: o.roles.get(r.id) ?? '',
    Photo: r.photo,
    PhotoUrl: photoUrl(o.dataDir, r.school_id, r.photo),
    UpdateTime: r.updated_at,
  };
}

/** Column values of a save (create and update alike). Expiry is stored as an ISO instant, as the seed does. */
export function userValues(input: ReaderInput, now: string) {
  const spelled = spellName(input.Name);
  return {
    account: input.Account,
    name: input.Name,
    reader_id: input.ReaderID,
    identity: input.Identity,
    dept_id: input.DeptID,
    status: input.Status,
    sex: input.Sex,
    birthday: input.Birthday,
    phone: input.Phone,
    email: input.Email,
    expire_at: input.ExpireAt ? `${input.ExpireAt}T00:00:00.000Z` : null,
    photo: input.Photo,
    pinyin: spelled.pinyin,
    initials: spelled.initials,
    updated_at: now,
  };
}

/** Inserts a reader with the default role of the identity (teacher or reader) when the school has it. */
export async function insertReader(trx: Transaction<Database>, schoolId: number, input: ReaderInput, now: string): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({ ...userValues(input, now), school_id: schoolId, password_hash: null, language: 'zh-CN', deposit: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await trx
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('code', '=', input.Identity === 'teacher' ? 'teacher' : 'reader')
    .executeTakeFirst();
  if (role) await trx.insertInto('user_roles').values({ user_id: row.id, role_id: role.id }).execute();
  return row.id;
}

/** The input of a save from a stored reader (import merges sheet columns over it). */
export function inputOf(r: Selectable<UsersTable>): ReaderInput {
  return {
    Account: r.account, Name: r.name, ReaderID: r.reader_id, Identity: r.identity, DeptID: r.dept_id,
    Status: r.status as ReaderInput['Status'], Sex: r.sex, Birthday: r.birthday, Phone: r.phone, Email: r.email,
    ExpireAt: r.expire_at?.slice(0, 10) ?? null, Photo: r.photo,
  };
}
