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
import { indexNewTitles, reindexTitles } from './title-index.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/**
 * Migration 0049: each title's terms kept as a set, the index by title gone; a deleted title
 * still takes its rows with it, found by their key, and a re-indexed one swaps old rows for new.
 */
describe.each(databases)('migration 0049 (the word index found by each title\'s set of terms) on $name', ({ postgres }) => {
  let h: DbHandle;
  let pg: PgTestDatabase | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'lib-0049-'));
  afterAll(async () => {
    await h?.close();
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('builds the sets from the rows, and deleting, re-indexing and indexing keep rows and sets together', async () => {
    pg = postgres ? await createPgTestDatabase() : null;
    h = await openDatabase({ ...loadConfig([], {}), dataDir: dir, ...(pg ? { db: pg.db } : {}) });
    await migrate(h.db, h.kind, migrations.slice(0, migrations.findIndex((m) => m.id === '0049-title-term-sets')));
    const now = new Date().toISOString();
    await h.db.insertInto('schools').values({
      id: 1, code: 'OLD01', name: '旧库学校', en_name: 'Old School', address: '', area: '', learning_period: 'primary',
      theme_color: '{}', password_policy: 'basic', created_at: now,
    }).execute();
    const fields = (title: string, author: string) => ({ title, en_title: '', author, series: '', subjects: '', publisher: '中华书局' });
    const add = async (title: string, author: string) => {
      const { id } = await h.db.insertInto('titles').values({
        school_id: 1, ...fields(title, author), isbn: '', price: 10, class_no: 'I242', book_no: '1', language: 'zh', pub_year: 2001,
        pinyin: '', initials: '', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      // As the index was written before 0049: rows only.
      await h.db.insertInto('title_terms').values(titleIndexTerms(fields(title, author)).map((term) => ({ school_id: 1, term, title_id: id }))).execute();
      return id;
    };
    const a = await add('西游记', '吴承恩');
    const b = await add('The Secret Garden', 'Burnett');
    await migrate(h.db, h.kind);

    const termsOf = async (id: number) => (await h.db.selectFrom('title_terms').select('term').where('title_id', '=', id).execute()).map((r) => r.term).sort();
    const setOf = async (id: number) => {
      const row = await h.db.selectFrom('title_term_sets').select('terms').where('title_id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.terms) as string[]).sort() : null;
    };
    const expected = (title: string, author: string) => titleIndexTerms(fields(title, author)).sort();
    expect(await setOf(a)).toEqual(expected('西游记', '吴承恩'));
    expect(await termsOf(b)).toEqual(expected('The Secret Garden', 'Burnett'));
    expect(await setOf(b)).toEqual(await termsOf(b));

    // A deleted title: its rows and its set go, the other title's stay.
    await h.db.deleteFrom('titles').where('id', '=', a).execute();
    expect(await termsOf(a)).toEqual([]);
    expect(await setOf(a)).toBeNull();
    expect(await setOf(b)).toEqual(expected('The Secret Garden', 'Burnett'));

    // An edited title: the old words are gone, the new ones found.
    await h.db.updateTable('titles').set({ title: '秘密花园' }).where('id', '=', b).execute();
    await h.db.transaction().execute((trx) => reindexTitles(trx, h.sqlite, 1, [b]));
    expect(await termsOf(b)).toEqual(expected('秘密花园', 'Burnett'));
    expect(await setOf(b)).toEqual(expected('秘密花园', 'Burnett'));

    // A title indexed now gets its set too, and nothing is left behind by a delete.
    const c = await h.db.insertInto('titles').values({
      school_id: 1, ...fields('红楼梦', '曹雪芹'), isbn: '', price: 10, class_no: 'I242', book_no: '2', language: 'zh', pub_year: 2001,
      pinyin: '', initials: '', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await h.db.transaction().execute((trx) => indexNewTitles(trx, h.sqlite, 1, [{ id: c.id, ...fields('红楼梦', '曹雪芹') }]));
    expect(await setOf(c.id)).toEqual(expected('红楼梦', '曹雪芹'));
    await h.db.deleteFrom('titles').where('id', 'in', [b, c.id]).execute();
    expect(await h.db.selectFrom('title_terms').select('term').execute()).toEqual([]);
    expect(await h.db.selectFrom('title_term_sets').select('title_id').execute()).toEqual([]);

    if (h.kind === 'sqlite') {
      const indexes = h.sqlite!.prepare('select name from sqlite_master where type = \'index\' and tbl_name = \'title_terms\'').all();
      expect(indexes).toEqual([]); // the key is the table (without rowid); no other index
      // The trigger's delete reads the key, not the whole index.
      const plan = h.sqlite!.prepare(`explain query plan delete from title_terms where school_id = 1 and title_id = 5
        and term in (select value from json_each((select terms from title_term_sets where title_id = 5)))`).all() as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING PRIMARY KEY \(school_id=\? AND term=\? AND title_id=\?\)/);
    }
  });
});
