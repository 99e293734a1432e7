import { describe, expect, it } from 'vitest';
import { ownLedgerBalance } from '../testing/ledger-own-count.ts';
import { acquisitionCalls as A } from '../../shared/api/acquisition.ts';
import { collectionCalls as C } from '../../shared/api/collection.ts';
import { ledgerCalls as L } from '../../shared/api/ledgers.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { summaryByCopies, summaryLedger } from './ledger-summary.ts';
import { refreshLedgerLines } from './ledger-lines.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/**
 * The summary register kept per title (migration 0046) follows every write that moves it: after
 * each change, made through the gateway's own calls where there is one (weeding and its undo, a
 * price change, a batch's acceptance day, a copy moved to another batch, a deletion), the
 * register's balances at several dates equal the test's own count of the copies existing then,
 * copy by copy in integer cents, and the whole register equals the count from the copies.
 */
describe.each(databases)('the kept summary register on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  let offset = 480;
  const dayOf = (iso: string) => new Date(Date.parse(iso) + offset * 60_000).toISOString().slice(0, 10);

  /** The test's own count (testing/ledger-own-count.ts) at the end of `day`. */
  const ownBalance = (day: string, branchId?: number) => ownLedgerBalance(t.db, day, offset, { branchId });

  let branch = 0;
  let area = 0;
  let today = '';
  const FROM = '2024-12-01';

  /** Staff limited to both branches by name (a scope of several branches: ledger-branch-sets.ts). */
  let several: number[] = [];
  const severalScope = () => ({ schoolId: 1, offset, branchIds: several, typeIds: null, lang: 'zh-CN' as const });

  /**
   * The register from FROM to several days against the own counts, for the school and for the
   * branch; and for the scope of several branches, against the count from the copies.
   */
  async function check(step: string) {
    const scope = { schoolId: 1, offset, branchIds: null, typeIds: null, lang: 'zh-CN' as const };
    if (several.length) {
      for (const day of ['2025-01-05', '2025-03-01', today]) {
        expect(await summaryLedger(t.db, severalScope(), {}, FROM, day), `${step}: several branches ${day}`).toEqual(await summaryByCopies(t.db, severalScope(), {}, FROM, day));
      }
    }
    for (const day of ['2025-01-04', '2025-01-05', '2025-02-10', '2025-02-28', '2025-03-01', today]) {
      for (const b of [undefined, branch]) {
        const s = await t.data(L.summary, { From: FROM, To: day, ...(b ? { BranchID: b } : {}) }, 'admin');
        expect(s.Opening, `${step}: opening ${day} ${b ?? ''}`).toEqual(await ownBalance('2024-11-30', b));
        expect(s.Closing, `${step}: closing ${day} ${b ?? ''}`).toEqual(await ownBalance(day, b));
        expect(s, `${step}: register ${day} ${b ?? ''}`).toEqual(await summaryByCopies(t.db, scope, b ? { branchId: b } : {}, FROM, day));
      }
    }
  }
  const line = async (batchNo: string) => (await t.data(L.summary, { From: FROM, To: today }, 'admin')).Lines.filter((l) => l.BatchNo === batchNo)
    .map((l) => [l.Day, l.InTitles, l.InCopies, l.InValue]);

  const ids: Record<string, number> = {};
  let b1 = 0;
  let b2 = 0;

  it('counts copies registered into a batch, a title held before adding no title', async () => {
    offset = (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
    today = dayOf(new Date().toISOString());
    const a = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).where('storage_area', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    branch = a.branch_id;
    area = a.id;
    const at = '2025-01-02T02:00:00.000Z';
    const mkBatch = async (no: string, accepted: string) => (await t.db.insertInto('batches').values({ school_id: 1, batch_no: no, branch_id: branch, resource_type_id: null, bookseller: '测试书店', registered_on: '2025-01-02', accepted_on: accepted, state: 'accepted', created_at: at, updated_at: at } as never).returning('id').executeTakeFirstOrThrow()).id;
    b1 = await mkBatch('LINES-1', '2025-02-10');
    b2 = await mkBatch('LINES-2', '2025-01-05');
    const title = async (name: string) => (await t.db.insertInto('titles').values({ school_id: 1, title: name, en_title: '', author: '作者', publisher: '出版社', isbn: '', price: 1, class_no: 'G250', book_no: '', language: 'zh', pub_year: 2024, pinyin: '', initials: '', created_at: at } as never).returning('id').executeTakeFirstOrThrow()).id;
    const p = await title('总括测试甲');
    const q = await title('总括测试乙');
    const copy = async (key: string, tid: number, price: number, batchId: number | null, created = at) => {
      ids[key] = (await t.db.insertInto('copies').values({ school_id: 1, title_id: tid, barcode: `LL${key}${b1}`, rfid: null, branch_id: branch, area_id: area, call_no: 'G250/2', storage_area: 2, circ_state: 'available', price, created_at: created, updated_at: created, batch_id: batchId } as never).returning('id').executeTakeFirstOrThrow()).id;
    };
    await copy('p0', p, 5.5, b2);
    await copy('p1', p, 10.1, b1);
    await copy('p2', p, 10.1, b1);
    await copy('q1', q, 0.7, b1);
    // Catalogued without a batch on 1 March (local day): enters on the day it was catalogued.
    await copy('q2', q, 3.3, null, '2025-03-01T01:00:00.000Z');
    // P is held since LINES-2: LINES-1 brings three copies, and one title (Q).
    expect(await line('LINES-1')).toEqual([['2025-02-10', 2, 3, 20.9]]);
    const s = await t.data(L.summary, { From: '2025-02-10', To: '2025-02-10' }, 'admin');
    const l1 = s.Lines.find((l) => l.BatchNo === 'LINES-1')!;
    const before = s.Lines.indexOf(l1) ? s.Lines[s.Lines.indexOf(l1) - 1]!.Titles : s.Opening.Titles;
    expect(l1.Titles - before).toBe(1);
    await check('registered');
  });

  it('keeps the register of a scope of several branches once asked, a title held in two of them counting once', async () => {
    const all = (await t.db.selectFrom('branches').select('id').where('school_id', '=', 1).orderBy('id').execute()).map((b) => b.id);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const other = all.find((b) => b !== branch)!;
    // A third branch the scope leaves out: two of three.
    const third = (await t.db.insertInto('branches').values({ school_id: 1, code: 'LINES-3', name: '第三分馆', en_name: 'Third', sort: 9 } as never).returning('id').executeTakeFirstOrThrow()).id;
    several = [branch, other];
    const otherArea = await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).where('branch_id', '=', other).orderBy('id').executeTakeFirstOrThrow();
    const p = await t.db.selectFrom('copies').select('title_id').where('id', '=', ids.p0!).executeTakeFirstOrThrow();
    const at = '2025-01-03T02:00:00.000Z';
    ids.p3 = (await t.db.insertInto('copies').values({ school_id: 1, title_id: p.title_id, barcode: `LLp3${b1}`, rfid: null, branch_id: other, area_id: otherArea.id, call_no: 'G250/2', storage_area: 2, circ_state: 'available', price: 8, created_at: at, updated_at: at, batch_id: b2 } as never).returning('id').executeTakeFirstOrThrow()).id;
    const kept = () => t.db.selectFrom('ledger_branch_sets').select(['set_key', 'ready']).where('school_id', '=', 1).execute();
    // Every branch named: the lines of all branches answer, and nothing is registered.
    const everyBranch = { ...severalScope(), branchIds: [...all, third] };
    expect(await summaryLedger(t.db, everyBranch, {}, FROM, today)).toEqual(await summaryByCopies(t.db, everyBranch, {}, FROM, today));
    expect(await kept()).toEqual([]);
    // First asked: counted by copies, and registered for the keeper.
    const first = await summaryLedger(t.db, severalScope(), {}, FROM, today);
    expect(first).toEqual(await summaryByCopies(t.db, severalScope(), {}, FROM, today));
    expect(await kept()).toEqual([{ set_key: -2, ready: 0 }]);
    await refreshLedgerLines(t.db, 1, offset);
    expect(await kept()).toEqual([{ set_key: -2, ready: 1 }]);
    const lines = await t.db.selectFrom('ledger_title_lines').select(['title_id', 'day', 'copies', 'enter']).where('school_id', '=', 1).where('branch_key', '=', -2).where('title_id', '=', p.title_id).orderBy('day').execute();
    // P: two copies on LINES-2's day (one in each branch), one title coming in; two more with LINES-1.
    expect(lines.map((l) => [l.day, l.copies, l.enter])).toEqual([['2025-01-05', 2, 1], ['2025-02-10', 2, 0]]);
    // From now on read from the kept lines, which follow every write below (check).
    expect(await summaryLedger(t.db, severalScope(), {}, FROM, today)).toEqual(first);
    // Through the call: a librarian whose role keeps the two branches when the third opens.
    const role = await t.db.selectFrom('roles').select('id').where('school_id', '=', 1).where('code', '=', 'librarian').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_branches').where('role_id', '=', role.id).where('branch_id', 'not in', several).execute();
    t.app.permissions.forget();
    expect(await t.data(L.summary, { From: FROM, To: today }, 'librarian')).toEqual(first);
    expect(await kept()).toEqual([{ set_key: -2, ready: 1 }]);
    await check('several branches');
  });

  it('follows a weeding and its undo', async () => {
    expect(await t.data(C.changeState, { IDs: [ids.q1!, ids.q2!], Event: 'weed' }, 'admin')).toMatchObject({ Changed: 2 });
    await check('weeded');
    const s = await t.data(L.summary, { From: today, To: today }, 'admin');
    // Q's last copies went today: the title leaves with them.
    expect(s.Lines.filter((l) => l.Kind === 'out').reduce((n, l) => n + l.OutCopies, 0)).toBeGreaterThanOrEqual(2);
    expect(await t.data(C.changeState, { IDs: [ids.q1!], Event: 'restore' }, 'admin')).toMatchObject({ Changed: 1 });
    await check('restored');
  });

  it('follows a price change, a batch accepted on another day and a copy moved to another batch', async () => {
    const copy = await t.data(C.get, { ID: ids.p1! }, 'admin');
    await t.data(C.update, { ID: copy.ID, Barcode: copy.Barcode, RFID: copy.RFID, AreaID: copy.AreaID ?? area, ShelfMark: copy.ShelfMark, Price: 12.34, DiscountPrice: copy.DiscountPrice, BatchID: copy.BatchID, Note: copy.Note }, 'admin');
    await check('repriced');
    expect(await line('LINES-1')).toEqual([['2025-02-10', 2, 3, 23.14]]);
    const b = await t.data(A.getBatchInfo, { ID: b1 }, 'admin');
    await t.data(A.updateBatch, { ID: b1, BatchNo: b.BatchNo, BranchID: b.BranchID, ResourceTypeID: b.ResourceTypeID, Bookseller: b.Bookseller, Currency: b.Currency, DiscountRate: b.DiscountRate, RegisteredOn: b.RegisteredOn, AcceptedOn: '2025-03-01', Note: b.Note }, 'admin');
    await check('accepted later');
    expect(await line('LINES-1')).toEqual([['2025-03-01', 2, 3, 23.14]]);
    const p2 = await t.data(C.get, { ID: ids.p2! }, 'admin');
    await t.data(C.update, { ID: p2.ID, Barcode: p2.Barcode, RFID: p2.RFID, AreaID: p2.AreaID ?? area, ShelfMark: p2.ShelfMark, Price: p2.Price, DiscountPrice: p2.DiscountPrice, BatchID: b2, Note: p2.Note }, 'admin');
    await check('moved to another batch');
    expect(await line('LINES-2')).toEqual([['2025-01-05', 1, 3, 23.6]]); // P3 of the other branch too
  });

  it('forgets a deleted copy, and a title with its last copy', async () => {
    expect(await t.data(C.delete, { IDs: [ids.p1!] }, 'admin')).toMatchObject({ Changed: 1 });
    await check('deleted');
    expect(await line('LINES-1')).toEqual([['2025-03-01', 1, 1, 0.7]]);
    // A write the gateway does not make (an import, a script) is followed as well: the triggers mark it.
    await t.db.deleteFrom('copy_events').where('copy_id', 'in', [ids.q1!, ids.q2!]).execute();
    await t.db.deleteFrom('copies').where('id', 'in', [ids.p0!, ids.p2!, ids.p3!]).execute();
    await check('deleted directly');
    expect(await line('LINES-2')).toEqual([]);
  });
});
