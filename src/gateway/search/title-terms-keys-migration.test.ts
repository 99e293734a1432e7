import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations/list.ts';
import { createPgTestDatabase, PG_TEST_URL, pgSkipReason, type PgTestDatabase } from '../testing/pg-test-db.ts';
import { titleIndexTerms } from '../../shared/domain/search/search-terms.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/** Migration 0048: the word index keeps its rows, and a deleted title still takes its rows with it. */
describe.each(databases)('migration 0048 (the word index without foreign keys) on $name', ({ postgres }) => {
  let h: DbHandle;
  let pg: PgTestDatabase | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'lib-0048-'));
  afterAll(async () => {
    await h?.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every row, and deleting a title removes its rows and no other title\'s', async () => {
    pg = postgres ? await createPgTestDatabase() : null;
    h = await openDatabase({ ...loadConfig([], {}), dataDir: dir, ...(pg ? { db: pg.db } : {}) });
    const upTo = migrations.findIndex((m) => m.id === '0048-title-terms-no-keys');
    await migrate(h.db, h.kind, migrations.slice(0, upTo));
    const now = new Date().toISOString();
    await h.db.insertInto('schools').values({
      id: 1, code: 'OLD01', name: '旧库学校', en_name: 'Old School', address: '', area: '', learning_period: 'primary',
      theme_color: '{}', password_policy: 'basic', created_at: now,
    }).execute();
    const add = async (title: string, author: string) => {
      const { id } = await h.db.insertInto('titles').values({
        school_id: 1, title, en_title: '', author, publisher: '中华书局', isbn: '', price: 10, class_no: 'I242', book_no: '1', language: 'zh', pub_year: 2001,
        pinyin: '', initials: '', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const terms = titleIndexTerms({ title, en_title: '', author, series: '', subjects: '', publisher: '中华书局' });
      await h.db.insertInto('title_terms').values(terms.map((term) => ({ school_id: 1, term, title_id: id }))).execute();
      return { id, terms: terms.sort() };
    };
    const a = await add('西游记', '吴承恩');
    const b = await add('The Secret Garden', 'Burnett');
    await migrate(h.db, h.kind);
    const termsOf = async (id: number) => (await h.db.selectFrom('title_terms').select('term').where('title_id', '=', id).execute()).map((r) => r.term).sort();
    expect(await termsOf(a.id)).toEqual(a.terms);
    expect(await termsOf(b.id)).toEqual(b.terms);
    // The lookups still read the key: exact terms and prefix ranges of one school.
    const found = await h.db.selectFrom('title_terms').select('title_id').where('school_id', '=', 1).where('term', '=', '游记').execute();
    expect(found).toEqual([{ title_id: a.id }]);
    await h.db.deleteFrom('titles').where('id', '=', a.id).execute();
    expect(await termsOf(a.id)).toEqual([]);
    expect(await termsOf(b.id)).toEqual(b.terms);
    if (h.kind === 'sqlite') {
      expect(h.sqlite!.prepare('select * from pragma_foreign_key_list(\'title_terms\')').all()).toEqual([]);
      const plan = h.sqlite!.prepare('explain query plan select title_id from title_terms where school_id = 1 and term >= ? and term < ?').all('游', '游\u{10000}') as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING PRIMARY KEY \(school_id=\? AND term>\? AND term<\?\)/);
    }
  });
});
