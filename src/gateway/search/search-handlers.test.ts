import { describe, expect, it } from 'vitest';
import { searchCalls as C } from '../../shared/api/search.ts';
import { catalogueCalls } from '../../shared/api/catalogue.ts';
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
});
