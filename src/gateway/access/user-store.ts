import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { containsText } from '../db/like.ts';

/** Matches readers by name, reader ID, phone or pinyin initials; everything when no key. */
export function readerFilter(searchKey: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const key = searchKey?.trim();
    if (!key) return eb.and([]);
    return eb.or(['users.name', 'users.reader_id', 'users.phone', 'users.initials', 'users.pinyin'].map((col) => containsText(col, key)));
  };
}

export async function findUser(db: Kysely<Database>, schoolId: number, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.dept_id')
    .select([
      'users.id', 'users.account', 'users.name', 'users.identity', 'users.reader_id', 'users.language',
      'users.school_id', 'departments.name as dept_name', 'departments.en_name as dept_en_name',
    ])
    .where('users.school_id', '=', schoolId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function rolesOf(db: Kysely<Database>, schoolId: number, userId: number) {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.code', 'roles.name', 'roles.en_name'])
    .where('user_roles.user_id', '=', userId)
    .where('roles.school_id', '=', schoolId)
    .orderBy('roles.id')
    .execute();
}
