import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connect.ts';
import { hashPassword } from '../security/passwords.ts';
import { DEMO_ACCOUNTS, generateDemo, type ScreenNames, type Tables } from './demo-data.ts';
import { addDemoStocktake } from './stocktaking-demo.ts';

/** Insert order: parents before children (foreign keys are on). */
const ORDER = [
  'schools', 'departments', 'branches', 'collection_areas',
  'resource_types', 'resource_access', 'shelf_areas', 'shelves', 'shelf_positions', 'floor_plans', 'roles', 'users', 'user_roles', 'role_branches', 'user_role_scopes',
  'batches', 'barcode_sequences', 'titles', 'title_terms', 'title_term_sets', 'copies', 'copy_events', 'loans', 'recommendations', 'menus', 'shortcuts', 'notices', 'terms', 'subjects', 'school_organizations',
  'permission_groups', 'permission_group_type_rules', 'group_assignments', 'borrowing_settings', 'calendar_days',
  'library_profiles', 'library_pictures', 'network_resources', 'newbook_announcements', 'newbook_announcement_titles',
  'activity_themes', 'activities', 'activity_tasks', 'activity_task_books', 'activity_submissions',
  'stocktakes', 'stocktake_areas', 'stocktake_items', 'stocktake_unknown',
  'gates', 'gate_events', 'gate_hours', 'saved_queries',
] as const;

export interface SeedOptions {
  /** The "present" of the demo data; loans and notices are dated back from it. Default: this hour. */
  now?: Date;
  /** scrypt parameters for the demo accounts (tests pass small ones; default: the production ones). */
  passwordParams?: { N: number; r: number; p: number };
  localesDir: string;
}

export interface SeedReport {
  /** Wall time of the whole seed. */
  ms: number;
  /** Generation and inserts only (what the < 3 s budget is about). */
  dataMs: number;
  /** Waiting for the password hashes after the data was written (they run in parallel). */
  hashWaitMs: number;
  counts: Record<string, number>;
}

function readScreens(localesDir: string, lang: string): ScreenNames {
  try {
    const j = JSON.parse(readFileSync(join(localesDir, lang, 'screens.json'), 'utf8')) as Partial<ScreenNames>;
    return { groups: j.groups ?? {}, titles: j.titles ?? {} };
  } catch {
    // Menu names fall back to the route path.
    return { groups: {}, titles: {} };
  }
}

function thisHour(): Date {
  const d = new Date();
  d.setUTCMinutes(0, 0, 0);
  return d;
}

async function writeSqlite(handle: DbHandle, tables: Tables): Promise<void> {
  const raw = handle.sqlite!;
  raw.exec('BEGIN IMMEDIATE');
  try {
    for (const table of ORDER) {
      const rows = tables.get(table);
      if (!rows?.length) continue;
      const cols = Object.keys(rows[0]!);
      const stmt = raw.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
      for (const r of rows) stmt.run(...cols.map((c) => r[c] ?? null));
    }
    raw.exec('COMMIT');
  } catch (err) {
    raw.exec('ROLLBACK');
    throw err;
  }
}

async function writePostgres(handle: DbHandle, tables: Tables): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    for (const table of ORDER) {
      const rows = tables.get(table);
      if (!rows?.length) continue;
      const width = Object.keys(rows[0]!).length;
      // PostgreSQL allows 65535 bind parameters per statement.
      const batch = Math.max(1, Math.floor(60000 / width));
      for (let i = 0; i < rows.length; i += batch) {
        await trx.insertInto(table as never).values(rows.slice(i, i + batch) as never).execute();
      }
      if ('id' in rows[0]!) {
        // Explicit ids leave the serial sequence behind; move it past them.
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(trx);
      }
    }
  });
}

/** Writes both demo schools. Call on an empty, migrated database. */
export async function seedDemo(handle: DbHandle, opts: SeedOptions): Promise<SeedReport> {
  const t0 = performance.now();
  // Hashes run on the thread pool while the data is generated and written.
  const hashes = Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password, opts.passwordParams)));
  const now = opts.now ?? thisHour();
  const tables = generateDemo({
    now,
    screens: { zh: readScreens(opts.localesDir, 'zh-CN'), en: readScreens(opts.localesDir, 'en-US') },
  });
  addDemoStocktake(tables, now);
  if (handle.kind === 'sqlite') await writeSqlite(handle, tables);
  else await writePostgres(handle, tables);
  const t1 = performance.now();
  const hashed = await hashes;
  const t2 = performance.now();
  for (const [i, a] of DEMO_ACCOUNTS.entries()) {
    await handle.db.updateTable('users').set({ password_hash: hashed[i]! }).where('account', '=', a.account).execute();
  }
  const counts = Object.fromEntries(ORDER.map((t) => [t, tables.get(t)?.length ?? 0]));
  return { ms: performance.now() - t0, dataMs: t1 - t0, hashWaitMs: t2 - t1, counts };
}

/** Seeds on first run only (no school yet); returns null when there was data already. */
export async function seedIfEmpty(handle: DbHandle, opts: SeedOptions): Promise<SeedReport | null> {
  const row = await handle.db.selectFrom('schools').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return null;
  return seedDemo(handle, opts);
}
