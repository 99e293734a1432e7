import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_EDIT, ACTIVITY_MENU, activityCalls as C } from '../../shared/api/activities.ts';
import { addDays } from '../../shared/domain/borrowing/local-days.ts';
import { addStaff } from '../circulation/desk-fixture.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { dayStartInstant, localToday } from './activity-dates.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('reading themes and activities on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const anon = { school: 1 };

  let today = '';
  let offset = 480;
  let theme = 0;
  /** Titles of school 1 and one of school 2. */
  let books: number[] = [];
  let foreignBook = 0;
  let student = { id: 0, name: '', readerId: '' };
  beforeAll(async () => {
    offset = (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
    today = localToday(offset);
    books = (await t.db.selectFrom('titles').select('id').where('school_id', '=', 1).orderBy('id').limit(5).execute()).map((r) => r.id);
    foreignBook = (await t.db.selectFrom('titles').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow()).id;
    const s = await t.db.selectFrom('users').select(['id', 'name', 'reader_id']).where('account', '=', 'student').executeTakeFirstOrThrow();
    student = { id: s.id, name: s.name, readerId: s.reader_id };
    theme = (await t.data(C.addTheme, { Title: '测试主题', Summary: '测试用' }, 'librarian')).ID;
  });

  const day = (n: number) => addDays(today, n);
  const newActivity = (from: number, to: number, over: Record<string, unknown> = {}) => t.data(C.addActivity, {
    ThemeID: theme, Title: `活动 ${from}..${to}`, Summary: '简介', Body: '正文', Organizer: '图书馆', StartDate: day(from), EndDate: day(to),
    Tasks: [
      { Title: '借两本书', Kind: 'read', Target: 2, ItemIDs: [books[0], books[1], books[2]] },
      { Title: '写读书笔记', Kind: 'note', Target: 1, ItemIDs: [books[0]] },
    ],
    ...over,
  }, 'librarian');

  describe('the demo seed', () => {
    it('has three themes, activities in every state and about forty entries for school 1', async () => {
      const themes = await t.data(C.themeList, { Rows: 50 }, anon);
      expect(themes.List.filter((x) => x.Title !== '测试主题').length).toBe(3);
      const acts = await t.data(C.activityList, { Rows: 50 }, anon);
      expect(new Set(acts.List.map((a) => a.State))).toEqual(new Set(['doing', 'notStarted', 'ended']));
      const entries = await t.db.selectFrom('activity_submissions').select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', 1).executeTakeFirstOrThrow();
      expect(Number(entries.n)).toBeGreaterThanOrEqual(35);
      const running = acts.List.find((a) => a.State === 'doing')!;
      const info = await t.data(C.activityInfo, { ID: running.ID }, anon);
      expect(info.TaskList.length).toBeGreaterThan(0);
      expect(info.TaskList[0]!.Books.length).toBeGreaterThan(0);
    });
  });

  describe('reads (the portal and the kiosk, without signing in)', () => {
    it('answers for the SchoolID header or the token\'s school, never without a school or across schools', async () => {
      const a = await newActivity(-1, 1);
      expect((await t.data(C.activityInfo, { ID: a.ID }, anon)).Title).toBe(a.Title);
      expect((await t.data(C.activityInfo, { ID: a.ID }, 'student')).Title).toBe(a.Title);
      expect(await t.fail(C.activityInfo, { ID: a.ID }, null, 'en-US')).toMatchObject({ status: 400, message: 'Please choose a school first' });
      expect(await t.fail(C.activityInfo, { ID: a.ID }, { school: 2 }, 'en-US')).toMatchObject({ status: 404, message: 'Reading activity not found' });
      expect((await t.fail(C.activityInfo, { ID: a.ID }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.submitsByActivity, { ActivityID: a.ID }, { school: 2 })).status).toBe(404);
      expect((await t.fail(C.submitsByTheme, { ThemeID: theme }, { school: 2 })).status).toBe(404);
      const other = await t.data(C.activityList, { Rows: 50 }, { school: 2 });
      expect(other.List.map((x) => x.ID)).not.toContain(a.ID);
      expect(other.Total).toBeGreaterThan(0);
      expect((await t.data(C.themeList, { Rows: 50 }, { school: 2 })).List.map((x) => x.ID)).not.toContain(theme);
      expect((await t.data(C.themeList, { ID: theme }, { school: 2 })).Total).toBe(0);
    });

    it('computes states from the dates in the school\'s time zone, lists running ones first and filters by state', async () => {
      const running = await newActivity(-2, 3, { Title: '状态-进行中' });
      const lastDay = await newActivity(-5, 0, { Title: '状态-今天结束' });
      const firstDay = await newActivity(0, 4, { Title: '状态-今天开始' });
      const coming = await newActivity(2, 9, { Title: '状态-未开始' });
      const ended = await newActivity(-9, -1, { Title: '状态-已结束' });
      expect([running.State, lastDay.State, firstDay.State, coming.State, ended.State]).toEqual(['doing', 'doing', 'doing', 'notStarted', 'ended']);
      const mine = async (State?: string) => (await t.data(C.activityList, { ThemeID: theme, Rows: 50, ...(State ? { State } : {}) }, anon)).List
        .filter((x) => x.Title.startsWith('状态-')).map((x) => x.Title);
      // Running (ending soonest first), then to come, then ended.
      expect(await mine()).toEqual(['状态-今天结束', '状态-进行中', '状态-今天开始', '状态-未开始', '状态-已结束']);
      expect(await mine('doing')).toEqual(['状态-今天结束', '状态-进行中', '状态-今天开始']);
      expect(await mine('notStarted')).toEqual(['状态-未开始']);
      expect(await mine('ended')).toEqual(['状态-已结束']);
      const th = (await t.data(C.themeList, { ID: theme }, anon)).List[0]!;
      expect(th.Doing).toBeGreaterThanOrEqual(3);
      expect(th.Activities).toBeGreaterThan(th.Doing);
      expect((await t.data(C.activityList, { SearchKey: '状态-未开始' }, anon)).List.map((x) => x.ID)).toEqual([coming.ID]);
    });

    it('refuses bad input with a message and answers a page past the end with nothing', async () => {
      expect((await t.fail(C.activityInfo, { ID: 'abc' }, anon)).status).toBe(400);
      expect((await t.fail(C.activityInfo, {}, anon, 'en-US')).status).toBe(400);
      expect((await t.fail(C.activityList, { State: 'running' }, anon)).status).toBe(400);
      expect((await t.fail(C.activityList, { Rows: 51 }, anon)).status).toBe(400);
      expect((await t.fail(C.themeList, { SearchKey: 'x'.repeat(2000) }, anon)).status).toBe(400);
      expect((await t.data(C.activityList, { Page: 9999 }, anon)).List).toEqual([]);
      expect((await t.data(C.activityList, { SearchKey: "'; drop table activities; --" }, anon)).Total).toBe(0);
      expect((await t.data(C.themeList, { SearchKey: '😀%_' }, anon)).Total).toBe(0);
      expect((await t.fail(C.activityInfo, { ID: 2_000_000_000 }, anon)).status).toBe(404);
    });
  });

  describe('entries (a signed-in reader, their own, while the activity runs)', () => {
    it('lets a reader submit to a running activity\'s task, shown with a masked name and class to others', async () => {
      const a = await newActivity(-3, 3);
      const note = a.TaskList.find((x) => x.Kind === 'note')!;
      // A UserID in the input is not the writer: the token's user is.
      const other = await t.db.selectFrom('users').select('id').where('account', '=', 'classlib').executeTakeFirstOrThrow();
      const saved = await t.data(C.submit, { ActivityID: a.ID, TaskID: note.ID, ItemID: books[0], Content: '  很好看！\n推荐。 ', UserID: other.id }, 'student');
      expect(saved).toMatchObject({ ActivityID: a.ID, TaskID: note.ID, ItemID: books[0], Content: '很好看！\n推荐。', ReaderName: student.name, Mine: true });
      const row = await t.db.selectFrom('activity_submissions').select('user_id').where('id', '=', saved.ID).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(student.id);

      const seen = await t.data(C.submitsByActivity, { ActivityID: a.ID }, anon);
      expect(seen.List[0]).toMatchObject({ ID: saved.ID, Mine: false, ReaderName: `${[...student.name][0]}${'*'.repeat([...student.name].length - 1)}` });
      expect(seen.List[0]!.ClassName).not.toBe('');
      // Never a card number.
      expect(JSON.stringify(seen)).not.toContain(student.readerId);
      expect((await t.data(C.submitsByActivity, { ActivityID: a.ID }, 'librarian')).List[0]!.ReaderName).toBe(student.name);
      expect((await t.data(C.submitsByActivity, { ActivityID: a.ID, TaskID: note.ID }, 'student')).List[0]).toMatchObject({ Mine: true, ReaderName: student.name });
      expect((await t.data(C.submitsByTheme, { ThemeID: theme, Rows: 50 }, anon)).List.map((x) => x.ID)).toContain(saved.ID);

      // The note task is completed by one reader now; the counts follow.
      const info = await t.data(C.activityInfo, { ID: a.ID }, anon);
      expect(info.TaskList.find((x) => x.ID === note.ID)!.Completed).toBe(1);
      expect(info).toMatchObject({ Participants: 1, Submissions: 1 });
    });

    it('refuses entries before the start, after the end, without signing in, and to a task or book elsewhere', async () => {
      const coming = await newActivity(1, 5);
      const ended = await newActivity(-5, -1);
      const running = await newActivity(-1, 1);
      const entry = (a: typeof coming, over: Record<string, unknown> = {}) => ({ ActivityID: a.ID, TaskID: a.TaskList[1]!.ID, Content: '读后感', ...over });
      expect(await t.fail(C.submit, entry(coming), 'student', 'en-US')).toMatchObject({ status: 409, message: `The activity has not started yet (it starts on ${day(1)}); entries are open once it runs` });
      expect(await t.fail(C.submit, entry(ended), 'student', 'en-US')).toMatchObject({ status: 409, message: `The activity ended on ${day(-1)}; entries are closed` });
      expect((await t.fail(C.submit, entry(running), null)).status).toBe(401);
      expect((await t.fail(C.submit, entry(running), { school: 1 })).status).toBe(401);
      expect((await t.fail(C.submit, entry(running, { TaskID: coming.TaskList[1]!.ID }), 'student')).status).toBe(404);
      expect(await t.fail(C.submit, entry(running, { ItemID: books[3] }), 'student', 'en-US')).toMatchObject({ status: 409, message: "Please choose a book from the task's list" });
      expect((await t.fail(C.submit, entry(running, { ItemID: foreignBook }), 'student')).status).toBe(404);
      expect((await t.fail(C.submit, entry(running), 'admin2')).status).toBe(404);
      expect(await t.fail(C.submit, entry(running, { Content: '' }), 'student', 'en-US')).toMatchObject({ status: 400, message: expect.stringContaining('Please write your entry') });
      expect((await t.fail(C.submit, entry(running, { Content: '长'.repeat(1001) }), 'student')).status).toBe(400);
      expect(await t.db.selectFrom('activity_submissions').select('id').where('activity_id', 'in', [coming.ID, ended.ID, running.ID]).execute()).toEqual([]);
    });

    it('counts a "read" task as completed by readers who borrowed enough titles of its list within the dates', async () => {
      const a = await newActivity(-4, 4);
      const read = a.TaskList.find((x) => x.Kind === 'read')!;
      const copyOf = async (title: number) => (await t.db.selectFrom('copies').select('id').where('title_id', '=', title).executeTakeFirstOrThrow()).id;
      const readers = (await t.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'student').orderBy('id', 'desc').limit(3).execute()).map((r) => r.id);
      const loan = async (user: number, title: number, at: string) => t.db.insertInto('loans')
        .values({ school_id: 1, copy_id: await copyOf(title), user_id: user, loaned_at: at, due_at: at, returned_at: at }).execute();
      const inside = new Date(Date.parse(dayStartInstant(day(-2), offset)) + 3_600_000).toISOString();
      const before = new Date(Date.parse(dayStartInstant(day(-4), offset)) - 60_000).toISOString();
      // Two titles within the dates: done. One title twice: not done. One inside, one the minute before the start: not done.
      await loan(readers[0]!, books[0]!, inside);
      await loan(readers[0]!, books[1]!, inside);
      await loan(readers[1]!, books[0]!, inside);
      await loan(readers[1]!, books[0]!, inside);
      await loan(readers[2]!, books[2]!, inside);
      await loan(readers[2]!, books[1]!, before);
      const info = await t.data(C.activityInfo, { ID: a.ID }, anon);
      expect(info.TaskList.find((x) => x.ID === read.ID)!.Completed).toBe(1);
      expect(info.TaskList.find((x) => x.ID === read.ID)!.Books.map((b) => b.ItemID)).toEqual([books[0], books[1], books[2]]);
    });
  });

  describe('staff keep themes and activities', () => {
    it('validates dates, themes and titles of the school', async () => {
      expect(await t.fail(C.addActivity, { ThemeID: theme, Title: 'x', StartDate: day(3), EndDate: day(2) }, 'librarian', 'en-US'))
        .toMatchObject({ status: 400, message: expect.stringContaining('The end date cannot be before the start date') });
      expect((await t.fail(C.addActivity, { ThemeID: theme, Title: 'x', StartDate: '2026-02-30', EndDate: day(2) }, 'librarian')).status).toBe(400);
      expect((await t.fail(C.addActivity, { ThemeID: theme, Title: '', StartDate: day(1), EndDate: day(2) }, 'librarian')).status).toBe(400);
      const foreignTheme = (await t.data(C.addTheme, { Title: '别校主题' }, 'admin2')).ID;
      expect((await t.fail(C.addActivity, { ThemeID: foreignTheme, Title: 'x', StartDate: day(1), EndDate: day(2) }, 'librarian')).status).toBe(404);
      expect(await t.fail(C.addActivity, { ThemeID: theme, Title: 'x', StartDate: day(1), EndDate: day(2), Tasks: [{ Title: 't', Kind: 'read', ItemIDs: [foreignBook] }] }, 'librarian', 'en-US'))
        .toMatchObject({ status: 404, message: "A book on the list is not in this school's catalogue" });
      expect((await t.fail(C.addActivity, { ThemeID: theme, Title: 'x', StartDate: day(1), EndDate: day(2), Tasks: [{ Title: 't', Kind: 'quiz' }] }, 'librarian')).status).toBe(400);
      expect((await t.fail(C.updateTheme, { ID: foreignTheme, Title: 'taken' }, 'librarian')).status).toBe(404);
    });

    it('updates an activity keeping its tasks\' entries, refuses to drop a task with entries, and deletes with everything', async () => {
      const a = await newActivity(-1, 5);
      const [read, note] = a.TaskList as [typeof a.TaskList[0], typeof a.TaskList[0]];
      await t.data(C.submit, { ActivityID: a.ID, TaskID: note.ID, Content: '好书' }, 'student');
      const base = { ID: a.ID, ThemeID: theme, Title: '改名了', StartDate: day(-1), EndDate: day(6) };
      expect(await t.fail(C.updateActivity, { ...base, Tasks: [{ ID: read.ID, Title: '借书', Kind: 'read', Target: 1, ItemIDs: [books[4]] }] }, 'librarian', 'en-US'))
        .toMatchObject({ status: 409, message: 'Readers have submitted entries to this task, so it cannot be removed' });
      const u = await t.data(C.updateActivity, {
        ...base, Tasks: [{ ID: note.ID, Title: '写笔记', Kind: 'note' }, { Title: '新任务', Kind: 'read', Target: 1, ItemIDs: [books[4]] }],
      }, 'librarian');
      expect(u).toMatchObject({ Title: '改名了', EndDate: day(6), Submissions: 1 });
      expect(u.TaskList.map((x) => [x.Title, x.Books.map((b) => b.ItemID)])).toEqual([['写笔记', []], ['新任务', [books[4]]]]);
      expect(u.TaskList[0]!.ID).toBe(note.ID);
      expect((await t.fail(C.updateActivity, { ...base, Tasks: [{ ID: 2_000_000, Title: 'x', Kind: 'note' }] }, 'librarian')).status).toBe(404);

      expect(await t.fail(C.deleteTheme, { ID: theme }, 'librarian', 'en-US')).toMatchObject({ status: 409 });
      await t.data(C.deleteActivity, { ID: a.ID }, 'librarian');
      expect((await t.fail(C.activityInfo, { ID: a.ID }, anon)).status).toBe(404);
      expect(await t.db.selectFrom('activity_submissions').select('id').where('activity_id', '=', a.ID).execute()).toEqual([]);
      const empty = await t.data(C.addTheme, { Title: '空主题' }, 'librarian');
      expect((await t.data(C.updateTheme, { ID: empty.ID, Title: '空主题2', Summary: 's' }, 'librarian')).Title).toBe('空主题2');
      await t.data(C.deleteTheme, { ID: empty.ID }, 'librarian');
      expect((await t.data(C.themeList, { ID: empty.ID }, anon)).Total).toBe(0);
    });

    it('keeps staff writes from readers and from staff without the operation; staff take an entry down', async () => {
      for (const who of ['student', 'parent', 'teacher']) {
        expect((await t.fail(C.addTheme, { Title: 'x' }, who)).status).toBe(403);
        expect((await t.fail(C.deleteActivity, { ID: 1 }, who)).status).toBe(403);
        expect((await t.fail(C.deleteSubmission, { ID: 1 }, who)).status).toBe(403);
      }
      await addStaff(t, 'actview', [ACTIVITY_MENU]);
      expect((await t.fail(C.addTheme, { Title: 'x' }, 'actview')).status).toBe(403);
      await addStaff(t, 'actedit', [ACTIVITY_MENU, ACTIVITY_EDIT]);
      await t.data(C.addTheme, { Title: '编辑加的主题' }, 'actedit');

      const a = await newActivity(-1, 1);
      const s = await t.data(C.submit, { ActivityID: a.ID, TaskID: a.TaskList[1]!.ID, Content: '不合适的内容' }, 'student');
      expect((await t.fail(C.deleteSubmission, { ID: s.ID }, 'admin2')).status).toBe(404);
      await t.data(C.deleteSubmission, { ID: s.ID }, 'librarian');
      expect((await t.data(C.submitsByActivity, { ActivityID: a.ID }, anon)).Total).toBe(0);
    });
  });
});
