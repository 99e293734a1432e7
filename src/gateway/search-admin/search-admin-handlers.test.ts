import { describe, expect, it } from 'vitest';
import { searchAdminCalls as C } from '../../shared/api/search-admin.ts';
import { searchCalls } from '../../shared/api/search.ts';
import { titleCalls } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { searchLogIdle } from './search-log.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the portal search settings (/search-mana) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const portal = (school = 1) => t.data(C.getPortalHotWords, {}, { school });
  const search = async (SearchKey: string, as = 'student', Page = 1) => {
    const r = await t.data(searchCalls.catalogue, { Page, Rows: 10, SearchKey }, as);
    await searchLogIdle();
    return r;
  };

  it('logs the catalogue search (first pages only, words folded), never the staff title list, without changing the reply', async () => {
    const before = await t.db.selectFrom('search_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const found = await search('  ＨＡＲＲＹ   Potter ');
    await search('harry potter', 'student', 2);
    await search('没有这本书的词语xyz', 'teacher');
    await t.data(titleCalls.list, { Page: 1, Rows: 10, SearchKey: '不应记录的员工检索' }, 'librarian');
    await searchLogIdle();
    const rows = await t.db.selectFrom('search_log').selectAll().where('school_id', '=', 1).orderBy('id', 'desc').limit(5).execute();
    expect(Number((await t.db.selectFrom('search_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) - Number(before.n)).toBe(2);
    expect(rows.slice(0, 2).map((r) => [r.word, r.hits, r.identity])).toEqual([['没有这本书的词语xyz', 0, 'teacher'], ['harry potter', found.Total, 'student']]);
    const log = await t.data(C.getSearchLog, { Page: 1, Rows: 10, SearchKey: '没有这本书' }, 'librarian');
    expect(log.List).toMatchObject([{ Word: '没有这本书的词语xyz', Hits: 0, Identity: 'teacher' }]);
    expect(Object.keys(log.List[0]!)).not.toContain('UserID');
    const zero = await t.data(C.getSearchWords, { Page: 1, Rows: 50, ZeroHit: true }, 'librarian');
    expect(zero.List.map((w) => w.Word)).toContain('没有这本书的词语xyz');
    expect(zero.List.every((w) => w.Hits === 0)).toBe(true);
  });

  it('shows pinned words in order, then the most searched words with hits, never blocked ones; counts by identity', async () => {
    const title = (await t.db.selectFrom('titles').select('title').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).title;
    const key = title.slice(0, 2);
    for (let i = 0; i < 3; i++) await search(key);
    await search(key, 'teacher');
    const b = await t.data(C.addHotWord, { Word: '三体', Sort: 2 }, 'librarian');
    const a = await t.data(C.addHotWord, { Word: '西游记', Sort: 1 }, 'librarian');
    expect((await t.fail(C.addHotWord, { Word: '西游记' }, 'librarian')).status).toBe(409);
    const hot = await portal();
    expect(hot.slice(0, 2)).toEqual([{ Word: '西游记', Pinned: true }, { Word: '三体', Pinned: true }]);
    expect(hot).toContainEqual({ Word: key.toLowerCase(), Pinned: false });
    const words = await t.data(C.getSearchWords, { Page: 1, Rows: 5, SearchKey: key }, 'librarian');
    expect(words.List.find((w) => w.Word === key.toLowerCase())).toMatchObject({ Searches: 4, Students: 3, Teachers: 1, Anonymous: 0 });

    await t.data(C.addBlockedWord, { Word: key.slice(0, 1) }, 'librarian');
    expect((await portal()).map((w) => w.Word)).not.toContain(key.toLowerCase());
    expect((await t.fail(C.addHotWord, { Word: `${key.slice(0, 1)}好` }, 'librarian')).status).toBe(409);
    await t.data(C.updateHotWord, { ID: b.ID, Word: '三体', Sort: 0 }, 'librarian');
    expect((await portal()).slice(0, 2).map((w) => w.Word)).toEqual(['三体', '西游记']);
    expect(await t.data(C.deleteHotWord, { ID: a.ID }, 'librarian')).toBeNull();
    expect((await t.data(C.getHotWordList, { Page: 1, Rows: 10 }, 'librarian')).List.map((w) => w.Word)).toEqual(['三体']);
  });

  it('answers the portal without a token, by the SchoolID header; school 2 sees none of school 1', async () => {
    await t.data(C.addHotWord, { Word: '一校热词' }, 'librarian');
    expect((await portal(1)).map((w) => w.Word)).toContain('一校热词');
    expect((await portal(2)).map((w) => w.Word)).not.toContain('一校热词');
    expect(await t.data(C.getPortalHotWords, {}, null)).toEqual([]);
    const mine = (await t.data(C.getHotWordList, { Page: 1, Rows: 50 }, 'librarian')).List.find((w) => w.Word === '一校热词')!;
    expect((await t.fail(C.deleteHotWord, { ID: mine.ID }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.updateHotWord, { ID: mine.ID, Word: 'x' }, 'admin2')).status).toBe(404);
    expect((await t.data(C.getSearchLog, { Page: 1, Rows: 50 }, 'admin2')).List.every((r) => !r.Word.includes('没有这本书'))).toBe(true);
  });

  it('edits need the operation: a reader and anonymous are refused', async () => {
    for (const def of [C.getHotWordList, C.addHotWord, C.addBlockedWord, C.getBlockedWordList, C.getSearchLog, C.getSearchWords, C.deleteBlockedWord]) {
      expect((await t.fail(def, { Word: 'x', ID: 1 }, 'student')).status, def.id).toBe(403);
      expect((await t.fail(def, { Word: 'x', ID: 1 }, null)).status, def.id).toBe(401);
    }
    const w = await t.data(C.addBlockedWord, { Word: '脏话' }, 'librarian');
    expect((await t.fail(C.addBlockedWord, { Word: '脏话' }, 'librarian')).status).toBe(409);
    expect(await t.data(C.updateBlockedWord, { ID: w.ID, Word: '脏话二' }, 'librarian')).toMatchObject({ Word: '脏话二' });
    expect(await t.data(C.deleteBlockedWord, { ID: w.ID }, 'librarian')).toBeNull();
  });
});
