import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations/list.ts';
import { isUniqueViolation } from '../db/db-errors.ts';
import { createPgTestDatabase, PG_TEST_URL, pgSkipReason, type PgTestDatabase } from '../testing/pg-test-db.ts';
import { JobState } from '../../shared/api/jobs.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/** Migration 0051: one running MARC import per school, held by a partial unique index. */
describe.each(databases)('migration 0051 (one running MARC import per school) on $name', ({ postgres }) => {
  let h: DbHandle;
  let pg: PgTestDatabase | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'lib-0051-'));
  afterAll(async () => {
    await h?.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes all but the newest import a crash left running, then refuses a second running import of a school', async () => {
    pg = postgres ? await createPgTestDatabase() : null;
    h = await openDatabase({ ...loadConfig([], {}), dataDir: dir, ...(pg ? { db: pg.db } : {}) });
    await migrate(h.db, h.kind, migrations.slice(0, migrations.findIndex((m) => m.id === '0051-one-marc-import')));
    const now = new Date().toISOString();
    for (const id of [1, 2]) {
      await h.db.insertInto('schools').values({
        id, code: `OLD0${id}`, name: `旧库学校${id}`, en_name: 'Old School', address: '', area: '', learning_period: 'primary',
        theme_color: '{}', password_policy: 'basic', created_at: now,
      }).execute();
    }
    const { id: userId } = await h.db.insertInto('users').values({
      school_id: 1, account: 'old-admin', name: '管理员', password_hash: null, identity: 'teacher', reader_id: 'OLD-1', dept_id: null,
      status: 'active', phone: '', email: '', sex: 'unknown', birthday: null, language: 'zh-CN', expire_at: null, deposit: 0, pinyin: '', initials: '', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    let n = 0;
    const job = (schoolId: number, operationType: string, state: number = JobState.running) => h.db.insertInto('jobs').values({
      school_id: schoolId, user_id: userId, data_id: `job-${++n}`, file_name: 'f', operation_type: operationType, progress: 0, data_count: 0,
      state, result_path: null, message: '', created_at: now, updated_at: now,
    }).execute();
    // Two imports of school 1 left running by the race 0051 closes, an export beside them.
    await job(1, 'MarcImport');
    await job(1, 'MarcImport');
    await job(1, 'MarcExport');
    await job(1, 'MarcExport');
    await migrate(h.db, h.kind);

    const states = await h.db.selectFrom('jobs').select(['data_id', 'state']).orderBy('id').execute();
    expect(states).toEqual([
      { data_id: 'job-1', state: JobState.failed }, { data_id: 'job-2', state: JobState.running },
      { data_id: 'job-3', state: JobState.running }, { data_id: 'job-4', state: JobState.running },
    ]);
    const refused = await job(1, 'MarcImport').then(() => null, (err: unknown) => err);
    expect(isUniqueViolation(refused)).toBe(true);
    // Another school, another kind of job, or an import that has ended: none is held back.
    await job(2, 'MarcImport');
    await job(1, 'MarcExport');
    await h.db.updateTable('jobs').set({ state: JobState.done }).where('data_id', '=', 'job-2').execute();
    await job(1, 'MarcImport');
    expect(await h.db.selectFrom('jobs').select('data_id').where('operation_type', '=', 'MarcImport').where('state', '=', JobState.running).orderBy('id').execute())
      .toHaveLength(2);
  });
});
