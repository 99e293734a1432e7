import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../shared/api/catalogue.ts';
import { collectionCalls as C } from '../../shared/api/collection.ts';
import { isbn13CheckDigit } from '../../shared/domain/catalogue/isbn.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { listCopies } from './collection-store.ts';

type Gateway = ReturnType<typeof useTestGateway>;

/** A valid ISBN-13 not in the seed (979 group). */
const freshIsbn = (k: number) => {
  const first12 = `979${String(300000000 + k).slice(-9)}`;
  return first12 + isbn13CheckDigit(first12);
};

/** Six titles with a word no seeded title has, two copies each: 12 copies. */
async function catalogueSix(g: Gateway) {
  const area = (await g.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  for (let k = 0; k < 6; k++) {
    await g.data(catalogueCalls.addItemsCatalogueInfo, { Item: { Title: `琉璃猫的旅行 第${k + 1}册`, ISBN: freshIsbn(k), Price: 20, ClassNo: 'I287.45' }, Copies: { Count: 2, AreaID: area } }, 'librarian');
  }
}

const ids = (r: { List: { ID: number }[] }) => r.List.map((x) => x.ID);

describe('copy search totals on SQLite', () => {
  const t = useTestGateway();

  it('are always exact: the total rides on the page\'s rows', async () => {
    await catalogueSix(t);
    const q = { Page: 1, Rows: 5, SearchKey: '琉璃猫' };
    expect(await listCopies(t.db, 1, null, q, { denseTitles: 1, countUpTo: 3 })).toMatchObject({ Total: 12, TotalExact: true });
    expect(await t.data(C.list, q, 'librarian')).toMatchObject({ Total: 12, TotalExact: true });
  });
});

describe.skipIf(!PG_TEST_URL)('copy search totals on PostgreSQL', () => {
  const pg = useTestGateway({ postgres: true });

  it('a word of many titles: pages walked in barcode order, the same pages as the exact search; counting stops at the bound', async () => {
    await catalogueSix(pg);
    const dense = { denseTitles: 3, countUpTo: 10 };
    for (const Page of [1, 2, 3]) {
      const q = { Page, Rows: 5, SearchKey: '琉璃猫' };
      const exact = await listCopies(pg.db, 1, null, q, { exactTotal: true });
      const open = await listCopies(pg.db, 1, null, q, dense);
      expect(ids(open)).toEqual(ids(exact));
      expect(exact).toMatchObject({ Total: 12, TotalExact: true });
      expect(open).toMatchObject({ Total: 10, TotalExact: false });
    }
    // Within the bound, or narrowed by a filter under it: exact.
    expect(await listCopies(pg.db, 1, null, { Page: 1, Rows: 5, SearchKey: '琉璃猫' }, { denseTitles: 3, countUpTo: 12 })).toMatchObject({ Total: 12, TotalExact: true });
    expect(await listCopies(pg.db, 1, null, { Page: 1, Rows: 5, SearchKey: '琉璃猫', CircState: 'borrowed' }, dense)).toMatchObject({ List: [], Total: 0, TotalExact: true });
    // A branch the caller may not see is left out of the page and of the count alike.
    expect(await listCopies(pg.db, 1, [999_999], { Page: 1, Rows: 5, SearchKey: '琉璃猫' }, dense)).toMatchObject({ List: [], Total: 0, TotalExact: true });
    // At the gateway's own thresholds six titles are few: counted exactly.
    expect(await pg.data(C.list, { Page: 1, Rows: 5, SearchKey: '琉璃猫' }, 'librarian')).toMatchObject({ Total: 12, TotalExact: true });
  });
});
