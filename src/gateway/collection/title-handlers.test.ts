import { describe, expect, it } from 'vitest';
import { titleCalls as C } from '../../shared/api/collection.ts';
import { basicSetsCalls } from '../../shared/api/basic-sets.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('titles of the catalogue', () => {
  it('lists with copy counts, edits, adds a copy, refuses to delete a title with copies, deletes an empty one', async () => {
    const title = await t.db.selectFrom('titles').selectAll().where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const list = await t.data(C.list, { Page: 1, Rows: 5, SearchKey: title.isbn }, 'librarian');
    expect(list.List[0]).toMatchObject({ ID: title.id, Title: title.title });
    const before = list.List[0]!.Copies;
    const area = await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const copy = await t.data(C.addCopy, { ItemID: title.id, AreaID: area.id }, 'librarian');
    expect(copy.TitleID).toBe(title.id);
    const copies = await t.data(C.copies, { ItemID: title.id }, 'librarian');
    expect(copies).toHaveLength(before + 1);
    const edited = await t.data(C.update, { ID: title.id, Title: '改过的题名', Author: title.author, Publisher: title.publisher, PubYear: title.pub_year, Price: 12.5, Summary: '', Subjects: '', Series: '' }, 'librarian');
    expect(edited).toMatchObject({ Title: '改过的题名', Price: 12.5 });
    expect((await t.fail(C.delete, { ID: title.id }, 'librarian', 'en-US')).message).toBe('This title still has copies; weed or delete them first');
    const empty = await t.db.insertInto('titles').values({ school_id: 1, title: '空书目', en_title: '', author: '', publisher: '', isbn: '', price: 0, class_no: '', book_no: '', language: 'zh', pub_year: null, pinyin: 'kongshumu', initials: 'ksm', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    await t.data(C.delete, { ID: empty.id }, 'librarian');
    expect((await t.fail(C.delete, { ID: empty.id }, 'librarian')).status).toBe(404);
    expect((await t.fail(C.copies, { ItemID: title.id }, 'admin2')).status).toBe(404);
  });

  it('refuses to add a copy to an area of lost or weeded copies, naming the area', async () => {
    const area = await t.data(basicSetsCalls.locationAdd, { BranchID: 1, Code: 'LOSTA', Name: '丢失区', EnName: 'Lost', StorageArea: 6, Circulating: false, Sort: 0 }, 'admin');
    const title = await t.db.selectFrom('titles').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const res = await t.fail(C.addCopy, { ItemID: title.id, AreaID: area.ID, Barcode: 'NEWLOST-1' }, 'librarian', 'en-US');
    expect(res).toMatchObject({ status: 409, message: expect.stringContaining('Lost') });
    expect(await t.db.selectFrom('copies').select(['storage_area']).where('school_id', '=', 1).where('barcode', '=', 'NEWLOST-1').executeTakeFirst()).toBeUndefined();
  });
});
