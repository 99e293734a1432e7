import type { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A school's settings document by key (school_settings, migration 0011). Read through its zod
 * schema: a stored value that no longer fits (an older shape, a hand edit) falls back to the
 * default rather than breaking the screen that reads it.
 */
export async function readSetting<S extends z.ZodType>(db: Db, schoolId: number, key: string, schema: S, fallback: z.infer<S>): Promise<z.infer<S>> {
  const row = await db.selectFrom('school_settings').select('value').where('school_id', '=', schoolId).where('key', '=', key).executeTakeFirst();
  if (!row) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export async function writeSetting(db: Db, schoolId: number, key: string, value: unknown): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('school_settings')
    .values({ school_id: schoolId, key, value: JSON.stringify(value), updated_at: now })
    .onConflict((oc) => oc.columns(['school_id', 'key']).doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
    .execute();
}
