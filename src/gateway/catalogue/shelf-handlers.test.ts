import { describe, expect, it } from 'vitest';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();
const areaOf = async () => (await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;

describe('call-number search, duplicate check and merge', () => {
  it('a class in shelf order with the next free sequence number', async () => {
    const any = await t.db.selectFrom('titles').select('class_no').where('school_id', '=', 1).where('class_no', '!=', '').executeTakeFirstOrThrow();
    const r = await t.data(C.getEqualIndexNumItem, { ClassNo: any.class_no }, 'librarian');
    expect(r.List.length).toBeGreaterThan(0);
    const nums = r.List.map((x) => Number(x.BookNo)).filter(Number.isFinite);
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    expect(Number(r.Next)).toBeGreaterThan(Math.max(0, ...nums) - 1);
    expect((await t.fail(C.getEqualIndexNumItem, { ClassNo: '' }, 'librarian')).status).toBe(400);
  });

  it('finds a title by its ISBN-10 and by a traditional-character title; merging moves the copies and keeps history', async () => {
    const area = await areaOf();
    const a = await t.data(C.addItemsCatalogueInfo, { Item: { Title: '红楼梦', Author: '曹雪芹', ISBN: '9787020002207', Price: 59.7, ClassNo: 'I242.4' }, Copies: { Count: 2, AreaID: area } }, 'librarian');
    const dup = await t.data(C.checkDuplicates, { ISBN: '702000220X', Title: '紅樓夢', Author: '曹雪芹 著' }, 'librarian');
    expect(dup.List[0]).toMatchObject({ ItemID: a.ItemID, Reason: 'isbn', Score: 1 });
    const byTitle = await t.data(C.checkDuplicates, { Title: '紅樓夢', Author: '曹雪芹' }, 'librarian');
    expect(byTitle.List.map((x) => x.ItemID)).toContain(a.ItemID);
    // A second record of the same book (another edition's ISBN): merged into the first.
    const b = await t.data(C.addItemsCatalogueInfo, { Item: { Title: '红楼梦', Author: '曹雪芹', ISBN: '9787101003048', Price: 40, ClassNo: 'I242.4' }, Copies: { Count: 1, AreaID: area } }, 'librarian');
    const groups = await t.data(C.duplicateGroups, { Page: 1, Rows: 100 }, 'librarian');
    expect(groups.List.some((g) => g.Reason === 'title' && g.Items.some((i) => i.ItemID === b.ItemID))).toBe(true);
    expect((await t.fail(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'admin2')).status).toBe(404);
    expect(await t.data(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian')).toEqual({ ItemID: a.ItemID, Moved: 1 });
    const copies = await t.db.selectFrom('copies').select(['title_id', 'call_no']).where('id', '=', b.Copies[0]!.ID).executeTakeFirstOrThrow();
    expect(copies).toEqual({ title_id: a.ItemID, call_no: a.CallNo });
    expect(await t.db.selectFrom('titles').select('id').where('id', '=', b.ItemID).executeTakeFirst()).toBeUndefined();
  });
});
