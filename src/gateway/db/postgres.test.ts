import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT, type GatewayConfig } from '../config.ts';
import { seedDemo, type SeedReport } from '../seed/demo-seed.ts';
import { containsText } from './like.ts';
import { FAST_SCRYPT } from '../testing/test-app.ts';
import { createPgTestDatabase, PG_TEST_URL, pgSkipReason, type PgTestDatabase } from '../testing/pg-test-db.ts';
import { openDatabase, writeTx, type DbHandle } from './connect.ts';
import { databaseAppError, isForeignKeyViolation, isUniqueViolation } from './db-errors.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations/list.ts';
import type { Database } from './schema.ts';

// The migrations, the demo seed and the invariants on PostgreSQL, checked against SQLite.
if (pgSkipReason) console.info(pgSkipReason);

const NOW = new Date('2026-03-16T08:00:00.000Z');
const TABLES = [
  'schools', 'departments', 'branches', 'collection_areas', 'roles', 'users', 'user_roles', 'titles', 'copies',
  'loans', 'menus', 'shortcuts', 'notices', 'jobs', 'translations', 'idempotency_keys', 'migrations',
] as const satisfies ReadonlyArray<keyof Database>;

let pgdb: PgTestDatabase;
let pgH: DbHandle;
let liteH: DbHandle;
let liteDir: string;
let pgSeed: SeedReport;
let liteSeed: SeedReport;

const baseConfig = (): GatewayConfig => loadConfig([], {});
const seedOpts = { now: NOW, passwordParams: FAST_SCRYPT, localesDir: join(REPO_ROOT, 'locales') };

beforeAll(async () => {
  if (!PG_TEST_URL) return;
  pgdb = await createPgTestDatabase();
  pgH = await openDatabase({ ...baseConfig(), db: pgdb.db });
  liteDir = mkdtempSync(join(tmpdir(), 'lib-pg-cmp-'));
  liteH = await openDatabase({ ...baseConfig(), dataDir: liteDir });
});

afterAll(async () => {
  await pgH?.close();
  await pgdb?.drop();
  await liteH?.close();
  if (liteDir) rmSync(liteDir, { recursive: true, force: true });
});

