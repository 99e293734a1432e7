import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { openDatabase, writeTx, type DbHandle } from './connect.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from '../seed/demo-seed.ts';
import { FAST_SCRYPT } from '../testing/test-app.ts';
import adminRoutes from '../seed/admin-routes.json' with { type: 'json' };

const NOW = new Date('2026-03-16T08:00:00.000Z');
const handles: Array<{ h: DbHandle; dir: string }> = [];

async function freshSeeded() {
  const dir = mkdtempSync(join(tmpdir(), 'lib-db-'));
  const h = await openDatabase({ ...loadConfig([], {}), dataDir: dir });
  handles.push({ h, dir });
  await migrate(h.db, h.kind);
  const report = await seedDemo(h, { now: NOW, passwordParams: FAST_SCRYPT, localesDir: join(REPO_ROOT, 'locales') });
  return { h, report };
}

afterAll(async () => {
  for (const { h, dir } of handles) {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('database and demo seed', () => {
  it('seeds deterministically at the promised volume', async () => {
    const a = await freshSeeded();
    const b = await freshSeeded();
    console.info(`seed: ${Math.round(a.report.dataMs)} ms data, ${Math.round(a.report.hashWaitMs)} ms waiting for hashes; counts ${JSON.stringify(a.report.counts)}`);
    expect(a.report.counts).toEqual(b.report.counts);
    const c = a.report.counts;
    expect(c.users).toBeGreaterThan(800);
    expect(c.titles).toBe(3200);
    expect(c.copies).toBeGreaterThan(5500);
    expect(c.loans).toBeGreaterThan(13000);
    for (const table of ['users', 'titles', 'copies', 'loans', 'menus'] as const) {
      const first = (h: DbHandle) => h.db.selectFrom(table).selectAll().orderBy('id').limit(20).execute();
      const [ra, rb] = await Promise.all([first(a.h), first(b.h)]);
      // Password hashes are salted; everything else must match.
      const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ password_hash: _p, ...r }) => r);
      expect(strip(ra)).toEqual(strip(rb));
    }
  });

  it('produces realistic demo rows', async () => {
    const { h } = handles[0]!;
    const readers = await h.db.selectFrom('users').selectAll().where('school_id', '=', 1).execute();
    expect(new Set(readers.map((r) => r.identity))).toEqual(new Set(['teacher', 'student', 'parent', 'other']));
    for (const r of readers) {
      expect(r.phone).toMatch(/^1[34578]\d{9}$/);
      expect(r.reader_id).toMatch(/^R2026\d{6}$/);
      expect(r.pinyin).toMatch(/^[a-z]+$/);
    }
    expect(readers.filter((r) => r.password_hash).map((r) => r.account).sort()).toEqual(['admin', 'classlib', 'librarian', 'parent', 'student', 'teacher']);
    const titles = await h.db.selectFrom('titles').select(['isbn', 'title', 'en_title']).execute();
    for (const { isbn } of titles) {
      const sum = [...isbn].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
      expect(isbn).toMatch(/^9787\d{9}$/);
      expect(sum % 10).toBe(0);
    }
    const copies = await h.db.selectFrom('copies').select(['barcode', 'storage_area']).where('school_id', '=', 1).limit(5).execute();
    expect(copies[0]!.barcode).toMatch(/^T\d{8}$/);
    const open = await h.db.selectFrom('loans').select((eb) => eb.fn.countAll().as('n')).where('returned_at', 'is', null).executeTakeFirstOrThrow();
    const overdue = await h.db.selectFrom('loans').select((eb) => eb.fn.countAll().as('n')).where('returned_at', 'is', null).where('due_at', '<', NOW.toISOString()).executeTakeFirstOrThrow();
    expect(Number(open.n)).toBeGreaterThan(100);
    expect(Number(overdue.n)).toBeGreaterThan(10);
  });

  it('enforces one open loan per copy with the partial unique index', async () => {
    const { h } = handles[0]!;
    const loan = await h.db.selectFrom('loans').selectAll().where('returned_at', 'is', null).executeTakeFirstOrThrow();
    const second = { school_id: loan.school_id, copy_id: loan.copy_id, user_id: loan.user_id, loaned_at: NOW.toISOString(), due_at: NOW.toISOString(), returned_at: null };
    await expect(writeTx(h.db, (trx) => trx.insertInto('loans').values(second).execute())).rejects.toThrow(/UNIQUE/);
    // Closed loans of the same copy are fine.
    await writeTx(h.db, (trx) => trx.insertInto('loans').values({ ...second, returned_at: NOW.toISOString() }).execute());
  });

  it('keeps barcodes unique per school', async () => {
    const { h } = handles[0]!;
    const c = await h.db.selectFrom('copies').selectAll().where('school_id', '=', 1).executeTakeFirstOrThrow();
    const { id: _id, ...row } = c;
    await expect(h.db.insertInto('copies').values({ ...row, rfid: null }).execute()).rejects.toThrow(/UNIQUE/);
    const area = await h.db.selectFrom('branches').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    await h.db.insertInto('copies').values({ ...row, rfid: null, school_id: 2, branch_id: area.id, area_id: null }).execute();
  });

  it('serialises concurrent write transactions on the one SQLite connection', async () => {
    const { h } = handles[0]!;
    const bump = () => writeTx(h.db, async (trx) => {
      const r = await trx.selectFrom('schools').select('area').where('id', '=', 1).executeTakeFirstOrThrow();
      await new Promise((res) => setTimeout(res, 1));
      await trx.updateTable('schools').set({ area: `${r.area}+` }).where('id', '=', 1).execute();
    });
    const before = (await h.db.selectFrom('schools').select('area').where('id', '=', 1).executeTakeFirstOrThrow()).area;
    await Promise.all(Array.from({ length: 10 }, bump));
    const after = (await h.db.selectFrom('schools').select('area').where('id', '=', 1).executeTakeFirstOrThrow()).area;
    expect(after).toBe(`${before}${'+'.repeat(10)}`);
  });

  it('does not re-apply migrations', async () => {
    const { h } = handles[0]!;
    expect(await migrate(h.db, h.kind)).toEqual([]);
  });

  it('seeds menus from the spec routes (the copy matches shared/spec/routes.json)', () => {
    const spec = '/work/shared/spec/routes.json';
    if (!existsSync(spec)) return;
    const routes = (JSON.parse(readFileSync(spec, 'utf8')) as { routes: Array<{ path: string; group: string; area: string }> }).routes;
    const expected = routes.filter((r) => r.area === 'admin' && !['/redirect', '/iframe', '/error', '/404'].includes(r.path)).map((r) => ({ path: r.path, group: r.group }));
    expect(adminRoutes.routes).toEqual(expected);
  });
});
