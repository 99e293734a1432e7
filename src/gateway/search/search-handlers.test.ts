import { describe, expect, it } from 'vitest';
import { searchCalls as C } from '../../shared/api/search.ts';
import { catalogueCalls } from '../../shared/api/catalogue.ts';
import { titleCalls } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('staff search', () => {
  it('finds a title by Chinese words, pinyin initials, full pinyin, ISBN-10 and hyphens; never another school\'s', async () => {
    const area = (await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const saved = await t.data(catalogueCalls.addItemsCatalogueInfo, { Item: { Title: '骆驼祥子', Author: '老舍', ISBN: '9787020024759', Price: 22, ClassNo: 'I246.5' }, Copies: { Count: 2, AreaID: area } }, 'librarian');
    for (const key of ['骆驼', 'ltxz', 'luotuo', '7-02-002475-0', '978-7-02-002475-9', '老舍']) {
      const r = await t.data(C.catalogue, { Page: 1, Rows: 50, SearchKey: key }, 'librarian');
      expect(r.List.map((x) => x.ID), key).toContain(saved.ItemID);
    }
    const detail = await t.data(C.catalogueDetail, { ItemID: saved.ItemID }, 'librarian');
    expect(detail).toMatchObject({ Title: '骆驼祥子', Copies: 2 });
    expect(detail.CopiesList).toHaveLength(2);
    expect((await t.data(C.collection, { Page: 1, Rows: 10, SearchKey: '骆驼祥子' }, 'librarian')).Total).toBe(2);
    expect((await t.data(C.suggest, { Prefix: 'ltx' }, 'librarian')).map((s) => s.ItemID)).toContain(saved.ItemID);
    expect((await t.data(C.catalogue, { Page: 1, Rows: 50, SearchKey: '骆驼祥子' }, 'admin2')).List.map((x) => x.ID)).not.toContain(saved.ItemID);
    expect((await t.fail(C.catalogueDetail, { ItemID: saved.ItemID }, 'admin2')).status).toBe(404);
  });

  it('finds words anywhere in title, author, series and subjects through the word index, ranks the exact title first, and follows edits', async () => {
    const area = (await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const add = (Title: string, ISBN: string, more: Record<string, string> = {}) =>
      t.data(catalogueCalls.addItemsCatalogueInfo, { Item: { Title, ISBN, Price: 20, ClassNo: 'I287.5', ...more }, Copies: { Count: 1, AreaID: area } }, 'librarian');
    const exact = await add('星际探险', '9787020024766');
    const longer = await add('星际探险家的故事', '9787020024773', { Author: 'Ｒoald Dahl', Series: '少年科幻文库', Subjects: '太空电梯; 探险' });
    const ids = async (SearchKey: string) => (await t.data(C.catalogue, { Page: 1, Rows: 50, SearchKey }, 'librarian')).List.map((x) => x.ID);
    expect((await ids('星际探险')).slice(0, 2)).toEqual([exact.ItemID, longer.ItemID]);
    for (const key of ['探险家', '故事', 'roald', 'dah', '科幻文库', '太空电梯', '家']) expect(await ids(key), key).toContain(longer.ItemID);
    expect(await ids('险家故')).not.toContain(exact.ItemID);
    expect((await t.data(C.catalogue, { Page: 1, Rows: 5, SearchKey: '《》！' }, 'librarian')).Total).toBe(0);
    expect((await t.data(C.suggest, { Prefix: '星际探' }, 'librarian')).map((s) => s.ItemID)).toEqual(expect.arrayContaining([exact.ItemID, longer.ItemID]));
    expect((await t.data(C.collection, { Page: 1, Rows: 10, SearchKey: '科幻文库' }, 'librarian')).List.map((c) => c.TitleID)).toEqual([longer.ItemID]);

    await t.data(titleCalls.update, { ID: longer.ItemID, Title: '银河漫游指南', Author: 'Douglas Adams', Publisher: '', PubYear: 2005, Price: 30 }, 'librarian');
    expect(await ids('探险家')).not.toContain(longer.ItemID);
    expect(await ids('银河漫游')).toContain(longer.ItemID);
    expect(await ids('yhmy')).toContain(longer.ItemID);
    expect(await t.db.selectFrom('title_terms').select('term').where('title_id', '=', longer.ItemID).where('term', '=', '星际').execute()).toEqual([]);
  });
});
