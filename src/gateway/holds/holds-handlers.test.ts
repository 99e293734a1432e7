import { describe, expect, it } from 'vitest';
import { circulationCalls as D } from '../../shared/api/circulation.ts';
import { holdCalls as C, MAX_ACTIVE_HOLDS } from '../../shared/api/holds.ts';
import { lossCalls } from '../../shared/api/loss.ts';
import { useTestGateway, type TestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { freeCopies, freeReaders, groupFor, type FreeReader } from '../circulation/desk-fixture.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/** A title of school 1 with exactly `n` copies, all free on the circulation shelves (made for the test). */
async function titleWithCopies(t: TestGateway, n: number): Promise<{ titleId: number; barcodes: string[] }> {
  const [first, ...rest] = await freeCopies(t, n);
  const titleId = (await t.db.selectFrom('copies').select('title_id').where('id', '=', first!.id).executeTakeFirstOrThrow()).title_id;
  // The chosen copies move to a title of their own, so no other copy of it is free.
  const { id: _id, ...row } = await t.db.selectFrom('titles').selectAll().where('id', '=', titleId).executeTakeFirstOrThrow();
  const fresh = await t.db.insertInto('titles').values({ ...row, title: `预约测试书 ${Math.random().toString(36).slice(2, 8)}` } as never)
    .returning('id').executeTakeFirstOrThrow();
  const ids = [first!.id, ...rest.map((c) => c.id)];
  await t.db.updateTable('copies').set({ title_id: fresh.id }).where('id', 'in', ids).execute();
  return { titleId: fresh.id, barcodes: [first!.barcode, ...rest.map((c) => c.barcode)] };
}

const stateOf = async (t: TestGateway, barcode: string) =>
  (await t.db.selectFrom('copies').select('circ_state').where('school_id', '=', 1).where('barcode', '=', barcode).executeTakeFirstOrThrow()).circ_state;

describe.each(databases)('holds on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  async function readers(n: number): Promise<FreeReader[]> {
    const rs = await freeReaders(t, n);
    await groupFor(t, rs);
    return rs;
  }
  const place = (r: FreeReader, titleId: number) => t.data(C.place, { ReaderID: r.reader_id, TitleID: titleId }, 'librarian');

  it('queues readers for a title whose copies are out; a return puts the copy on the hold shelf for the first, lent only to them', async () => {
    const { titleId, barcodes: [book] } = await titleWithCopies(t, 1);
    const [holder, first, second] = await readers(3);
    await t.data(D.literatureCirc, { UserID: holder!.id, Barcode: book! }, 'librarian');

    const h1 = await place(first!, titleId);
    expect(h1.Hold).toMatchObject({ State: 'notFound', QueuePosition: 1, Barcode: '' });
    const h2 = await place(second!, titleId);
    expect(h2.Hold.QueuePosition).toBe(2);

    const back = await t.data(D.literatureReturn, { Barcode: book! }, 'librarian');
    expect(back.Hold).toMatchObject({ HoldID: h1.Hold.ID, ReaderID: first!.reader_id, ReaderName: first!.name });
    expect(back.Hold!.ExpiresDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await stateOf(t, book!)).toBe('reserved');
    const shelf = await t.data(C.list, { Page: 1, Rows: 10, Stage: 'shelf', TitleID: titleId }, 'librarian');
    expect(shelf.List.map((h) => [h.ReaderID, h.Barcode])).toEqual([[first!.reader_id, book!]]);
    expect((await t.data(C.list, { Page: 1, Rows: 10, Stage: 'queue', TitleID: titleId }, 'librarian')).List.map((h) => [h.ReaderID, h.QueuePosition]))
      .toEqual([[second!.reader_id, 1]]);

    // Someone else is refused, naming the state; the reader it is kept for borrows it and the hold is collected.
    const refused = await t.fail(D.literatureCirc, { UserID: second!.id, Barcode: book! }, 'librarian', 'en-US');
    expect((refused.data as { Reasons: Array<{ Code: string }> }).Reasons.map((r) => r.Code)).toEqual(['copyNotAvailable']);
    await t.data(D.literatureCirc, { UserID: first!.id, Barcode: book! }, 'librarian');
    const closed = await t.data(C.list, { Page: 1, Rows: 10, Stage: 'closed', TitleID: titleId }, 'librarian');
    expect(closed.List.map((h) => [h.ReaderID, h.State])).toEqual([[first!.reader_id, 'received']]);

    // Returned again: the second reader is next.
    const again = await t.data(D.literatureReturn, { Barcode: book! }, 'librarian');
    expect(again.Hold?.ReaderID).toBe(second!.reader_id);
  });

  it('binds a free copy to a new hold at once (to fetch); the hold shelf scan puts it there; cancelling frees it', async () => {
    const { titleId, barcodes: [a, b] } = await titleWithCopies(t, 2);
    const [r1, r2] = await readers(2);
    const h = await place(r1!, titleId);
    expect(h.Hold).toMatchObject({ State: 'notFound', Barcode: a, QueuePosition: null });
    expect(await stateOf(t, a!)).toBe('reserving');
    const fetch = await t.data(C.list, { Page: 1, Rows: 10, Stage: 'fetch', TitleID: titleId }, 'librarian');
    expect(fetch.List.map((x) => x.Barcode)).toEqual([a]);

    // The other copy is scanned instead: it goes on the shelf, the first one is free again.
    const shelved = await t.data(C.shelve, { Barcode: b! }, 'librarian');
    expect(shelved.Hold).toMatchObject({ ID: h.Hold.ID, State: 'found', Barcode: b });
    expect(await stateOf(t, a!)).toBe('available');
    expect(await stateOf(t, b!)).toBe('reserved');
    // Scanned twice: the same hold, nothing changes.
    expect((await t.data(C.shelve, { Barcode: b! }, 'librarian')).Hold.ID).toBe(h.Hold.ID);

    // A second reader's hold takes the free copy to fetch; cancelling the first passes nothing on (nobody queued).
    const h2 = await place(r2!, titleId);
    expect(h2.Hold.Barcode).toBe(a);
    await t.data(C.cancel, { HoldID: h.Hold.ID, Note: 'no longer needed' }, 'librarian');
    expect(await stateOf(t, b!)).toBe('available');
    expect((await t.fail(C.cancel, { HoldID: h.Hold.ID }, 'librarian', 'en-US')).message).toBe('This hold is already closed');
    // Not on the shelf: the other copy (now free) is to be fetched instead.
    const moved = await t.data(C.notOnShelf, { HoldID: h2.Hold.ID }, 'librarian');
    expect(moved.Hold.Barcode).toBe(b);
    expect(await stateOf(t, a!)).toBe('available');
  });

  it('a copy to be fetched for a hold and registered lost: the hold fetches another free copy, or waits in the queue', async () => {
    const { titleId, barcodes: [a, b] } = await titleWithCopies(t, 2);
    const [r1] = await readers(1);
    const h = await place(r1!, titleId);
    expect(h.Hold.Barcode).toBe(a);
    await t.data(lossCalls.register, { Barcode: a!, Kind: 'shelf' }, 'librarian');
    expect(await stateOf(t, a!)).toBe('lost');
    const after = await t.data(C.list, { Page: 1, Rows: 10, Stage: 'fetch', TitleID: titleId }, 'librarian');
    expect(after.List.map((x) => [x.ID, x.Barcode])).toEqual([[h.Hold.ID, b]]);
    expect(await stateOf(t, b!)).toBe('reserving');
    // The last copy lost too: the hold waits in the queue with no copy.
    await t.data(lossCalls.register, { Barcode: b!, Kind: 'shelf' }, 'librarian');
    const row = await t.db.selectFrom('holds').select(['state', 'copy_id']).where('id', '=', h.Hold.ID).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'notFound', copy_id: null });
  });

  it('refuses a second hold on the same title, a title the reader has on loan, more than the limit, and a scan nobody waits for', async () => {
    const { titleId, barcodes: [book] } = await titleWithCopies(t, 1);
    const [r] = await readers(1);
    await place(r!, titleId);
    expect((await t.fail(C.place, { ReaderID: r!.reader_id, TitleID: titleId }, 'librarian', 'en-US')).message).toMatch(/already has a hold/);
    const other = await titleWithCopies(t, 1);
    const [borrower] = await readers(1);
    await t.data(D.literatureCirc, { UserID: borrower!.id, Barcode: other.barcodes[0]! }, 'librarian');
    expect((await t.fail(C.place, { ReaderID: borrower!.reader_id, TitleID: other.titleId }, 'librarian', 'en-US')).message).toMatch(/on loan already/);
    for (let i = 1; i < MAX_ACTIVE_HOLDS; i++) await place(r!, (await titleWithCopies(t, 1)).titleId);
    expect((await t.fail(C.place, { ReaderID: r!.reader_id, TitleID: other.titleId }, 'librarian', 'en-US')).message).toMatch(/at most 5 holds/);
    // The held copy is to fetch; a copy of a title nobody waits for is refused at the hold shelf.
    expect(await stateOf(t, book!)).toBe('reserving');
    const [loose] = await freeCopies(t, 1);
    expect((await t.fail(C.shelve, { Barcode: loose!.barcode }, 'librarian', 'en-US')).message).toMatch(/Nobody is waiting/);
  });

  it('expires a hold not collected by its day and passes the copy to the next reader', async () => {
    const { titleId, barcodes: [book] } = await titleWithCopies(t, 1);
    const [r1, r2] = await readers(2);
    const h1 = await place(r1!, titleId);
    const h2 = await place(r2!, titleId);
    await t.data(C.shelve, { Barcode: book! }, 'librarian');
    await t.db.updateTable('holds').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', h1.Hold.ID).execute();
    const shelf = await t.data(C.list, { Page: 1, Rows: 10, Stage: 'shelf', TitleID: titleId }, 'librarian');
    expect(shelf.List.map((h) => [h.ID, h.Barcode])).toEqual([[h2.Hold.ID, book]]);
    const closed = await t.data(C.list, { Page: 1, Rows: 10, State: 'expired', TitleID: titleId }, 'librarian');
    expect(closed.List.map((h) => h.ID)).toEqual([h1.Hold.ID]);
  });

  it('undo takes a hold-shelf return back (the reader keeps their place) and a collected loan back (on the shelf again)', async () => {
    const { titleId, barcodes: [book] } = await titleWithCopies(t, 1);
    const [holder, waiting] = await readers(2);
    await t.data(D.literatureCirc, { UserID: holder!.id, Barcode: book! }, 'librarian');
    const h = await place(waiting!, titleId);
    const back = await t.data(D.literatureReturn, { Barcode: book! }, 'librarian');
    expect(back.Hold?.HoldID).toBe(h.Hold.ID);
    await t.data(D.undo, { TransactionID: back.TransactionID }, 'librarian');
    expect(await stateOf(t, book!)).toBe('borrowed');
    expect((await t.data(C.list, { Page: 1, Rows: 5, Stage: 'queue', TitleID: titleId }, 'librarian')).List.map((x) => x.ID)).toEqual([h.Hold.ID]);

    await t.data(D.literatureReturn, { Barcode: book! }, 'librarian');
    const lent = await t.data(D.literatureCirc, { UserID: waiting!.id, Barcode: book! }, 'librarian');
    await t.data(D.undo, { TransactionID: lent.TransactionID }, 'librarian');
    expect(await stateOf(t, book!)).toBe('reserved');
    expect((await t.data(C.list, { Page: 1, Rows: 5, Stage: 'shelf', TitleID: titleId }, 'librarian')).List.map((x) => [x.ID, x.State])).toEqual([[h.Hold.ID, 'found']]);
  });

  it('is staff work: a student gets 403; another school sees none of it', async () => {
    const { titleId } = await titleWithCopies(t, 1);
    const [r] = await readers(1);
    await place(r!, titleId);
    expect((await t.fail(C.list, { Page: 1, Rows: 10 }, 'student')).status).toBe(403);
    expect((await t.fail(C.place, { ReaderID: r!.reader_id, TitleID: titleId }, 'student')).status).toBe(403);
    expect((await t.data(C.list, { Page: 1, Rows: 10, TitleID: titleId }, 'admin2')).Total).toBe(0);
    expect((await t.fail(C.place, { ReaderID: r!.reader_id, TitleID: titleId }, 'admin2')).status).toBe(404);
  });
});
