import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite-dialect.ts';
import { withSpacedCheckpoints } from './wal-batching.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
let file = '';
function open(): DatabaseSync {
  const dir = mkdtempSync(join(tmpdir(), 'wal-'));
  dirs.push(dir);
  file = join(dir, 'x.sqlite');
  const db = openSqlite(file);
  db.exec('create table t (v text)');
  return db;
}
const spacing = (db: DatabaseSync) => (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

describe('withSpacedCheckpoints', () => {
  it('spaces checkpoints while bulk writes run, restores the default when the last ends, and then checkpoints once', async () => {
    const db = open();
    let release!: () => void;
    const first = withSpacedCheckpoints(db, async () => {
      await new Promise<void>((r) => (release = r));
    });
    await withSpacedCheckpoints(db, async () => {
      expect(spacing(db)).toBe(10_000);
      // 1,200 commits of a page each: past the default's 1,000 pages, short of the spaced 10,000.
      for (let i = 0; i < 1200; i++) db.prepare('insert into t values (?)').run('x'.repeat(3000));
    });
    expect(spacing(db)).toBe(10_000); // the first still runs
    expect(statSync(file).size).toBeLessThan(100 * 4096); // nothing checkpointed into the file yet
    release();
    await first;
    expect(spacing(db)).toBe(1_000);
    expect(statSync(file).size).toBeGreaterThan(1000 * 4096); // checkpointed once at the end
    db.close();
  });

  it('restores the default when the write fails, and passes the error on', async () => {
    const db = open();
    await expect(withSpacedCheckpoints(db, async () => {
      throw new Error('chunk refused');
    })).rejects.toThrow('chunk refused');
    expect(spacing(db)).toBe(1_000);
    db.close();
  });

  it('runs the write alone on PostgreSQL', async () => {
    expect(await withSpacedCheckpoints(null, async () => 7)).toBe(7);
  });
});
