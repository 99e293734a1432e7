import { describe, expect, it } from 'vitest';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { roleCalls, type Role } from '../../shared/api/roles.ts';
import { isbn13CheckDigit } from '../../shared/domain/catalogue/isbn.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';

const t = useTestGateway();
/** A valid ISBN-13 not in the seed (979 group). */
const freshIsbn = (k: number) => {
  const first12 = `979${String(200000000 + k).slice(-9)}`;
  return first12 + isbn13CheckDigit(first12);
};
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

  it('lists the classes under the one asked for, with their titles, in shelf order; never another school\'s', async () => {
    const area = await areaOf();
    const classes = [['北极熊', 'Z95'], ['动物图鉴', 'Z95-49'], ['鸟类图鉴', 'Z95-49'], ['动物形态', 'Z951'], ['昆虫分类', 'Z959.8'], ['植物', 'Z94']] as const;
    for (const [k, [title, classNo]] of classes.entries()) {
      await t.data(C.addItemsCatalogueInfo, { Item: { Title: title, ISBN: freshIsbn(900 + k), Price: 20, ClassNo: classNo }, Copies: { Count: 1, AreaID: area } }, 'librarian');
    }
    const r = await t.data(C.getEqualIndexNumItem, { ClassNo: 'Z95' }, 'librarian');
    expect(r.List.map((x) => x.Title)).toEqual(['北极熊']);
    expect(r.Subclasses).toEqual([{ ClassNo: 'Z95-49', Titles: 2 }, { ClassNo: 'Z951', Titles: 1 }, { ClassNo: 'Z959.8', Titles: 1 }]);
    expect(r.MoreSubclasses).toBe(false);
    // A class is shown a page at a time, in shelf order, with how many it holds.
    const first = await t.data(C.getEqualIndexNumItem, { ClassNo: 'Z95-49', Page: 1, Rows: 1 }, 'librarian');
    const second = await t.data(C.getEqualIndexNumItem, { ClassNo: 'Z95-49', Page: 2, Rows: 1 }, 'librarian');
    expect([first.Total, second.Total]).toEqual([2, 2]);
    expect([...first.List, ...second.List].map((x) => x.CallNo)).toEqual(['Z95-49/1', 'Z95-49/2']);
    expect((await t.data(C.getEqualIndexNumItem, { ClassNo: 'Z95-49', Page: 3, Rows: 1 }, 'librarian')).List).toEqual([]);
    // Another school's catalogue holds none of them.
    expect(await t.data(C.getEqualIndexNumItem, { ClassNo: 'Z95' }, 'admin2')).toMatchObject({ List: [], Subclasses: [] });
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

describe('merging two records of one book', () => {
  let n = 0;
  const save = async (extra: Record<string, unknown> = {}, areaId?: number) => t.data(C.addItemsCatalogueInfo, {
    Item: { Title: '合并测试', Author: '鲁迅', ISBN: freshIsbn(++n), Price: 20, ClassNo: 'I210.6', ...extra }, Copies: { Count: 1, AreaID: areaId ?? await areaOf() },
  }, 'admin');
  const librarianRole = async (): Promise<Role> => ((await t.data(roleCalls.list, { Rows: 100 }, 'admin')).List as Role[]).find((r) => r.Code === 'librarian')!;
  async function editLibrarian(change: Partial<Pick<Role, 'BranchIDs' | 'ResourceTypeIDs'>>) {
    const r = await librarianRole();
    await t.data(roleCalls.update, { ID: r.ID, Name: r.Name, EnName: r.EnName, ScopeKind: r.ScopeKind, Permissions: r.Permissions, BranchIDs: r.BranchIDs, ResourceTypeIDs: r.ResourceTypeIDs, ...change }, 'admin');
    t.app.permissions.forget();
  }

  it('a role limited to some resource types cannot merge titles of another type', async () => {
    const [t1, t2] = (await t.db.selectFrom('resource_types').select('id').where('school_id', '=', 1).orderBy('id').limit(2).execute()).map((r) => r.id) as [number, number];
    const a = await save();
    const b = await save();
    await t.db.updateTable('titles').set({ resource_type_id: t2 }).where('id', 'in', [a.ItemID, b.ItemID]).execute();
    const before = await librarianRole();
    await editLibrarian({ ResourceTypeIDs: [t1] });
    try {
      expect((await t.fail(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian')).status).toBe(403);
      expect(await t.db.selectFrom('titles').select('id').where('id', '=', b.ItemID).executeTakeFirst()).toBeDefined();
    } finally {
      await editLibrarian({ ResourceTypeIDs: before.ResourceTypeIDs });
    }
  });

  it('a role limited to one branch cannot move another branch\'s copies by merging', async () => {
    const [b1, b2] = (await t.db.selectFrom('branches').select('id').where('school_id', '=', 1).orderBy('id').limit(2).execute()).map((r) => r.id) as [number, number];
    const areaB2 = (await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).where('branch_id', '=', b2).orderBy('id').executeTakeFirstOrThrow()).id;
    const a = await save({}, areaB2);
    const b = await save({}, areaB2);
    const before = await librarianRole();
    await editLibrarian({ BranchIDs: [b1] });
    try {
      expect((await t.fail(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian')).status).toBe(403);
      const copy = await t.db.selectFrom('copies').select('title_id').where('id', '=', b.Copies[0]!.ID).executeTakeFirstOrThrow();
      expect(copy.title_id).toBe(b.ItemID);
    } finally {
      await editLibrarian({ BranchIDs: before.BranchIDs });
    }
  });

  it('booklist entries, holds and reviews of the merged title move to the kept title; duplicates go', async () => {
    const a = await save();
    const b = await save();
    const now = new Date().toISOString();
    const user = (await t.db.selectFrom('users').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const list = (id: string) => t.db.insertInto('booklists').values({ school_id: 1, name: `合并书单${id}`, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const [l1, l2] = [await list(`1-${n}`), await list(`2-${n}`)];
    await t.db.insertInto('booklist_entries').values([
      { school_id: 1, booklist_id: l1.id, title_id: b.ItemID, sort: 1, added_at: now },
      { school_id: 1, booklist_id: l2.id, title_id: a.ItemID, sort: 1, added_at: now },
      { school_id: 1, booklist_id: l2.id, title_id: b.ItemID, sort: 2, added_at: now },
    ]).execute();
    await t.db.insertInto('holds').values({ school_id: 1, title_id: b.ItemID, user_id: user, state: 'cancelled', placed_at: now, closed_at: now }).execute();
    const review = { school_id: 1, user_id: user, rating: 5, text: '好书', state: 'passed' as const, created_at: now, updated_at: now };
    await t.db.insertInto('book_reviews').values([{ ...review, title_id: a.ItemID }, { ...review, title_id: b.ItemID }]).execute();
    expect(await t.data(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian')).toEqual({ ItemID: a.ItemID, Moved: 1 });
    const entries = await t.db.selectFrom('booklist_entries').select(['booklist_id', 'title_id']).where('booklist_id', 'in', [l1.id, l2.id]).orderBy('booklist_id').execute();
    expect(entries).toEqual([{ booklist_id: l1.id, title_id: a.ItemID }, { booklist_id: l2.id, title_id: a.ItemID }]);
    expect((await t.db.selectFrom('holds').select('title_id').where('user_id', '=', user).where('title_id', 'in', [a.ItemID, b.ItemID]).execute()).map((h) => h.title_id)).toEqual([a.ItemID]);
    expect(await t.db.selectFrom('book_reviews').select('title_id').where('title_id', 'in', [a.ItemID, b.ItemID]).execute()).toEqual([{ title_id: a.ItemID }]);
  });

  it('a reader waiting for both records keeps one hold: the merged title\'s is cancelled', async () => {
    const a = await save();
    const b = await save();
    const now = new Date().toISOString();
    const user = (await t.db.selectFrom('users').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const hold = (titleId: number) => t.db.insertInto('holds').values({ school_id: 1, title_id: titleId, user_id: user, state: 'notFound', placed_at: now }).returning('id').executeTakeFirstOrThrow();
    const [ha, hb] = [await hold(a.ItemID), await hold(b.ItemID)];
    await t.data(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian');
    const rows = await t.db.selectFrom('holds').select(['id', 'title_id', 'state']).where('id', 'in', [ha.id, hb.id]).orderBy('id').execute();
    expect(rows).toEqual([{ id: ha.id, title_id: a.ItemID, state: 'notFound' }, { id: hb.id, title_id: a.ItemID, state: 'cancelled' }]);
  });

  it('moved copies take the kept title\'s Dewey call number when the school shelves English books by Dewey', async () => {
    const config = await t.data(C.getEditingConfig, {}, 'admin');
    await t.data(C.saveEditingConfig, { ...config, DeweyForEnglish: true }, 'admin');
    try {
      const en = { Title: 'Holes', Author: 'Sachar, Louis', Language: 'en', DeweyNo: '813.54', ClassNo: 'I712.84' };
      const a = await save(en);
      const b = await save(en);
      expect(a.CallNo.startsWith('813.54/')).toBe(true);
      await t.data(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian');
      const moved = await t.db.selectFrom('copies').select('call_no').where('id', '=', b.Copies[0]!.ID).executeTakeFirstOrThrow();
      expect(moved.call_no).toBe(a.CallNo);
    } finally {
      await t.data(C.saveEditingConfig, config, 'admin');
    }
  });

  it('the duplicate check and the duplicate groups find titles without Chinese too', async () => {
    const c = await save({ Title: 'Charlotte\'s Web', Author: 'White, E. B.', Language: 'en' });
    const dup = await t.data(C.checkDuplicates, { Title: 'Charlotte\'s Web', Author: 'White, E. B.' }, 'librarian');
    expect(dup.List.map((x) => x.ItemID)).toContain(c.ItemID);
    const s1 = await save({ Title: 'Stuart Little', Author: 'White, E. B.', Language: 'en' });
    const s2 = await save({ Title: 'Stuart Little', Author: 'White, E. B.', Language: 'en' });
    const groups = await t.data(C.duplicateGroups, { Page: 1, Rows: 100 }, 'librarian');
    expect(groups.List.some((g) => g.Reason === 'title' && [s1.ItemID, s2.ItemID].every((id) => g.Items.some((i) => i.ItemID === id)))).toBe(true);
  });

  it('students cannot list the duplicate groups', async () => {
    expect((await t.fail(C.duplicateGroups, { Page: 1, Rows: 10 }, 'student')).status).toBe(403);
  });
});

describe.skipIf(!PG_TEST_URL)('duplicates and merging on PostgreSQL', () => {
  const pg = useTestGateway({ postgres: true });

  it('English titles group as duplicates and merge with their holds and booklist entries', async () => {
    const area = (await pg.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const save = (isbn: string) => pg.data(C.addItemsCatalogueInfo, {
      Item: { Title: 'Stuart Little', Author: 'White, E. B.', Language: 'en', ISBN: isbn, Price: 20, ClassNo: 'I712.45' }, Copies: { Count: 1, AreaID: area },
    }, 'admin');
    const a = await save('9792000009992');
    const b = await save('9792000009985');
    expect((await pg.data(C.checkDuplicates, { Title: 'Stuart Little', Author: 'White, E. B.' }, 'librarian')).List.map((x) => x.ItemID)).toEqual(expect.arrayContaining([a.ItemID, b.ItemID]));
    const groups = await pg.data(C.duplicateGroups, { Page: 1, Rows: 100 }, 'librarian');
    expect(groups.List.some((g) => g.Reason === 'title' && g.Items.some((i) => i.ItemID === b.ItemID))).toBe(true);
    const now = new Date().toISOString();
    const user = (await pg.db.selectFrom('users').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const list = await pg.db.insertInto('booklists').values({ school_id: 1, name: 'PG 合并书单', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await pg.db.insertInto('booklist_entries').values([{ school_id: 1, booklist_id: list.id, title_id: a.ItemID, sort: 1, added_at: now }, { school_id: 1, booklist_id: list.id, title_id: b.ItemID, sort: 2, added_at: now }]).execute();
    await pg.db.insertInto('holds').values({ school_id: 1, title_id: b.ItemID, user_id: user, state: 'cancelled', placed_at: now, closed_at: now }).execute();
    expect(await pg.data(C.mergeTitles, { KeepID: a.ItemID, MergeID: b.ItemID }, 'librarian')).toEqual({ ItemID: a.ItemID, Moved: 1 });
    expect(await pg.db.selectFrom('booklist_entries').select('title_id').where('booklist_id', '=', list.id).execute()).toEqual([{ title_id: a.ItemID }]);
  });
});
