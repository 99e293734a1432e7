import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { GatewayConfig } from '../config.ts';

/**
 * PostgreSQL for tests. `LIB_TEST_PG_URL` points at a server and a role with CREATEDB
 * (scripts/ci/provision-postgres.sh prints it); each test file makes its own database and
 * drops it afterwards, so files run in parallel and leave nothing behind.
 */
export const PG_TEST_URL = process.env.LIB_TEST_PG_URL?.trim() || null;

/** Why the PostgreSQL suites are skipped (printed once per file), or null when they run. */
export const pgSkipReason = PG_TEST_URL
  ? null
  : 'PostgreSQL tests skipped: LIB_TEST_PG_URL is not set (run scripts/ci/provision-postgres.sh and export the URL it prints)';

export interface PgTestDatabase {
  name: string;
  url: string;
  /** The gateway config's `db` for this database. */
  db: GatewayConfig['db'];
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_TEST_URL! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * FORCE ends connections a failed test may have left open. An autovacuum worker busy in the
 * database (after a large write test) can only be ended by a role with pg_signal_backend
 * (42501) and otherwise holds the database (55006) for a moment, so both are waited out.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      return;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (attempt >= 40 || (code !== '42501' && code !== '55006')) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * Creates `library_test_<random>`. Collation and ctype "C" make text order and case folding
 * code-point based, as on SQLite, whatever the cluster's default locale is; production
 * databases should be created the same way (see db/connect.ts).
 */
export async function createPgTestDatabase(): Promise<PgTestDatabase> {
  if (!PG_TEST_URL) throw new Error(pgSkipReason!);
  const name = `library_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`));
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    db: { kind: 'postgres', pgUrl: url.href },
    drop: () => dropDatabase(name),
  };
}