const countOf = async (h: DbHandle, table: (typeof TABLES)[number]) =>
  (await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe.skipIf(!PG_TEST_URL)('PostgreSQL: migrations and demo seed', () => {
  it('applies every migration once, even with two gateways starting at the same time', async () => {
    // A second pool stands for a second gateway process.
    const other = await openDatabase({ ...baseConfig(), db: pgdb.db });
    try {
      const [a, b] = await Promise.all([migrate(pgH.db, 'postgres'), migrate(other.db, 'postgres')]);
      expect([...a, ...b].sort()).toEqual(migrations.map((m) => m.id).sort());
    } finally {
      await other.close();
    }
    expect(await migrate(pgH.db, 'postgres')).toEqual([]);
    expect(await migrate(liteH.db, 'sqlite')).toEqual(migrations.map((m) => m.id));
  });

  it('creates the same tables and columns as on SQLite', async () => {
    const pgCols = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`.execute(pgH.db);
    const pgMap = new Map<string, string[]>();
    for (const r of pgCols.rows) pgMap.set(r.table_name, [...(pgMap.get(r.table_name) ?? []), r.column_name]);
    const liteTables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(liteH.db);
    expect([...pgMap.keys()].sort()).toEqual(liteTables.rows.map((r) => r.name).sort());
    for (const { name } of liteTables.rows) {
      const cols = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(liteH.db);
      expect(pgMap.get(name), name).toEqual(cols.rows.map((c) => c.name));
    }
    // Money is double precision on PostgreSQL (real would be 4 bytes there).
    const price = pgCols.rows.length && (await sql<{ data_type: string }>`
      select data_type from information_schema.columns where table_name = 'titles' and column_name = 'price'`.execute(pgH.db)).rows[0];
    expect(price).toEqual({ data_type: 'double precision' });
  });

  it('seeds the same demo school as SQLite: counts per table and rows', async () => {
    const t0 = performance.now();
    pgSeed = await seedDemo(pgH, seedOpts);
    const pgMs = performance.now() - t0;
    const t1 = performance.now();
    liteSeed = await seedDemo(liteH, seedOpts);
    const liteMs = performance.now() - t1;
    console.info(`seed: PostgreSQL ${Math.round(pgMs)} ms (data ${Math.round(pgSeed.dataMs)} ms), SQLite ${Math.round(liteMs)} ms`);
    expect(pgSeed.counts).toEqual(liteSeed.counts);

    for (const table of TABLES) {
      if (table === 'migrations') continue;
      expect(await countOf(pgH, table), table).toBe(await countOf(liteH, table));
    }
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ password_hash: _p, ...r }) => r);
    for (const table of ['schools', 'departments', 'roles', 'users', 'titles', 'copies', 'loans', 'menus', 'shortcuts', 'notices'] as const) {
      const first = (h: DbHandle) => h.db.selectFrom(table).selectAll().orderBy('id').limit(25).execute();
      const [p, l] = await Promise.all([first(pgH), first(liteH)]);
      expect(strip(p), table).toEqual(strip(l));
      const last = (h: DbHandle) => h.db.selectFrom(table).selectAll().orderBy('id', 'desc').limit(5).execute();
      expect(strip(await last(pgH)), table).toEqual(strip(await last(liteH)));
    }
    // Text order (collation "C") and aggregates agree too.
    const byTitle = (h: DbHandle) => h.db.selectFrom('titles').select(['id', 'title']).orderBy('title').orderBy('id').limit(30).execute();
    expect(await byTitle(pgH)).toEqual(await byTitle(liteH));
    const sums = (h: DbHandle) =>
      h.db.selectFrom('copies').select((eb) => [eb.fn.sum<number>('price').as('s'), eb.fn.max('storage_area').as('m')]).executeTakeFirstOrThrow();
    const [ps, ls] = [await sums(pgH), await sums(liteH)];
    expect(ps.s).toBeCloseTo(ls.s, 6);
    expect(ps.m).toBe(ls.m);
    // The serial sequences were moved past the seeded ids.
    const { id } = await pgH.db.insertInto('notices')
      .values({ school_id: 1, title: '新', en_title: 'New', content: '', en_content: '', top: 0, publish_time: NOW.toISOString() })
      .returning('id').executeTakeFirstOrThrow();
    expect(id).toBe(liteSeed.counts.notices! + 1);
  });

  it('returns numbers for counts, bigint and money columns (like SQLite)', async () => {
    const n = await countOf(pgH, 'titles');
    expect(typeof n).toBe('number');
    const title = await pgH.db.selectFrom('titles').select(['price', 'pub_year']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(typeof title.price).toBe('number');
    await sql`insert into sso_models (model, id, payload, expires_at, consumed_at) values ('T', 'x', '{}', ${2_000_000_000}, ${1_700_000_000})`.execute(pgH.db);
    const row = (await sql<{ expires_at: unknown; consumed_at: unknown }>`select expires_at, consumed_at from sso_models where id = 'x'`.execute(pgH.db)).rows[0];
    expect(row).toEqual({ expires_at: 2_000_000_000, consumed_at: 1_700_000_000 });
  });
});

describe.skipIf(!PG_TEST_URL)('PostgreSQL: invariants and transactions', () => {
  it('allows one open loan per copy (partial unique index)', async () => {
    const loan = await pgH.db.selectFrom('loans').selectAll().where('returned_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const second = { school_id: loan.school_id, copy_id: loan.copy_id, user_id: loan.user_id, loaned_at: NOW.toISOString(), due_at: NOW.toISOString(), returned_at: null };
    const err = await writeTx(pgH.db, (trx) => trx.insertInto('loans').values(second).execute()).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(databaseAppError(err)).toMatchObject({ status: 409, key: 'errors:duplicate' });
    // A closed loan of the same copy is fine.
    await writeTx(pgH.db, (trx) => trx.insertInto('loans').values({ ...second, returned_at: NOW.toISOString() }).execute());
    // Two desks lending the same copy at once: exactly one wins.
    const free = await pgH.db.selectFrom('copies').select(['id', 'school_id']).where('school_id', '=', 1)
      .where('id', 'not in', pgH.db.selectFrom('loans').select('copy_id').where('returned_at', 'is', null)).orderBy('id').executeTakeFirstOrThrow();
    const lend = () => writeTx(pgH.db, (trx) => trx.insertInto('loans').values({ ...second, copy_id: free.id }).execute());
    const results = await Promise.allSettled(Array.from({ length: 6 }, lend));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(isUniqueViolation(r.reason)).toBe(true);
  });

  it('keeps barcodes unique per school and checks foreign keys', async () => {
    const c = await pgH.db.selectFrom('copies').selectAll().where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, ...row } = c;
    const dup = await pgH.db.insertInto('copies').values({ ...row, rfid: null }).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    const branch = await pgH.db.selectFrom('branches').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    await pgH.db.insertInto('copies').values({ ...row, rfid: null, school_id: 2, branch_id: branch.id, area_id: null }).execute();
    // Copies without an RFID tag coexist (NULLs are distinct).
    await pgH.db.insertInto('copies').values({ ...row, barcode: 'T-NO-TAG-1', rfid: null }).execute();
    await pgH.db.insertInto('copies').values({ ...row, barcode: 'T-NO-TAG-2', rfid: null }).execute();
    const orphan = await pgH.db.insertInto('copies').values({ ...row, barcode: 'T-ORPHAN', rfid: null, title_id: 9_999_999 }).execute().catch((e: unknown) => e);
    expect(isForeignKeyViolation(orphan)).toBe(true);
    expect(databaseAppError(orphan)).toMatchObject({ status: 409, key: 'errors:referenced' });
    // The storage-area check constraint holds too.
    await expect(pgH.db.insertInto('copies').values({ ...row, barcode: 'T-AREA-7', rfid: null, storage_area: 7 }).execute()).rejects.toThrow(/check constraint/);
  });

  it('runs concurrent write transactions without deadlock or lost writes', async () => {
    const area = async () => (await pgH.db.selectFrom('schools').select('area').where('id', '=', 1).executeTakeFirstOrThrow()).area;
    const before = await area();
    // Read-modify-write of one row from 10 transactions at once: serializable + retry.
    const bump = (id: number) => writeTx(pgH.db, async (trx) => {
      const r = await trx.selectFrom('schools').select('area').where('id', '=', id).executeTakeFirstOrThrow();
      await new Promise((res) => setTimeout(res, 2));
      await trx.updateTable('schools').set({ area: `${r.area}+` }).where('id', '=', id).execute();
    });
    // Two transactions locking the schools' branches in opposite orders deadlock; PostgreSQL
    // detects it (deadlock_timeout, 1 s by default), one is rolled back and runs again.
    const cross = (first: number, second: number) => writeTx(pgH.db, async (trx) => {
      await trx.updateTable('branches').set({ sort: sql`sort + 1` }).where('school_id', '=', first).execute();
      await new Promise((res) => setTimeout(res, 5));
      await trx.updateTable('branches').set({ sort: sql`sort + 1` }).where('school_id', '=', second).execute();
    });
    const sortsBefore = await pgH.db.selectFrom('branches').select(['id', 'sort']).orderBy('id').execute();
    await Promise.all([
      ...Array.from({ length: 10 }, () => bump(1)),
      cross(1, 2),
      cross(2, 1),
    ]);
    expect(await area()).toBe(`${before}${'+'.repeat(10)}`);
    const sortsAfter = await pgH.db.selectFrom('branches').select(['id', 'sort']).orderBy('id').execute();
    expect(sortsAfter.map((b) => b.sort)).toEqual(sortsBefore.map((b) => b.sort + 2));
  });

  it('searches case-insensitively with literal wildcards, the same on both dialects', async () => {
    const count = async (h: DbHandle, key: string) =>
      (await h.db.selectFrom('users').where(containsText('reader_id', key)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    for (const h of [pgH, liteH]) {
      expect(await count(h, 'r2026')).toBe(await count(h, 'R2026'));
      expect(await count(h, 'R2026')).toBeGreaterThan(800);
      expect(await count(h, '%')).toBe(0);
      expect(await count(h, 'R_026')).toBe(0);
    }
    const en = async (h: DbHandle) =>
      (await h.db.selectFrom('titles').where(containsText('en_title', 'VOLCANO')).select('id').orderBy('id').execute()).map((r) => r.id);
    const ids = await en(pgH);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(await en(liteH));
  });
});
