import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKLIST_EDIT, BOOKLIST_MENU, booklistCalls as C } from '../../shared/api/booklists.ts';
import { addStaff } from '../circulation/desk-fixture.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('reading lists on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  /** Titles of school 1 with their copy counts, and a grade of each school. */
  let titles: Array<{ id: number; title: string; copies: number; free: number }>;
  let grade: { id: number; name: string; stage: string };
  let grade2: number;
  beforeAll(async () => {
    const rows = await t.db.selectFrom('titles as ti').innerJoin('copies as c', 'c.title_id', 'ti.id')
      .select(['ti.id', 'ti.title', (e) => e.fn.countAll<number | string>().as('n'), (e) => e.fn.sum<number | string>(e.case().when('c.circ_state', '=', 'available').then(1).else(0).end()).as('free')])
      .where('ti.school_id', '=', 1).groupBy(['ti.id', 'ti.title']).orderBy('ti.id').limit(4).execute();
    titles = rows.map((r) => ({ id: r.id, title: r.title, copies: Number(r.n), free: Number(r.free) }));
    const g = await t.db.selectFrom('departments').select(['id', 'name', 'learning_stage']).where('school_id', '=', 1).where('kind', '=', 'grade').orderBy('id').executeTakeFirstOrThrow();
    grade = { id: g.id, name: g.name, stage: g.learning_stage! };
    grade2 = (await t.db.selectFrom('departments').select('id').where('school_id', '=', 2).where('kind', '=', 'grade').executeTakeFirstOrThrow()).id;
  });

  const newList = (name: string, over: Record<string, unknown> = {}, as = 'librarian') =>
    t.data(C.add, { Name: name, Description: '寒假阅读', Stages: [grade.stage], GradeIDs: [grade.id], Published: false, ...over }, as);
  const entries = (ListID: number, as = 'librarian') => t.data(C.entries, { ListID, Page: 1, Rows: 1000 }, as);

  describe('lists (GetList, GetInfo, Add, Update, Delete)', () => {
    it('creates a list for stages and grades, names the grades, and refuses a name twice', async () => {
      const l = await newList('一年级寒假书单');
      expect(l).toMatchObject({ Name: '一年级寒假书单', Stages: [grade.stage], GradeIDs: [grade.id], GradeNames: grade.name, Published: false, Titles: 0 });
      expect(await t.fail(C.add, { Name: '一年级寒假书单' }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: 'A reading list named "一年级寒假书单" already exists' });
      expect((await t.fail(C.add, { Name: 'Other school grade', GradeIDs: [grade2] }, 'librarian')).status).toBe(404);
      expect((await t.fail(C.add, { Name: '' }, 'librarian')).status).toBe(400);
      const u = await t.data(C.update, { ID: l.ID, Name: '一年级寒假必读', Published: true, Stages: [], GradeIDs: [] }, 'librarian');
      expect(u).toMatchObject({ Name: '一年级寒假必读', Published: true, GradeNames: '' });
      expect((await t.data(C.get, { ID: l.ID }, 'librarian')).Name).toBe('一年级寒假必读');
    });

    it('finds lists by name and by stage', async () => {
      await newList('Stage list', { Stages: ['senior'], GradeIDs: [] });
      const found = await t.data(C.list, { SearchKey: 'stage list' }, 'librarian');
      expect(found.List.map((l) => l.Name)).toEqual(['Stage list']);
      expect((await t.data(C.list, { LearningStage: 'senior', Rows: 100 }, 'librarian')).List.map((l) => l.Name)).toContain('Stage list');
      expect((await t.data(C.list, { LearningStage: 'junior', SearchKey: 'Stage list' }, 'librarian')).Total).toBe(0);
    });

    it('deletes a list with its titles', async () => {
      const l = await newList('To delete');
      await t.data(C.addEntries, { ListID: l.ID, ItemIDs: [titles[0]!.id] }, 'librarian');
      await t.data(C.delete, { ID: l.ID }, 'librarian');
      expect((await t.fail(C.get, { ID: l.ID }, 'librarian')).status).toBe(404);
      expect(await t.db.selectFrom('booklist_entries').select('id').where('booklist_id', '=', l.ID).execute()).toEqual([]);
    });
  });

  describe('titles on a list (AddEntries, GetEntries, Reorder, UpdateEntry, RemoveEntries)', () => {
    it('adds catalogue titles at the end with their copies, reports one already there, reorders, notes and removes', async () => {
      const l = await newList('Ordered');
      const [a, b, c] = titles as [typeof titles[0], typeof titles[0], typeof titles[0]];
      expect(await t.data(C.addEntries, { ListID: l.ID, ItemIDs: [a.id, b.id] }, 'librarian')).toEqual({
        Added: 2, Rows: [{ ItemID: a.id, Outcome: 'added' }, { ItemID: b.id, Outcome: 'added' }],
      });
      expect(await t.data(C.addEntries, { ListID: l.ID, ItemIDs: [b.id, c.id], Note: '适合朗读' }, 'librarian')).toEqual({
        Added: 1, Rows: [{ ItemID: b.id, Outcome: 'already' }, { ItemID: c.id, Outcome: 'added' }],
      });
      let list = await entries(l.ID);
      expect(list.List.map((e) => [e.ItemID, e.Position, e.Note])).toEqual([[a.id, 1, ''], [b.id, 2, ''], [c.id, 3, '适合朗读']]);
      expect(list.List[0]).toMatchObject({ Title: a.title, Copies: a.copies, Available: a.free });
      expect((await t.data(C.get, { ID: l.ID }, 'librarian')).Titles).toBe(3);

      const [ea, eb, ec] = list.List.map((e) => e.ID) as [number, number, number];
      await t.data(C.reorder, { ListID: l.ID, IDs: [ec, ea, eb] }, 'librarian');
      list = await entries(l.ID);
      expect(list.List.map((e) => e.ItemID)).toEqual([c.id, a.id, b.id]);
      expect(await t.fail(C.reorder, { ListID: l.ID, IDs: [ec, ea] }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: 'Someone else changed the list; reload it and reorder again' });
      expect((await t.fail(C.reorder, { ListID: l.ID, IDs: [ec, ea, ea] }, 'librarian')).status).toBe(409);

      expect(await t.data(C.updateEntry, { ID: eb, Note: '每天读一章' }, 'librarian')).toMatchObject({ ID: eb, Note: '每天读一章', Position: 3 });
      expect(await t.data(C.removeEntries, { ListID: l.ID, IDs: [ea] }, 'librarian')).toEqual({ Removed: 1 });
      expect((await entries(l.ID)).List.map((e) => [e.ItemID, e.Position])).toEqual([[c.id, 1], [b.id, 2]]);
      expect((await t.fail(C.removeEntries, { ListID: l.ID, IDs: [ea] }, 'librarian')).status).toBe(404);
    });

    it('refuses a title of another school, changing nothing', async () => {
      const l = await newList('Foreign title');
      const other = (await t.db.selectFrom('titles').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow()).id;
      expect((await t.fail(C.addEntries, { ListID: l.ID, ItemIDs: [titles[0]!.id, other] }, 'librarian')).status).toBe(404);
      expect((await entries(l.ID)).Total).toBe(0);
    });
  });

  describe('readers and permissions', () => {
    it('lets any signed-in reader read published lists only', async () => {
      const pub = await newList('Published one', { Published: true });
      const draft = await newList('Draft one');
      await t.data(C.addEntries, { ListID: pub.ID, ItemIDs: [titles[0]!.id] }, 'librarian');
      const seen = await t.data(C.published, { Page: 1, Rows: 100 }, 'student');
      expect(seen.List.map((l) => l.Name)).toContain('Published one');
      expect(seen.List.map((l) => l.Name)).not.toContain('Draft one');
      expect((await t.data(C.publishedEntries, { ListID: pub.ID }, 'student')).List).toHaveLength(1);
      expect((await t.fail(C.publishedEntries, { ListID: draft.ID }, 'student')).status).toBe(404);
      expect((await t.fail(C.published, {}, null)).status).toBe(401);
    });

    it('keeps staff calls from readers (403); the menu reads, the operation edits', async () => {
      for (const who of ['student', 'parent']) {
        expect((await t.fail(C.list, {}, who)).status).toBe(403);
        expect((await t.fail(C.add, { Name: 'x' }, who)).status).toBe(403);
        expect((await t.fail(C.addEntries, { ListID: 1, ItemIDs: [1] }, who)).status).toBe(403);
        expect((await t.fail(C.reorder, { ListID: 1, IDs: [1] }, who)).status).toBe(403);
      }
      await addStaff(t, 'listview', [BOOKLIST_MENU]);
      await t.data(C.list, {}, 'listview');
      expect((await t.fail(C.add, { Name: 'x' }, 'listview')).status).toBe(403);
      await addStaff(t, 'listedit', [BOOKLIST_MENU, BOOKLIST_EDIT]);
      await t.data(C.add, { Name: 'By an editor' }, 'listedit');
    });

    it('never shows or touches another school\'s lists', async () => {
      const l = await newList('School one only', { Published: true });
      expect((await t.fail(C.get, { ID: l.ID }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.update, { ID: l.ID, Name: 'taken' }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.delete, { ID: l.ID }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.entries, { ListID: l.ID }, 'admin2')).status).toBe(404);
      expect((await t.data(C.list, { Page: 1, Rows: 100 }, 'admin2')).List.map((x) => x.ID)).not.toContain(l.ID);
      // The same name is free in another school.
      await t.data(C.add, { Name: 'School one only' }, 'admin2');
    });
  });
});
