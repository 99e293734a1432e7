import { beforeAll, describe, expect, it } from 'vitest';
import { searchCalls as C, type PublicTitle } from '../../shared/api/search.ts';
import { catalogueCalls } from '../../shared/api/catalogue.ts';
import { titleCalls } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { searchLogIdle } from '../search-admin/search-log.ts';
import { FACET_LIMIT, runSearch } from './catalogue-query.ts';
import { searchTitleIds } from './title-index.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/** The seed's areas of school 1: 1 (main library) and 6 (branch library), both lending areas (storage 2). */
const MAIN_AREA = 1;
const BRANCH_AREA = 6;
/** A day far from midnight in any school's offset, so its local day is the same everywhere. */
const DUE_AT = '2031-03-05T04:00:00.000Z';

describe.each(databases)('the public catalogue (Search/*) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const anon = { school: 1 };
  let isbnSeq = 0;
  /** A valid ISBN-13 of the 979-3 range, different for every call. */
  const nextIsbn = () => {
    const first12 = `979399${String(100000 + isbnSeq++ + (postgres ? 50000 : 0)).padStart(6, '0')}`;
    let s = 0;
    for (let d = 0; d < 12; d++) s += (d % 2 === 0 ? 1 : 3) * Number(first12[d]);
    return first12 + String((10 - (s % 10)) % 10);
  };
  const add = async (Title: string, more: Record<string, unknown> = {}, copies: { Count?: number; AreaID?: number; ShelfMark?: string } = {}) => {
    const r = await t.data(catalogueCalls.addItemsCatalogueInfo, {
      Item: { Title, ISBN: nextIsbn(), Price: 20, ClassNo: 'I287.5', ...more }, Copies: { Count: 1, AreaID: MAIN_AREA, ...copies },
    }, 'librarian');
    return { id: r.ItemID, copies: r.Copies.map((c) => c.ID), callNo: r.CallNo };
  };
  const setCopy = (id: number, storage_area: number, circ_state: string) => t.db.updateTable('copies').set({ storage_area, circ_state }).where('id', '=', id).execute();
  const lend = async (copyId: number) => {
    const reader = await t.db.selectFrom('users').select('id').where('account', '=', 'student').executeTakeFirstOrThrow();
    await t.db.insertInto('loans').values({ school_id: 1, copy_id: copyId, user_id: reader.id, loaned_at: new Date().toISOString(), due_at: DUE_AT, returned_at: null }).execute();
    await setCopy(copyId, 2, 'borrowed');
  };
  const search = (input: Record<string, unknown>, who: Parameters<typeof t.data>[2] = anon) => t.data(C.catalogue, { Page: 1, Rows: 50, ...input }, who);
  const ids = async (SearchKey: string, more: Record<string, unknown> = {}) => (await search({ SearchKey, ...more })).List.map((x) => x.ID);

  describe('one box', () => {
    let exact: number, longer: number, inside: number, trad: number, simp: number;
    beforeAll(async () => {
      exact = (await add('璇玑星图', { Author: '张衡', Language: 'zh' })).id;
      longer = (await add('璇玑星图续编', { Author: '李淳风' })).id;
      inside = (await add('古代璇玑星图考', { Author: '郭守敬' })).id;
      trad = (await add('西遊記圖說', { Author: '吳承恩' })).id;
      simp = (await add('红楼梦图说', { Author: '曹雪芹' })).id;
    });

    it('ranks the exact title first, then titles starting with the key, then the rest', async () => {
      expect((await ids('璇玑星图')).slice(0, 3)).toEqual([exact, longer, inside]);
      expect((await ids('璇玑星图', { Sort: 'newest' })).slice(0, 3)).toEqual([inside, longer, exact]);
    });

    it('finds by pinyin initials and full pinyin, full-width letters too', async () => {
      for (const key of ['xjxt', 'XJXT', 'ＸＪＸＴ', 'xuanji', 'xuan ji xing']) expect(await ids(key), key).toContain(exact);
      expect((await ids('xjxt'))[0]).toBe(exact);
    });

    it('folds traditional and simplified characters both ways', async () => {
      expect(await ids('西游记图说')).toEqual([trad]);
      expect(await ids('吴承恩', { Field: 'author' })).toContain(trad);
      expect(await ids('紅樓夢圖說')).toEqual([simp]);
      expect((await t.data(C.suggest, { Prefix: '西遊' }, anon)).map((s) => s.ItemID)).toContain(trad);
    });

    it('finds an ISBN in its 10 and 13 digit forms, with or without hyphens', async () => {
      const isbn = '9787020024759';
      const id = (await add('骆驼祥子', { ISBN: isbn, Author: '老舍' })).id;
      for (const key of [isbn, '978-7-02-002475-9', '7020024750', '7-02-002475-0', '７０２００２４７５０']) expect(await ids(key), key).toEqual([id]);
      expect(await ids('9787020024759', { Field: 'isbn' })).toEqual([id]);
      expect(await ids('978702002', { Field: 'isbn' })).toContain(id);
      // A malformed ISBN is words like any other: nothing, never an error.
      expect(await ids('978-7-02-002475-0')).toEqual([]);
    });

    it('finds titles by the start of a copy\'s call number and of the class number', async () => {
      const a = await add('北斗七星的故事', { ClassNo: 'P159.2' });
      expect(a.callNo).toMatch(/^P159\.2\//);
      expect(await ids(a.callNo)).toEqual([a.id]);
      expect(await ids(a.callNo.toLowerCase(), { Field: 'callNo' })).toEqual([a.id]);
      expect(await ids('P159.2', { Field: 'classNo' })).toContain(a.id);
      expect(await ids(a.callNo, { Field: 'title' })).toEqual([]);
    });

    it('keeps to one field when asked: title, author, series, subject, publisher', async () => {
      const book = (await add('长安的荔枝', { Author: '马伯庸', Series: '历史小说文库', Subjects: '荔枝转运; 唐', Publisher: '琅嬛福地书局' })).id;
      const other = (await add('马伯庸研究', { Author: '王小明' })).id;
      expect(await ids('马伯庸')).toEqual(expect.arrayContaining([book, other]));
      expect(await ids('马伯庸', { Field: 'author' })).toEqual([book]);
      expect(await ids('马伯庸', { Field: 'title' })).toEqual([other]);
      expect(await ids('历史小说', { Field: 'series' })).toEqual([book]);
      expect(await ids('荔枝转运', { Field: 'subject' })).toEqual([book]);
      expect(await ids('荔枝转运', { Field: 'title' })).toEqual([]);
      expect(await ids('琅嬛福地', { Field: 'publisher' })).toEqual([book]);
      // The publisher is not one of the fields 'all' reads.
      expect(await ids('琅嬛福地')).toEqual([]);
      // An edit re-indexes every field.
      await t.data(titleCalls.update, { ID: book, Title: '长安的荔枝', Author: '佚名', Publisher: '', PubYear: 2021, Price: 30, Series: '' }, 'librarian');
      expect(await ids('马伯庸', { Field: 'author' })).toEqual([]);
      expect(await ids('历史小说', { Field: 'series' })).toEqual([]);
    });

    it('answers anonymous callers of the SchoolID header and any signed-in caller, never without a school', async () => {
      expect(await ids('璇玑星图')).toContain(exact);
      expect((await search({ SearchKey: '璇玑星图' }, 'student')).List.map((x) => x.ID)).toContain(exact);
      expect((await search({ SearchKey: '璇玑星图' }, 'admin2')).Total).toBe(0);
      expect((await search({ SearchKey: '璇玑星图' }, { school: 2 })).Total).toBe(0);
      expect(await t.fail(C.catalogue, { SearchKey: '璇玑星图' }, null, 'en-US')).toMatchObject({ status: 400, message: 'Please choose a school first' });
      expect((await t.fail(C.catalogue, { SearchKey: '璇玑星图' }, { as: 'student', school: 2 })).status).toBe(403);
    });

    it('logs first pages, anonymous ones without a user', async () => {
      await search({ SearchKey: '璇玑星图匿名' });
      await searchLogIdle();
      const row = await t.db.selectFrom('search_log').selectAll().where('word', '=', '璇玑星图匿名').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ school_id: 1, user_id: null, identity: '' });
    });

    it('answers bad input with a message or an empty result, never an error', async () => {
      const all = await search({ Rows: 5 });
      const titles = Number((await t.db.selectFrom('titles').select((e) => e.fn.countAll().as('n')).where('school_id', '=', 1).executeTakeFirstOrThrow()).n);
      expect(all.Total).toBe(titles);
      // Newest first.
      expect(all.List.map((x) => x.ID)).toEqual([...all.List.map((x) => x.ID)].sort((a, b) => b - a));
      expect(all.Facets.Exact).toBe(titles <= FACET_LIMIT);
      expect(await t.fail(C.catalogue, { SearchKey: '书'.repeat(2000) }, anon, 'en-US')).toMatchObject({ status: 400 });
      for (const key of ['📚🐉', '%_\\', '《》！']) expect((await search({ SearchKey: key })).Total, key).toBe(0);
      for (const key of ["' or 1=1 --", '"; drop table titles; --', '1; select * from users']) expect((await search({ SearchKey: key })).List.length, key).toBeLessThanOrEqual(50);
      const sqlish = await add("Robert'); DROP TABLE titles;--");
      expect(await ids("Robert'); DROP TABLE titles;--")).toEqual([sqlish.id]);
      const past = await search({ SearchKey: '璇玑星图', Page: 999 });
      expect(past).toMatchObject({ List: [], Total: 3 });
      expect((await t.fail(C.catalogue, { SearchKey: 'x', Rows: 51 }, anon)).status).toBe(400);
    });
  });

  describe('filters and facets', () => {
    /** Four titles of one key: A zh/I on the main shelf, B en/K in the branch, C zh/K out on loan, D zh/I weeded. */
    let A: { id: number; copies: number[] }, B: typeof A, Cx: typeof A, D: typeof A;
    const key = '琮璜玺';
    beforeAll(async () => {
      A = await add(`${key}甲`, { Language: 'zh', ClassNo: 'I247.5', PubYear: 2001, ParallelTitle: 'Jade A', Series: '玉器丛书' }, { Count: 2 });
      B = await add(`${key}乙`, { Language: 'en', ClassNo: 'K203', PubYear: 2015 }, { AreaID: BRANCH_AREA });
      Cx = await add(`${key}丙`, { Language: 'zh', ClassNo: 'K825', PubYear: 2010 });
      D = await add(`${key}丁`, { Language: 'zh', ClassNo: 'I210', PubYear: 1999 });
      await lend(Cx.copies[0]!);
      await setCopy(D.copies[0]!, 3, 'available');
      await setCopy(A.copies[1]!, 3, 'available');
      const reader = await t.db.selectFrom('users').select('id').where('account', '=', 'teacher').executeTakeFirstOrThrow();
      await t.db.insertInto('holds').values({ school_id: 1, title_id: Cx.id, user_id: reader.id, state: 'notFound', copy_id: null, placed_at: new Date().toISOString(), placed_by: null, found_at: null, expires_at: null, closed_at: null, closed_by: null, loan_id: null }).execute();
    });
    const facet = (values: Array<{ Value: string; Count: number }>) => Object.fromEntries(values.map((v) => [v.Value, v.Count]));

    it('fills each title: copies not weeded, available now, holds waiting, call number, parallel title, series', async () => {
      const r = await search({ SearchKey: key });
      const by = new Map(r.List.map((x) => [x.ID, x] as [number, PublicTitle]));
      expect(by.get(A.id)).toMatchObject({ Copies: 1, Available: 1, HoldsWaiting: 0, ParallelTitle: 'Jade A', Series: '玉器丛书', Language: 'zh', ClassNo: 'I247.5' });
      expect(by.get(A.id)!.CallNo).toMatch(/^I247\.5\//);
      expect(by.get(Cx.id)).toMatchObject({ Copies: 1, Available: 0, HoldsWaiting: 1 });
      expect(by.get(D.id)).toMatchObject({ Copies: 0, Available: 0 });
    });

    it('counts facets over the whole result, with names in both languages', async () => {
      const r = await search({ SearchKey: key });
      expect(r.Total).toBe(4);
      expect(facet(r.Facets.Language)).toEqual({ zh: 3, en: 1 });
      expect(r.Facets.Language.find((l) => l.Value === 'en')).toMatchObject({ Name: '英文', EnName: 'English' });
      expect(facet(r.Facets.Class)).toEqual({ I: 2, K: 2 });
      expect(r.Facets.Class.find((c) => c.Value === 'K')).toMatchObject({ Name: '历史、地理', EnName: expect.any(String) });
      // D's only copy is weeded: it is in no branch.
      expect(facet(r.Facets.Branch)).toEqual({ 1: 2, 2: 1 });
      expect(r.Facets.Branch.find((b) => b.Value === '2')).toMatchObject({ Name: '分馆', EnName: 'Branch library' });
      expect(r.Facets).toMatchObject({ AvailableNow: 2, Exact: true });
    });

    it('filters by language, class, branch and availability; each facet ignores its own filter', async () => {
      const zh = await search({ SearchKey: key, Language: 'zh' });
      expect(zh.List.map((x) => x.ID).sort()).toEqual([A.id, Cx.id, D.id].sort());
      expect(facet(zh.Facets.Language)).toEqual({ zh: 3, en: 1 });
      expect(facet(zh.Facets.Class)).toEqual({ I: 2, K: 1 });
      expect(zh.Facets.AvailableNow).toBe(1);

      const k = await search({ SearchKey: key, ClassNo: 'K' });
      expect(k.List.map((x) => x.ID).sort()).toEqual([B.id, Cx.id].sort());
      expect(facet(k.Facets.Class)).toEqual({ I: 2, K: 2 });
      expect(facet(k.Facets.Language)).toEqual({ zh: 1, en: 1 });
      expect((await search({ SearchKey: key, ClassNo: 'I247' })).List.map((x) => x.ID)).toEqual([A.id]);

      const branch = await search({ SearchKey: key, BranchID: 2 });
      expect(branch.List.map((x) => x.ID)).toEqual([B.id]);
      expect(facet(branch.Facets.Branch)).toEqual({ 1: 2, 2: 1 });
      expect(facet(branch.Facets.Language)).toEqual({ en: 1 });

      const now = await search({ SearchKey: key, AvailableOnly: true });
      expect(now.List.map((x) => x.ID).sort()).toEqual([A.id, B.id].sort());
      expect(now.Total).toBe(2);
      expect(now.Facets.AvailableNow).toBe(2);
      expect(facet(now.Facets.Language)).toEqual({ zh: 1, en: 1 });
      expect(facet(now.Facets.Branch)).toEqual({ 1: 1, 2: 1 });

      const both = await search({ SearchKey: key, AvailableOnly: true, BranchID: 1, Language: 'zh' });
      expect(both.List.map((x) => x.ID)).toEqual([A.id]);
      expect(facet(both.Facets.Branch)).toEqual({ 1: 1 });
    });

    it('counts and filters by resource type, and leaves out the types the school keeps out of the portal', async () => {
      const types = await t.db.selectFrom('resource_types').select(['id', 'name']).where('school_id', '=', 1).orderBy('id').limit(2).execute();
      const [book, pic] = types.map((x) => x.id) as [number, number];
      await t.db.updateTable('titles').set({ resource_type_id: book }).where('id', 'in', [A.id, Cx.id]).execute();
      await t.db.updateTable('titles').set({ resource_type_id: pic }).where('id', '=', B.id).execute();
      try {
        const r = await search({ SearchKey: key });
        // D has no type: it is found, and in no type's count.
        expect(facet(r.Facets.ResourceType)).toEqual({ [book]: 2, [pic]: 1 });
        expect(r.Facets.ResourceType.find((x) => x.Value === String(pic))).toMatchObject({ Name: types[1]!.name });
        const picked = await search({ SearchKey: key, ResourceTypeID: pic });
        expect(picked.List.map((x) => x.ID)).toEqual([B.id]);
        expect(facet(picked.Facets.ResourceType)).toEqual({ [book]: 2, [pic]: 1 });
        expect(facet(picked.Facets.Language)).toEqual({ en: 1 });

        await t.db.updateTable('resource_access').set({ portal_visible: 0 }).where('school_id', '=', 1).where('resource_type_id', '=', pic).execute();
        const shown = await search({ SearchKey: key });
        expect(shown.Total).toBe(3);
        expect(shown.List.map((x) => x.ID)).not.toContain(B.id);
        expect(facet(shown.Facets.ResourceType)).toEqual({ [book]: 2 });
        expect(facet(shown.Facets.Branch)).toEqual({ 1: 2 });
        // The same over the whole set when it is larger than the facets' limit.
        const match = searchTitleIds(t.db, 1, { key });
        const big = await runSearch(t.db, 1, match, { hiddenTypes: [pic] }, 'relevance', 1, 10, 2);
        expect(big.total).toBe(3);
        expect(big.ids).not.toContain(B.id);
        expect((await t.fail(C.catalogueDetail, { ItemID: B.id }, anon)).status).toBe(404);
        expect((await t.data(C.suggest, { Prefix: key }, anon)).map((x) => x.ItemID)).not.toContain(B.id);
        const advanced = await t.data(C.complexCatalogue, { Page: 1, Rows: 50, Conditions: [{ Op: 'and', Field: 'all', Value: key }] }, anon);
        expect(advanced.List.map((x) => x.ID)).not.toContain(B.id);
      } finally {
        await t.db.updateTable('resource_access').set({ portal_visible: 1 }).where('school_id', '=', 1).execute();
        await t.db.updateTable('titles').set({ resource_type_id: null }).where('id', 'in', [A.id, B.id, Cx.id]).execute();
      }
      expect((await search({ SearchKey: key })).Facets.ResourceType).toEqual([]);
    });

    it('sorts by title, year and newest', async () => {
      expect((await search({ SearchKey: key, Sort: 'year' })).List.map((x) => x.ID)).toEqual([B.id, Cx.id, A.id, D.id]);
      expect((await search({ SearchKey: key, Sort: 'newest' })).List.map((x) => x.ID)).toEqual([D.id, Cx.id, B.id, A.id]);
      // By pinyin: 甲 jia, 乙 yi, 丙 bing, 丁 ding.
      expect((await search({ SearchKey: key, Sort: 'title' })).List.map((x) => x.ID)).toEqual([Cx.id, D.id, A.id, B.id]);
    });

    it('counts over the first titles in rank order when the result is larger than the limit, and says so; the page and total stay exact', async () => {
      const match = searchTitleIds(t.db, 1, { key });
      const some = await runSearch(t.db, 1, match, {}, 'relevance', 1, 3, 2);
      expect(some.facets.exact).toBe(false);
      expect([...some.facets.language.values()].reduce((a, b) => a + b, 0)).toBe(2);
      expect(some.total).toBe(4);
      expect(some.ids).toEqual([D.id, Cx.id, B.id]);
      const filtered = await runSearch(t.db, 1, match, { language: 'zh' }, 'year', 2, 1, 2);
      expect(filtered).toMatchObject({ ids: [A.id], total: 3 });
      expect((await runSearch(t.db, 1, match, {}, 'relevance', 1, 3, 4)).facets.exact).toBe(true);
    });

    it('advanced search: and, or, not, a year range and the same filters; NOT alone is refused', async () => {
      const cx = (Conditions: unknown[], more: Record<string, unknown> = {}) => t.data(C.complexCatalogue, { Page: 1, Rows: 50, Conditions, ...more }, anon);
      const idsOf = async (Conditions: unknown[], more: Record<string, unknown> = {}) => (await cx(Conditions, more)).List.map((x) => x.ID).sort();
      expect(await idsOf([{ Op: 'and', Field: 'all', Value: key }, { Op: 'and', Field: 'title', Value: '甲' }])).toEqual([A.id]);
      expect(await idsOf([{ Op: 'and', Field: 'title', Value: `${key}甲` }, { Op: 'or', Field: 'title', Value: `${key}乙` }])).toEqual([A.id, B.id].sort());
      expect(await idsOf([{ Op: 'and', Field: 'all', Value: key }, { Op: 'not', Field: 'classNo', Value: 'K' }])).toEqual([A.id, D.id].sort());
      // A leading NOT applies after the first positive condition.
      expect(await idsOf([{ Op: 'not', Field: 'classNo', Value: 'I' }, { Op: 'and', Field: 'all', Value: key }])).toEqual([B.id, Cx.id].sort());
      expect(await idsOf([{ Op: 'and', Field: 'all', Value: key }], { YearFrom: 2000, YearTo: 2012 })).toEqual([A.id, Cx.id].sort());
      expect(await idsOf([{ Op: 'and', Field: 'all', Value: key }], { YearFrom: 2000, Language: 'zh', AvailableOnly: true })).toEqual([A.id]);
      const r = await cx([{ Op: 'and', Field: 'all', Value: key }], { YearFrom: 2000 });
      expect(r.Total).toBe(3);
      expect(facet(r.Facets.Language)).toEqual({ zh: 2, en: 1 });
      expect(await t.fail(C.complexCatalogue, { Conditions: [{ Op: 'not', Field: 'all', Value: key }] }, anon, 'en-US'))
        .toMatchObject({ status: 400, message: expect.stringContaining('cannot be only NOT conditions') });
      expect((await t.fail(C.complexCatalogue, { Conditions: [] }, anon)).status).toBe(400);
      expect((await t.fail(C.complexCatalogue, { Conditions: [{ Op: 'and', Field: 'all', Value: '' }] }, anon)).status).toBe(400);
    });
  });

  describe('one title (CatalogueDetail)', () => {
    it('shows each copy\'s place and public state, the due day of a loan, never a weeded copy', async () => {
      const b = await add('九章算术注', { ClassNo: 'O112', ISBN: '9787532123452', Publisher: '上海古籍出版社', Summary: '数学经典' }, { Count: 7, ShelfMark: 'A01-1-2-01' });
      const [available, onLoan, reading, cataloguing, reserved, lost, weeded] = b.copies as [number, number, number, number, number, number, number];
      await lend(onLoan);
      await setCopy(reading, 8, 'available');
      await setCopy(cataloguing, 1, 'available');
      await setCopy(reserved, 2, 'reserved');
      await setCopy(lost, 6, 'lost');
      await setCopy(weeded, 3, 'available');
      await t.db.updateTable('copies').set({ shelf_mark: '' }).where('id', '=', lost).execute();
      const d = await t.data(C.catalogueDetail, { ItemID: b.id }, anon);
      expect(d).toMatchObject({ ID: b.id, Title: '九章算术注', ISBN: '9787532123452', ISBNHyphenated: '978-7-5321-2345-2', Copies: 6, Available: 1, Summary: '数学经典', Publisher: '上海古籍出版社' });
      expect(d.ClassPath.map((c) => c.Code)).toEqual(['O', 'O1']);
      const state = Object.fromEntries(d.CopiesList.map((c) => [c.ID, c.State]));
      expect(state).toEqual({ [available]: 'available', [onLoan]: 'onLoan', [reading]: 'inLibraryOnly', [cataloguing]: 'processing', [reserved]: 'onHoldShelf', [lost]: 'unavailable' });
      const byId = new Map(d.CopiesList.map((c) => [c.ID, c]));
      expect(byId.get(onLoan)!.DueDate).toBe('2031-03-05');
      expect(byId.get(available)).toMatchObject({ DueDate: null, ShelfMark: 'A01-1-2-01', Face: 1, Layer: 2, Column: 1, BranchID: 1, BranchName: '总馆', BranchEnName: 'Main library', AreaName: '中文图书区' });
      expect(byId.get(available)!.ShelfID).toEqual(expect.any(Number));
      expect(byId.get(lost)).toMatchObject({ ShelfMark: '', ShelfID: null, ShelfName: '', Face: null, Layer: null, Column: null });
      for (const c of d.CopiesList) expect(Object.keys(c)).not.toEqual(expect.arrayContaining(['Price', 'RFID']));
      expect((await t.fail(C.catalogueDetail, { ItemID: b.id }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.catalogueDetail, { ItemID: 99_999_999 }, anon)).status).toBe(404);
    });
  });

  describe('the portal\'s other reads', () => {
    it('news: anonymous callers see public notices only, signed-in ones all; English when asked and filled; an excerpt without markup', async () => {
      await t.db.updateTable('notices').set({ content: '<p>寒假期间<b>图书馆</b>&nbsp;开放时间：' + '周一至周五 9:00–16:00。'.repeat(20) + '</p>' }).where('id', '=', 1).execute();
      const pub = await t.data(C.bulletinCatalog, { Page: 1, Rows: 50 }, anon);
      expect(pub.List.map((n) => n.ID).sort()).toEqual([1, 2, 3, 5]);
      expect(pub.List[0]).toMatchObject({ ID: 1, Top: true });
      expect(pub.List[0]!.Excerpt.startsWith('寒假期间 图书馆 开放时间：周一至周五')).toBe(true);
      expect([...pub.List[0]!.Excerpt].length).toBe(121);
      expect(pub.List[0]!.Excerpt).not.toMatch(/[<>]|&nbsp;/);
      const signed = await t.data(C.bulletinCatalog, { Page: 1, Rows: 50 }, 'student');
      expect(signed.List.map((n) => n.ID)).toContain(4);
      expect(signed.Total).toBe(pub.Total + 1);
      expect((await t.fail(C.bulletinContent, { ID: 4 }, anon)).status).toBe(404);
      expect(await t.data(C.bulletinContent, { ID: 4 }, 'student')).toMatchObject({ ID: 4, Title: '逾期图书归还提醒' });
      expect(await t.data(C.bulletinContent, { ID: 2 }, { school: 1, lang: 'en-US' })).toMatchObject({ Title: 'Reading Month: "A Campus Full of Books"' });
      expect((await t.fail(C.bulletinContent, { ID: 6 }, anon)).status).toBe(404);
      expect((await t.data(C.bulletinCatalog, { Page: 9, Rows: 10 }, anon))).toMatchObject({ List: [], Total: pub.Total });
      expect((await t.fail(C.bulletinCatalog, { Page: 1 }, null)).status).toBe(400);
    });

    it('recommends hot titles (most loans in the window) and new ones (latest first copies)', async () => {
      const hot = await add('热门测试书甲', { ClassNo: 'X959.1' }, { Count: 3 });
      for (const c of hot.copies) await lend(c);
      // Forty earlier loans, returned, within the window; one long before it.
      const reader = await t.db.selectFrom('users').select('id').where('account', '=', 'student').executeTakeFirstOrThrow();
      const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
      await t.db.insertInto('loans').values(Array.from({ length: 41 }, (_, i) => ({
        school_id: 1, copy_id: hot.copies[0]!, user_id: reader.id, loaned_at: day(i < 40 ? 5 : 200), due_at: day(1), returned_at: day(2),
      }))).execute();
      const r = await t.data(C.recommend, { Kind: 'hot', Days: 30, Rows: 5 }, anon);
      expect(r[0]).toMatchObject({ ID: hot.id, Loans: 43, Copies: 3, Available: 0 });
      expect(r[0]!.AddedAt).toEqual(expect.any(String));
      expect((await t.data(C.recommend, { Kind: 'hot', Days: 366, Rows: 5 }, anon))[0]).toMatchObject({ ID: hot.id, Loans: 44 });
      expect((await t.data(C.recommend, { Kind: 'hot', Days: 30, Rows: 5, ClassNo: 'X959' }, anon)).map((x) => x.ID)).toEqual([hot.id]);
      expect(await t.data(C.recommend, { Kind: 'hot', Days: 30, Rows: 5, ClassNo: 'X958' }, anon)).toEqual([]);
      const fresh = await add('新书测试乙', { ClassNo: 'X959.2' });
      const n = await t.data(C.recommend, { Kind: 'new', Rows: 3 }, anon);
      expect(n[0]).toMatchObject({ ID: fresh.id, Loans: 0 });
      // A new copy of an old title does not make the title new.
      await t.data(titleCalls.addCopy, { ItemID: hot.id, AreaID: MAIN_AREA }, 'librarian');
      expect((await t.data(C.recommend, { Kind: 'new', Rows: 1 }, anon))[0]!.ID).toBe(fresh.id);
      expect((await t.data(C.recommend, { Kind: 'new', Rows: 5, ClassNo: 'X959' }, anon)).map((x) => x.ID)).toEqual([fresh.id, hot.id]);
    });

    it('browses the CLC tree with the school\'s title counts', async () => {
      const top = await t.data(C.classify, {}, anon);
      expect(top).toHaveLength(22);
      const titles = Number((await t.db.selectFrom('titles').select((e) => e.fn.countAll().as('n')).where('school_id', '=', 1).where('class_no', '>=', 'I').where('class_no', '<', 'J').executeTakeFirstOrThrow()).n);
      expect(top.find((c) => c.Code === 'I')).toMatchObject({ Name: '文学', HasChildren: true, Titles: titles });
      const t2 = await t.data(C.classify, { ParentCode: 'T' }, anon);
      expect(t2.map((c) => c.Code)).toContain('TP');
      expect(t2.every((c) => c.Code.length === 2)).toBe(true);
      expect((await t.data(C.classify, { ParentCode: 'a' }, anon)).map((c) => c.Code)).not.toContain('A49');
      expect(await t.data(C.classify, { ParentCode: 'I247.5' }, anon)).toEqual([]);
      expect((await t.fail(C.classify, { ParentCode: '<script>' }, anon)).status).toBe(400);
    });

    it('gives the library\'s figures by the school\'s local day', async () => {
      const f = await t.data(C.statfile, {}, anon);
      expect(f.Day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(f.Titles).toBeGreaterThan(3000);
      expect(f.Copies).toBeGreaterThan(f.AvailableCopies);
      expect(f.Readers).toBeGreaterThan(0);
      expect(f.LoansThisYear).toBeGreaterThanOrEqual(f.LoansThisMonth);
      expect(f.LoansThisMonth).toBeGreaterThanOrEqual(f.LoansToday);
      expect(f.LoansToday).toBeGreaterThanOrEqual(3);
      expect(f.NewTitlesThisMonth).toBeGreaterThan(0);
    });

    it('suggests titles to anonymous callers too; the copy list stays staff-only', async () => {
      expect((await t.data(C.suggest, { Prefix: 'xjx' }, anon)).length).toBeGreaterThan(0);
      expect((await t.fail(C.collection, { Page: 1, Rows: 10 }, anon)).status).toBe(401);
      expect((await t.data(C.collection, { Page: 1, Rows: 10, SearchKey: '璇玑星图' }, 'librarian')).Total).toBeGreaterThan(0);
    });
  });
});
