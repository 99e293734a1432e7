import { beforeAll, describe, expect, it } from 'vitest';
import { acquisitionCalls } from '../../shared/api/acquisition.ts';
import { MAX_PENDING_PER_READER, recommendationCalls as C, RECOMMENDATION_MENU, RECOMMENDATION_PERMS } from '../../shared/api/recommendations.ts';
import { toIsbn10 } from '../../shared/domain/catalogue/isbn.ts';
import { addStaff, freeReaders } from '../circulation/desk-fixture.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/** A valid ISBN-13 made from 12 digits (the check digit computed). */
function isbn13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

describe.each(databases)('purchase suggestions on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  /** A title of school 1 with copies, its ISBN and how many copies / on the shelf. */
  let held: { isbn: string; title: string; copies: number; free: number };
  beforeAll(async () => {
    const row = await t.db.selectFrom('titles as ti').innerJoin('copies as c', 'c.title_id', 'ti.id')
      .select(['ti.isbn13', 'ti.title', (e) => e.fn.countAll<number | string>().as('n')])
      .where('ti.school_id', '=', 1).where('ti.isbn13', 'like', '978%').groupBy(['ti.isbn13', 'ti.title']).having((e) => e.fn.countAll(), '>=', 2)
      .orderBy('ti.isbn13').limit(1).executeTakeFirstOrThrow();
    const copies = await t.db.selectFrom('titles as ti').innerJoin('copies as c', 'c.title_id', 'ti.id').select(['c.circ_state'])
      .where('ti.school_id', '=', 1).where('ti.isbn13', '=', row.isbn13).execute();
    held = { isbn: row.isbn13, title: row.title, copies: copies.length, free: copies.filter((c) => c.circ_state === 'available').length };
  });

  const groups = (input: Record<string, unknown> = {}, as = 'librarian') => t.data(C.groups, { Page: 1, Rows: 100, ...input }, as);

  describe('a reader suggests (Submit, GetMyList, Withdraw)', () => {
    it('records the suggestion with the reader\'s class and stage, normalises the ISBN and says what the school holds', async () => {
      const s = await t.data(C.submit, { Title: '  Held Book  ', ISBN: `ISBN ${toIsbn10(held.isbn) ?? held.isbn}`, Reason: '班里都想读' }, 'student');
      expect(s).toMatchObject({ Title: 'Held Book', State: 'pending', Reply: '', Held: held.copies, Reason: '班里都想读' });
      expect(s.ISBN).toMatch(/^[0-9X]{10,13}$/);
      const row = await t.db.selectFrom('recommendations').selectAll().where('id', '=', s.ID).executeTakeFirstOrThrow();
      const student = await t.db.selectFrom('users as u').innerJoin('departments as d', 'd.id', 'u.dept_id').select(['u.id', 'd.name', 'd.learning_stage'])
        .where('u.account', '=', 'student').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: student.id, identity: 'student', class_name: student.name, learning_stage: student.learning_stage, group_key: held.isbn, entered_by: null });
    });

    it('refuses the same book twice (its other ISBN form, or the same title and author written differently)', async () => {
      expect(await t.fail(C.submit, { Title: 'Another title', ISBN: held.isbn }, 'student', 'en-US'))
        .toMatchObject({ status: 409, message: 'You have already suggested "Another title"' });
      await t.data(C.submit, { Title: 'The Little Prince', Author: 'Saint-Exupéry' }, 'student');
      expect((await t.fail(C.submit, { Title: 'the little  prince!', Author: 'SAINT EXUPÉRY' }, 'student')).status).toBe(409);
      // Another author is another book.
      await t.data(C.submit, { Title: 'The Little Prince', Author: 'Somebody Else' }, 'student');
    });

    it('refuses bad input (no title, a wrong check digit) with 400', async () => {
      expect((await t.fail(C.submit, { Title: '' }, 'student')).status).toBe(400);
      expect(await t.fail(C.submit, { Title: 'X', ISBN: '9787020002208' }, 'student', 'en-US')).toMatchObject({ status: 400 });
      expect((await t.fail(C.submit, { Title: 'X' }, null)).status).toBe(401);
    });

    it(`holds a reader to ${MAX_PENDING_PER_READER} pending suggestions`, async () => {
      const before = (await t.data(C.mine, { State: 'pending' }, 'parent')).Total;
      for (let i = before; i < MAX_PENDING_PER_READER; i++) await t.data(C.submit, { Title: `Limit book ${i}` }, 'parent');
      expect(await t.fail(C.submit, { Title: 'One too many' }, 'parent', 'en-US')).toMatchObject({ status: 409, message: expect.stringContaining(`${MAX_PENDING_PER_READER} suggestions waiting`) });
      // Withdrawing one makes room.
      const mine = await t.data(C.mine, { Rows: 100 }, 'parent');
      expect(mine.Total).toBe(MAX_PENDING_PER_READER);
      await t.data(C.withdraw, { ID: mine.List[0]!.ID }, 'parent');
      await t.data(C.submit, { Title: 'One too many' }, 'parent');
    });

    it('shows and withdraws only the reader\'s own suggestions, and only while pending', async () => {
      const own = await t.data(C.submit, { Title: 'Mine only' }, 'teacher');
      const others = await t.data(C.mine, { Rows: 100 }, 'student');
      expect(others.List.map((s) => s.ID)).not.toContain(own.ID);
      expect((await t.fail(C.withdraw, { ID: own.ID }, 'student')).status).toBe(404);
      await t.data(C.abandon, { IDs: [own.ID], AbandonReason: 'unsuitable', Reply: '不适合' }, 'librarian');
      expect(await t.fail(C.withdraw, { ID: own.ID }, 'teacher', 'en-US')).toMatchObject({ status: 409, message: 'This suggestion has been handled and can no longer be withdrawn' });
      const seen = (await t.data(C.mine, { State: 'abandoned' }, 'teacher')).List.find((s) => s.ID === own.ID);
      expect(seen).toMatchObject({ State: 'abandoned', AbandonReason: 'unsuitable', Reply: '不适合' });
      expect(seen!.HandledAt).not.toBeNull();
    });
  });

  describe('staff (GetList, GetGroup, AddForReader, Process, Abandon)', () => {
    it('groups one book\'s suggestions into one line with the readers asking and the copies held', async () => {
      const readers = await freeReaders(t, 3);
      const isbn = isbn13('978711100001');
      for (const r of readers) await t.data(C.addForReader, { ReaderID: r.reader_id, Title: '三体', Author: '刘慈欣', ISBN: isbn }, 'librarian');
      await t.data(C.addForReader, { ReaderID: readers[0]!.reader_id, Title: held.title, ISBN: held.isbn }, 'librarian');
      const list = await groups({ SearchKey: '三体' });
      expect(list.List).toHaveLength(1);
      expect(list.List[0]).toMatchObject({ Title: '三体', Author: '刘慈欣', ISBN: isbn, Count: 3, State: 'pending', Held: 0 });
      const heldLine = (await groups({ SearchKey: held.isbn })).List[0]!;
      expect(heldLine).toMatchObject({ Held: held.copies, Available: held.free });
      expect(heldLine.Count).toBeGreaterThanOrEqual(2);

      const who = await t.data(C.group, { ID: list.List[0]!.IDs[0]! }, 'librarian');
      expect(who.map((w) => w.ReaderID).sort()).toEqual(readers.map((r) => r.reader_id).sort());
      expect(who[0]).toMatchObject({ Identity: 'student', EnteredBy: expect.any(String) });
      expect(who[0]!.EnteredBy).not.toBe('');
      expect(who[0]!.ClassName).not.toBe('');
    });

    it('puts the most asked first and filters by identity, stage and day', async () => {
      const all = await groups();
      const counts = all.List.map((g) => g.Count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const teachers = await groups({ Identity: 'teacher' });
      expect(teachers.List.every((g) => g.Title !== '三体')).toBe(true);
      const stage = (await t.db.selectFrom('recommendations').select('learning_stage').where('learning_stage', 'is not', null).executeTakeFirstOrThrow()).learning_stage!;
      const other = stage === 'primary' ? 'senior' : 'primary';
      expect((await groups({ LearningStage: stage })).Total).toBeGreaterThan(0);
      expect((await groups({ LearningStage: other })).Total).toBe(0);
      expect((await groups({ DateTo: '2000-01-01' })).Total).toBe(0);
      expect((await groups({ DateFrom: '2000-01-01' })).Total).toBe(all.Total);
    });

    it('processes several books at once, linked to a batch; a suggestion handled meanwhile is reported, not changed', async () => {
      const readers = await freeReaders(t, 2);
      const a = await t.data(C.addForReader, { ReaderID: readers[0]!.reader_id, Title: 'Bulk A' }, 'librarian');
      const b = await t.data(C.addForReader, { ReaderID: readers[1]!.reader_id, Title: 'Bulk B' }, 'librarian');
      await t.data(C.abandon, { IDs: [b.ID], AbandonReason: 'outOfPrint' }, 'admin');
      const batch = (await t.data(C.batches, {}, 'librarian'))[0]!;
      const done = await t.data(C.process, { IDs: [a.ID, b.ID], BatchID: batch.ID, Reply: '已订购，下月到馆' }, 'librarian');
      expect(done).toEqual({ Changed: 1, Rows: [{ ID: a.ID, Outcome: 'changed', State: 'processed' }, { ID: b.ID, Outcome: 'skipped', State: 'abandoned' }] });
      const line = (await groups({ State: 'processed', SearchKey: 'Bulk A' })).List[0]!;
      expect(line).toMatchObject({ Reply: '已订购，下月到馆', BatchNo: batch.BatchNo, HandledBy: expect.any(String) });
      expect(line.HandledBy).not.toBe('');
      expect((await groups({ State: 'abandoned', SearchKey: 'Bulk B' })).List[0]).toMatchObject({ AbandonReason: 'outOfPrint' });
    });

    it('changes nothing when one suggestion or the batch is unknown', async () => {
      const [r] = await freeReaders(t, 1);
      const a = await t.data(C.addForReader, { ReaderID: r!.reader_id, Title: 'Unknown mix' }, 'librarian');
      expect((await t.fail(C.process, { IDs: [a.ID, 2_000_000] }, 'librarian')).status).toBe(404);
      expect((await t.fail(C.process, { IDs: [a.ID], BatchID: 2_000_000 }, 'librarian')).status).toBe(404);
      expect((await t.fail(C.abandon, { IDs: [a.ID] }, 'librarian')).status).toBe(400);
      expect((await t.db.selectFrom('recommendations').select('state').where('id', '=', a.ID).executeTakeFirstOrThrow()).state).toBe('pending');
      expect((await t.fail(C.addForReader, { ReaderID: 'NO-SUCH-CARD', Title: 'x' }, 'librarian')).status).toBe(404);
    });

    it('exports the list under its filters as .xlsx, one row per book', async () => {
      const token = await t.tokenFor('librarian');
      const { DataID } = await t.data(C.export, { State: 'pending', SearchKey: '三体' }, { as: 'librarian', lang: 'en-US' });
      const job = (await pollJob(t, DataID, token)).at(-1)!;
      expect(job).toMatchObject({ State: 2, DataCount: 1, Progress: 1 });
      expect(job.FileName).toMatch(/^Purchase suggestions_\d{14}\.xlsx$/);
      const file = await downloadJobFile(t, DataID, token);
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows[0]!.slice(0, 5)).toEqual(['Title', 'Author', 'Publisher', 'ISBN', 'Readers asking']);
      expect(rows.slice(1).map((r) => [r[0], r[4]])).toEqual([['三体', 3]]);
    });
  });

  describe('permissions and schools', () => {
    it('keeps staff calls from readers (403) and from anonymous callers (401)', async () => {
      for (const who of ['student', 'teacher', 'parent']) {
        expect((await t.fail(C.groups, {}, who)).status).toBe(403);
        expect((await t.fail(C.group, { ID: 1 }, who)).status).toBe(403);
        expect((await t.fail(C.process, { IDs: [1] }, who)).status).toBe(403);
        expect((await t.fail(C.abandon, { IDs: [1], AbandonReason: 'held' }, who)).status).toBe(403);
        expect((await t.fail(C.addForReader, { ReaderID: 'X1', Title: 'x' }, who)).status).toBe(403);
        expect((await t.fail(C.export, {}, who)).status).toBe(403);
      }
      expect((await t.fail(C.mine, {}, null)).status).toBe(401);
    });

    it('a menu alone reads; handling and exporting need their operations', async () => {
      await addStaff(t, 'recview', [RECOMMENDATION_MENU]);
      await groups({}, 'recview');
      expect((await t.fail(C.process, { IDs: [1] }, 'recview')).status).toBe(403);
      expect((await t.fail(C.export, {}, 'recview')).status).toBe(403);
      await addStaff(t, 'rechandle', [RECOMMENDATION_MENU, RECOMMENDATION_PERMS.handle]);
      const [r] = await freeReaders(t, 1);
      const s = await t.data(C.addForReader, { ReaderID: r!.reader_id, Title: 'By a handler' }, 'rechandle');
      expect((await t.data(C.process, { IDs: [s.ID] }, 'rechandle')).Changed).toBe(1);
    });

    it('never shows or touches another school\'s suggestions', async () => {
      const mine = (await t.data(C.mine, { Rows: 1 }, 'student')).List[0]!;
      expect((await t.fail(C.process, { IDs: [mine.ID] }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.group, { ID: mine.ID }, 'admin2')).status).toBe(404);
      expect((await t.data(C.groups, { Page: 1, Rows: 100 }, 'admin2')).List.find((g) => g.IDs.includes(mine.ID))).toBeUndefined();
      const batch2 = (await t.data(acquisitionCalls.getBatchList, { Page: 1, Rows: 1 }, 'admin2')).List[0];
      if (batch2) expect((await t.fail(C.process, { IDs: [mine.ID], BatchID: batch2.ID }, 'librarian')).status).toBe(404);
      expect((await t.db.selectFrom('recommendations').select('state').where('id', '=', mine.ID).executeTakeFirstOrThrow()).state).toBe('pending');
    });
  });

  describe('/statistical-purchasing (GetStageStatistics)', () => {
    it("counts each book's readers by their learning stage, as the test's own query does, and exports the same", async () => {
      const all = await t.data(C.stageStatistics, { Page: 1, Rows: 1000 }, 'librarian');
      // The expected figures, counted here with plain SQL over every suggestion of school 1.
      const rows = await t.db.selectFrom('recommendations').select(['group_key', 'learning_stage', 'state']).where('school_id', '=', 1).execute();
      const expected = new Map<string, { Primary: number; Junior: number; Senior: number; Other: number; Count: number; Pending: number; Processed: number }>();
      for (const r of rows) {
        const e = expected.get(r.group_key) ?? { Primary: 0, Junior: 0, Senior: 0, Other: 0, Count: 0, Pending: 0, Processed: 0 };
        const k = r.learning_stage === 'primary' ? 'Primary' : r.learning_stage === 'junior' ? 'Junior' : r.learning_stage === 'senior' ? 'Senior' : 'Other';
        e[k]++;
        e.Count++;
        if (r.state === 'pending') e.Pending++;
        if (r.state === 'processed') e.Processed++;
        expected.set(r.group_key, e);
      }
      expect(all.Total).toBe(expected.size);
      expect(all.List.length).toBeGreaterThan(0);
      const got = all.List.map((b) => ({ Primary: b.Primary, Junior: b.Junior, Senior: b.Senior, Other: b.Other, Count: b.Count, Pending: b.Pending, Processed: b.Processed }));
      const order = (xs: object[]) => xs.map((x) => JSON.stringify(x)).sort();
      expect(order(got)).toEqual(order([...expected.values()]));
      // Most asked first.
      expect(all.List.map((b) => b.Count)).toEqual([...all.List.map((b) => b.Count)].sort((a, b) => b - a));

      // A period before any suggestion: nothing, not an error.
      expect(await t.data(C.stageStatistics, { Page: 1, Rows: 20, DateTo: '2000-01-01' }, 'librarian')).toEqual({ List: [], Total: 0 });
      // One state only.
      const pending = await t.data(C.stageStatistics, { Page: 1, Rows: 1000, State: 'pending' }, 'librarian');
      expect(pending.List.reduce((n, b) => n + b.Count, 0)).toBe(rows.filter((r) => r.state === 'pending').length);

      const token = await t.tokenFor('librarian');
      const { DataID } = await t.data(C.exportStageStatistics, {}, { as: 'librarian', lang: 'zh-CN' });
      expect((await pollJob(t, DataID, token)).at(-1)).toMatchObject({ State: 2, DataCount: expected.size });
      const file = await downloadJobFile(t, DataID, token);
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const sheet = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(sheet[0]).toEqual(['题名', '责任者', 'ISBN', '小学', '初中', '高中', '其他读者（教师等）', '荐购人数', '待处理', '已采购', '馆藏', '可借']);
      expect(sheet.length - 1).toBe(expected.size);
    });

    it('is for staff who hold the screen: a student gets 403', async () => {
      expect((await t.fail(C.stageStatistics, { Page: 1, Rows: 20 }, 'student')).status).toBe(403);
    });
  });
});

