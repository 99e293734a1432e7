import { describe, expect, it } from 'vitest';
import { ownLedgerBalance } from '../testing/ledger-own-count.ts';
import { ledgerCalls as L } from '../../shared/api/ledgers.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];
import { downloadJobFile, pollJob } from '../testing/job-files.ts';

/**
 * The accession registers against the test's own counts: the copies that exist at a date are
 * counted here copy by copy from the tables (accessioned on or before it, not weeded on or before
 * it), in integer cents, and compared with the summary register's closing balance.
 */
describe.each(databases)('ledgers on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const admin = 'admin';

  let offset = 480;
  /** The school-local day of an instant (the test's own arithmetic). */
  const dayOf = (iso: string) => new Date(Date.parse(iso) + offset * 60_000).toISOString().slice(0, 10);

  /** The test's own count (testing/ledger-own-count.ts) at the end of `day`. */
  const ownBalance = (day: string, batchIds?: number[]) => ownLedgerBalance(t.db, day, offset, { batchIds });

  let batch = 0;
  let empty = 0;
  const copyIds: number[] = [];

  it('sets up a batch of three copies (two titles), an empty batch, and two weedings', async () => {
    offset = (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
    const area = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).where('storage_area', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    const at = '2024-03-01T02:00:00.000Z';
    const mk = (no: string, accepted: string | null) => t.db.insertInto('batches').values({ school_id: 1, batch_no: no, branch_id: area.branch_id, resource_type_id: null, bookseller: '测试书店', registered_on: '2024-03-01', accepted_on: accepted, state: accepted ? 'accepted' : 'open', created_at: at, updated_at: at } as never).returning('id').executeTakeFirstOrThrow();
    batch = (await mk('LEDGER-T1', '2024-03-10')).id;
    empty = (await mk('LEDGER-T2', '2024-04-02')).id;
    const title = async (name: string, price: number) => (await t.db.insertInto('titles').values({ school_id: 1, title: name, en_title: '', author: '账簿作者', publisher: '账簿出版社', isbn: '', price, class_no: 'G250', book_no: '', language: 'zh', pub_year: 2023, pinyin: '', initials: '', created_at: at } as never).returning('id').executeTakeFirstOrThrow()).id;
    const x = await title('账簿测试甲', 10.1);
    const y = await title('账簿测试乙', 0.7);
    // 10.10 + 10.10 + 0.70: float addition would drift, cents do not.
    for (const [i, [tid, price]] of ([[x, 10.1], [x, 10.1], [y, 0.7]] as const).entries()) {
      const { id } = await t.db.insertInto('copies').values({ school_id: 1, title_id: tid, barcode: `LG${i}T${batch}`, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: 'G250/1', storage_area: 2, circ_state: 'available', price, created_at: at, updated_at: at, batch_id: batch } as never).returning('id').executeTakeFirstOrThrow();
      copyIds.push(id);
    }
    // Y's only copy is weeded on 20 May (local day), one of X's two on 1 June.
    const weed = async (copyId: number, atIso: string, reason: string) => {
      await t.db.updateTable('copies').set({ storage_area: 3, updated_at: atIso }).where('id', '=', copyId).execute();
      await t.db.insertInto('copy_events').values({ school_id: 1, copy_id: copyId, barcode: '', event: 'weed', user_id: null, at: atIso, detail: JSON.stringify({ reason }) }).execute();
    };
    await weed(copyIds[2]!, '2024-05-20T03:00:00.000Z', 'worn');
    await weed(copyIds[0]!, '2024-06-01T03:00:00.000Z', 'loss');
  });

  it('keeps the summary register of a batch: accession, cancellations, running balance, closing', async () => {
    const s = await t.data(L.summary, { From: '2024-03-01', To: '2024-12-31', BatchIDs: [batch, empty] }, admin);
    expect(s.Opening).toEqual({ Titles: 0, Copies: 0, Value: 0 });
    expect(s.Lines.map((l) => [l.Day, l.Kind, l.BatchNo, l.InTitles, l.InCopies, l.InValue, l.OutTitles, l.OutCopies, l.OutValue, l.Titles, l.Copies, l.Value])).toEqual([
      ['2024-03-10', 'in', 'LEDGER-T1', 2, 3, 20.9, 0, 0, 0, 2, 3, 20.9],
      ['2024-05-20', 'out', '', 0, 0, 0, 1, 1, 0.7, 1, 2, 20.2],
      // X keeps a copy: a copy and its value go, the title stays.
      ['2024-06-01', 'out', '', 0, 0, 0, 1, 1, 10.1, 1, 1, 10.1],
    ]);
    expect(s.In).toEqual({ Titles: 2, Copies: 3, Value: 20.9 });
    expect(s.Out).toEqual({ Titles: 2, Copies: 2, Value: 10.8 });
    expect(s.Closing).toEqual(await ownBalance('2024-12-31', [batch, empty]));
  });

  it('opens mid-period with the balance of the day before; a copy weeded mid-period leaves on its day', async () => {
    const s = await t.data(L.summary, { From: '2024-05-01', To: '2024-05-31', BatchIDs: [batch] }, admin);
    expect(s.Opening).toEqual(await ownBalance('2024-04-30', [batch]));
    expect(s.Opening).toEqual({ Titles: 2, Copies: 3, Value: 20.9 });
    expect(s.Lines).toHaveLength(1);
    expect(s.Closing).toEqual({ Titles: 1, Copies: 2, Value: 20.2 });
    expect(s.Closing).toEqual(await ownBalance('2024-05-31', [batch]));
    // The day of the weeding itself: gone at its end.
    expect((await t.data(L.summary, { From: '2024-05-20', To: '2024-05-20', BatchIDs: [batch] }, admin)).Closing).toEqual(await ownBalance('2024-05-20', [batch]));
  });

  it('answers an empty period and a batch with no copies with zeros, not an error', async () => {
    const none = await t.data(L.summary, { From: '2023-01-01', To: '2023-01-31', BatchIDs: [batch] }, admin);
    expect(none).toMatchObject({ Lines: [], Opening: { Titles: 0, Copies: 0, Value: 0 }, Closing: { Titles: 0, Copies: 0, Value: 0 } });
    const emptyBatch = await t.data(L.summary, { From: '2024-01-01', To: '2024-12-31', BatchIDs: [empty] }, admin);
    expect(emptyBatch).toMatchObject({ Lines: [], Closing: { Titles: 0, Copies: 0, Value: 0 } });
    expect((await t.data(L.copies, { Ledger: 'copybatch', BatchIDs: [empty] }, admin))).toMatchObject({ List: [], Total: 0, Totals: { Copies: 0, Value: 0 } });
  });

  it('reconciles the whole catalogue (demo data, weedings included) at several dates', async () => {
    const today = dayOf(new Date().toISOString());
    const year = Number(today.slice(0, 4));
    for (const day of [`${year - 1}-03-14`, `${year - 1}-03-15`, `${year - 1}-12-31`, today]) {
      const s = await t.data(L.summary, { From: `${year - 2}-01-01`, To: day }, admin);
      expect(s.Closing, day).toEqual(await ownBalance(day));
      // The last line's balance is the closing balance, and the lines add up.
      if (s.Lines.length) expect(s.Lines.at(-1)).toMatchObject(s.Closing);
      const copies = s.Opening.Copies + s.Lines.reduce((n, l) => n + l.InCopies - l.OutCopies, 0);
      expect(copies).toBe(s.Closing.Copies);
      const cents = Math.round(s.Opening.Value * 100) + s.Lines.reduce((n, l) => n + Math.round(l.InValue * 100) - Math.round(l.OutValue * 100), 0);
      expect(cents).toBe(Math.round(s.Closing.Value * 100));
    }
    // The demo has weedings in the last year: the register shows them.
    const s = await t.data(L.summary, { From: `${year - 1}-01-01`, To: today }, admin);
    expect(s.Out.Copies).toBeGreaterThan(0);
  });

  it('lists the batch by copy, by title, and its weedings, with totals in cents', async () => {
    const copies = await t.data(L.copies, { Ledger: 'copybatch', BatchIDs: [batch], Page: 1, Rows: 50 }, admin);
    expect(copies.Totals).toEqual({ Titles: 2, Copies: 3, Value: 20.9 });
    expect(copies.List.map((c) => [c.Day, c.Title, c.Price, c.BatchNo, c.WeededOn, c.WeedReason])).toEqual([
      ['2024-03-10', '账簿测试甲', 10.1, 'LEDGER-T1', '2024-06-01', 'loss'],
      ['2024-03-10', '账簿测试甲', 10.1, 'LEDGER-T1', null, ''],
      ['2024-03-10', '账簿测试乙', 0.7, 'LEDGER-T1', '2024-05-20', 'worn'],
    ]);
    const titles = await t.data(L.titles, { Ledger: 'singlemultiple', BatchIDs: [batch, empty] }, admin);
    expect(titles.List.map((r) => [r.Title, r.Copies, r.Value, r.Weeded])).toEqual([['账簿测试乙', 1, 0.7, 1], ['账簿测试甲', 2, 20.2, 1]]);
    expect(titles.Total).toBe(2);
    const weeded = await t.data(L.weeding, { From: '2024-05-01', To: '2024-06-30', BatchIDs: [batch] }, admin);
    expect(weeded.List.map((w) => [w.WeededOn, w.Title, w.Reason, w.AccessionDay])).toEqual([
      ['2024-05-20', '账簿测试乙', 'worn', '2024-03-10'],
      ['2024-06-01', '账簿测试甲', 'loss', '2024-03-10'],
    ]);
    expect(weeded.Totals).toEqual({ Titles: 2, Copies: 2, Value: 10.8 });
    // The storage register takes the period alone.
    const store = await t.data(L.copies, { Ledger: 'store', From: '2024-03-10', To: '2024-03-10', Rows: 100 }, admin);
    expect(store.List.filter((c) => c.BatchNo === 'LEDGER-T1')).toHaveLength(3);
  });

  it('refuses what a register cannot take, and those without its menu', async () => {
    expect((await t.fail(L.copies, { Ledger: 'copybatch', BatchIDs: [batch, empty] }, admin)).status).toBe(400);
    expect((await t.fail(L.titles, { Ledger: 'singlemultiple', BatchIDs: [] }, admin)).status).toBe(400);
    expect((await t.fail(L.summary, { From: '2024-05-01', To: '2024-04-01' }, admin)).status).toBe(400);
    expect((await t.fail(L.copies, { Ledger: 'copybatch', BatchIDs: [999_999] }, admin)).status).toBe(404);
    for (const who of ['teacher', 'student']) {
      expect((await t.fail(L.summary, { From: '2024-01-01', To: '2024-01-31' }, who)).status).toBe(403);
      expect((await t.fail(L.copies, { Ledger: 'store' }, who)).status).toBe(403);
    }
    expect((await t.fail(L.summary, { From: '2024-01-01', To: '2024-01-31' }, null)).status).toBe(401);
  });

  it('exports the summary register to .xlsx with headers in the caller\'s language and the closing line', async () => {
    const token = await t.tokenFor(admin);
    const { DataID } = await t.data(L.export, { Ledger: 'ledger', From: '2024-03-01', To: '2024-12-31', BatchIDs: [batch] }, { as: admin, lang: 'en-US' });
    expect((await pollJob(t, DataID, token)).at(-1)).toMatchObject({ State: 2 });
    const file = await downloadJobFile(t, DataID, token);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]![0]).toBe('General Ledger (summary register)');
    const head = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[head]).toEqual(['Date', 'Batch', 'Source', 'Titles in', 'Copies in', 'Value in', 'Titles out', 'Copies out', 'Value out', 'Titles held', 'Copies held', 'Value held']);
    expect(rows.at(-1)!.filter((v) => v !== undefined && v !== '')).toEqual(['Closing balance', 1, 1, 10.1]);
  });
});
