import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ThemeColor } from '../../shared/api/session.ts';

export async function findSchool(db: Kysely<Database>, id: number) {
  return db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSchoolByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('schools').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

const DEFAULT_THEME: ThemeColor = { bgColor: '#1f4e79', btColor: '#2e75b6' };

export function parseTheme(json: string): ThemeColor {
  try {
    const v = JSON.parse(json) as Partial<ThemeColor>;
    return { bgColor: v.bgColor ?? DEFAULT_THEME.bgColor, btColor: v.btColor ?? DEFAULT_THEME.btColor };
  } catch {
    return DEFAULT_THEME;
  }
}
