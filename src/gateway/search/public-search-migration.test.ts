import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type DbHandle } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { migrations } from '../db/migrations/list.ts';
import { indexTerms, titleMarkers } from '../../shared/domain/search/search-terms.ts';

/** Migration 0032 on a catalogue indexed the way 0013 did it: every title is indexed again, by field and folded to simplified characters. */
describe('migration 0032 (the public search)', () => {
  let h: DbHandle;
  const dir = mkdtempSync(join(tmpdir(), 'lib-0032-'));
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('re-indexes old titles by field and in simplified characters, and drops the pinyin of titles without Chinese', async () => {
    h = await openDatabase({ ...loadConfig([], {}), dataDir: dir });
    const upTo = migrations.findIndex((m) => m.id === '0032-public-search');
    await migrate(h.db, h.kind, migrations.slice(0, upTo));
    // One school of the schema as it was (the demo seed writes today's schema, not 0031's).
    const now = new Date().toISOString();
    await h.db.insertInto('schools').values({
      id: 1, code: 'OLD01', name: '旧库学校', en_name: 'Old School', address: '', area: '', learning_period: 'primary',
      theme_color: '{}', password_policy: 'basic', created_at: now,
    }).execute();
    const add = async (title: string, author: string, pinyin: string) => {
      const { id } = await h.db.insertInto('titles').values({
        school_id: 1, title, en_title: '', author, publisher: '中華書局', isbn: '', price: 10, class_no: 'I242', book_no: '1', language: 'zh', pub_year: 2001,
        pinyin, initials: '', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      // As 0013 indexed it: every field's words together, characters as typed.
      await h.db.insertInto('title_terms').values([...indexTerms([title, '', author]), ...titleMarkers(title)].map((term) => ({ school_id: 1, term, title_id: id }))).execute();
      return id;
    };
    const trad = await add('西遊記', '吳承恩', 'xiyouji');
    const english = await add('The Secret Garden', 'Burnett', 'thesecretgarden');
    await migrate(h.db, h.kind);
    const terms = async (id: number) => (await h.db.selectFrom('title_terms').select('term').where('title_id', '=', id).execute()).map((r) => r.term).sort();
    expect(await terms(trad)).toEqual(['&中华书局', '=西游记', '@吴承', '@恩', '@承恩', '^西游', '记', '游记', '西游'].sort());
    expect(await terms(english)).toEqual(expect.arrayContaining(['the', 'secret', 'garden', '@burnett', '&中华书局']));
    expect(await h.db.selectFrom('titles').select(['pinyin', 'initials']).where('id', 'in', [trad, english]).orderBy('id').execute()).toEqual([
      { pinyin: 'xiyouji', initials: '' }, { pinyin: '', initials: '' },
    ]);
    // Every title is indexed in the new way (author terms tagged).
    const tagged = await h.db.selectFrom('title_terms').select('term').where('school_id', '=', 1).where('term', 'like', '@%').limit(1).execute();
    expect(tagged).toHaveLength(1);
    const indexes = (h.sqlite!.prepare("select name from sqlite_master where type = 'index'").all() as Array<{ name: string }>).map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['copies_title_state_ix', 'titles_school_facet_ix']));
    expect(indexes).not.toContain('copies_title_ix');
  });
});
