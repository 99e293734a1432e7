import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { REVIEW_MENU, REVIEW_MODERATE, reviewCalls as R } from '../../shared/api/circulation-reviews.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, groupFor, userIdOf } from './desk-fixture.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('book reviews on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let student = 0;
  let studentName = '';
  /** Titles the demo student borrowed (one returned, one still on loan) and one they never did. */
  let returned = 0;
  let onLoan = 0;
  let never = 0;
  beforeAll(async () => {
    student = await userIdOf(t, 'student');
    const row = await t.db.selectFrom('users').select(['reader_id', 'name']).where('id', '=', student).executeTakeFirstOrThrow();
    studentName = row.name;
    await groupFor(t, [{ id: student, reader_id: row.reader_id, name: row.name }], { MaxLoans: 20 });
    const copies = await freeCopies(t, 40);
    const titleOf = async (copyId: number) => (await t.db.selectFrom('copies').select('title_id').where('id', '=', copyId).executeTakeFirstOrThrow()).title_id;
    const borrowed = new Set((await t.db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select('c.title_id').where('l.user_id', '=', student).execute()).map((r) => r.title_id));
    const fresh: Array<{ barcode: string; title: number }> = [];
    for (const c of copies) {
      const title = await titleOf(c.id);
      if (!borrowed.has(title) && !fresh.some((f) => f.title === title)) fresh.push({ barcode: c.barcode, title });
    }
    const [a, b, c] = fresh as [typeof fresh[0], typeof fresh[0], typeof fresh[0]];
    await t.data(C.literatureCirc, { UserID: student, Barcode: a.barcode }, 'librarian');
    await t.data(C.literatureReturn, { Barcode: a.barcode }, 'librarian');
    await t.data(C.literatureCirc, { UserID: student, Barcode: b.barcode }, 'librarian');
    returned = a.title;
    onLoan = b.title;
    never = c.title;
  });

  const write = (TitleID: number, Rating: number, Text: string, as = 'student') =>
    t.data(R.borrowingBookReviews, { Review: { TitleID, Rating, Text } }, as);

  it('lets a reader review a book they borrowed (returned or on loan), once per title, editable while pending', async () => {
    const first = await write(returned, 4, '  很好看的一本书。\n推荐给同学。  ');
    expect(first.Saved).toMatchObject({ TitleID: returned, Rating: 4, Text: '很好看的一本书。\n推荐给同学。', State: 'pending', ReaderName: studentName });
    const again = await write(returned, 5, '改成五星');
    expect(again.Saved).toMatchObject({ ID: first.Saved!.ID, Rating: 5, Text: '改成五星', State: 'pending' });
    await write(onLoan, 3, '还在读');
    const mine = await t.data(R.borrowingBookReviews, {}, 'student');
    expect(mine.Saved).toBeNull();
    expect(mine.List.map((r) => r.TitleID).sort()).toEqual([returned, onLoan].sort());
    expect(await t.db.selectFrom('book_reviews').select('id').where('user_id', '=', student).where('title_id', '=', returned).execute()).toHaveLength(1);
  });

  it('refuses a title never borrowed, a title of another school, bad ratings and empty or long text', async () => {
    expect(await t.fail(R.borrowingBookReviews, { Review: { TitleID: never, Rating: 3, Text: '没借过' } }, 'student', 'en-US'))
      .toMatchObject({ status: 409, message: 'You can review only books you have borrowed' });
    const other = await t.db.selectFrom('titles').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.fail(R.borrowingBookReviews, { Review: { TitleID: other.id, Rating: 3, Text: 'x' } }, 'student')).status).toBe(404);
    for (const Review of [{ TitleID: returned, Rating: 0, Text: 'x' }, { TitleID: returned, Rating: 6, Text: 'x' }, { TitleID: returned, Rating: 3, Text: '' }, { TitleID: returned, Rating: 3, Text: '长'.repeat(501) }]) {
      expect((await t.fail(R.borrowingBookReviews, { Review }, 'student')).status).toBe(400);
    }
    expect((await t.fail(R.borrowingBookReviews, {}, null)).status).toBe(401);
  });

  it('shows passed reviews to everyone (names masked), every state to staff with the menu; staff pass or reject', async () => {
    const { Saved } = await write(onLoan, 2, '一般般');
    const title = (as: string, extra: Record<string, unknown> = {}) => t.data(R.literatureReviews, { TitleID: onLoan, ...extra }, as);
    expect((await title('student')).List).toEqual([]);
    expect((await title('librarian')).List.map((r) => [r.ID, r.State, r.ReaderName])).toEqual([[Saved!.ID, 'pending', studentName]]);
    expect((await t.fail(R.literatureReviews, { State: 'pending' }, 'student')).status).toBe(403);

    expect((await t.data(R.moderate, { IDs: [Saved!.ID, Saved!.ID], State: 'passed' }, 'librarian')).Changed).toEqual([Saved!.ID]);
    // Nothing left to change: reported as such.
    expect((await t.data(R.moderate, { IDs: [Saved!.ID], State: 'passed' }, 'librarian')).Changed).toEqual([]);
    const seen = (await title('teacher')).List;
    expect(seen).toHaveLength(1);
    expect(seen[0]!.ReaderName).toBe([...studentName][0] + '*'.repeat([...studentName].length - 1));
    expect((await title('student')).List[0]!.ReaderName).toBe(studentName);
    // Decided: no more edits.
    expect(await t.fail(R.borrowingBookReviews, { Review: { TitleID: onLoan, Rating: 5, Text: '改主意了' } }, 'student', 'en-US')).toMatchObject({ status: 409 });
    await t.data(R.moderate, { IDs: [Saved!.ID], State: 'rejected' }, 'librarian');
    expect((await title('teacher')).List).toEqual([]);
    expect((await title('librarian', { State: 'rejected' })).List.map((r) => r.ID)).toEqual([Saved!.ID]);
  });

  it('moderation needs its operation; school 2 neither sees nor changes school 1\'s reviews', async () => {
    const { Saved } = await write(returned, 5, '第三次');
    expect((await t.fail(R.moderate, { IDs: [Saved!.ID], State: 'passed' }, 'student')).status).toBe(403);
    await addStaff(t, 'reviewread', [REVIEW_MENU]);
    expect((await t.data(R.literatureReviews, { TitleID: returned }, 'reviewread')).List.map((r) => r.State)).toEqual(['pending']);
    expect((await t.fail(R.moderate, { IDs: [Saved!.ID], State: 'passed' }, 'reviewread')).status).toBe(403);
    await addStaff(t, 'reviewmod', [REVIEW_MENU, REVIEW_MODERATE]);

    expect((await t.data(R.moderate, { IDs: [Saved!.ID], State: 'passed' }, 'admin2')).Changed).toEqual([]);
    expect((await t.fail(R.literatureReviews, { TitleID: returned }, 'admin2')).status).toBe(404);
    expect((await t.data(R.literatureReviews, {}, 'admin2')).List.some((r) => r.ID === Saved!.ID)).toBe(false);
    expect((await t.data(R.moderate, { IDs: [Saved!.ID], State: 'passed' }, 'reviewmod')).Changed).toEqual([Saved!.ID]);
  });
});
