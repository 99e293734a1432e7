import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { circulationRecordCalls as R, RECORDS_EXPORT, RECORDS_MENUS } from '../../shared/api/circulation-records.ts';
import { addDays, endOfLocalDay, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, type FreeReader } from './desk-fixture.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the column export (Download/ColumnScreen) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let reader: FreeReader;
  let copies: Array<{ id: number; barcode: string }> = [];
  beforeAll(async () => {
    const offset = (await loadCalendar(t.db, 1)).calendar.UtcOffsetMinutes;
    const today = toLocalDay(new Date().toISOString(), offset);
    [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader], { MaxLoans: 10 });
    copies = await freeCopies(t, 3);
    for (const c of copies) await t.data(C.literatureCirc, { UserID: reader.id, Barcode: c.barcode }, 'librarian');
    await t.data(C.literatureReturn, { Barcode: copies[2]!.barcode }, 'librarian');
    await t.db.updateTable('loans').set({ due_at: endOfLocalDay(addDays(today, -3), offset) }).where('copy_id', '=', copies[0]!.id).where('returned_at', 'is', null).execute();
  });

  /** Starts the export as `as`, waits for it and returns the sheet's rows (header first). */
  async function exported(input: Record<string, unknown>, as = 'librarian', lang: 'en-US' | 'zh-CN' = 'en-US') {
    const { DataID } = await t.data(R.columnScreen, input, { as, lang });
    const token = await t.tokenFor(as);
    const job = (await pollJob(t, DataID, token)).at(-1)!;
    expect(job.State).toBe(2);
    const file = await downloadJobFile(t, DataID, token);
    expect(file.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    return { job, rows: wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1)) };
  }

  it('exports loan inquiry with the chosen columns in the chosen order, headers and states in the user\'s language', async () => {
    const { job, rows } = await exported({ Source: 'loans', Columns: ['State', 'Barcode', 'ReaderName', 'OverdueDays'], Reader: reader.reader_id });
    expect(job.FileName).toMatch(/^Loan inquiry_\d{14}\.xlsx$/);
    expect(rows[0]).toEqual(['State', 'Barcode', 'Reader name', 'Days overdue']);
    const byBarcode = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byBarcode.get(copies[0]!.barcode)).toEqual(['3 days overdue', copies[0]!.barcode, reader.name, 3]);
    expect(byBarcode.get(copies[2]!.barcode)![0]).toBe('Returned');
    // Every loan of the reader (the seed's closed ones too), as the list counts them.
    expect(rows).toHaveLength(1 + (await t.data(R.getCircRecord, { Reader: reader.reader_id }, 'librarian')).Total);

    const zh = await exported({ Source: 'loans', Columns: ['ReaderID', 'Title'], Reader: reader.reader_id, State: 'returned' }, 'librarian', 'zh-CN');
    expect(zh.rows[0]).toEqual(['读者证号', '题名']);
    expect(zh.rows).toHaveLength(1 + (await t.data(R.getCircRecord, { Reader: reader.reader_id, State: 'returned' }, 'librarian')).Total);
  });

  it('exports the open loans, the journal and both histories under their own filters', async () => {
    const open = await exported({ Source: 'open', Columns: ['ClassName', 'Barcode', 'DueDay'], SearchKey: reader.reader_id, OverdueOnly: true });
    expect(open.rows.slice(1).map((r) => r[1])).toEqual([copies[0]!.barcode]);
    const log = await exported({ Source: 'log', Columns: ['Kind', 'Barcode', 'At', 'StaffAccount'], Reader: reader.reader_id });
    expect(log.rows[0]).toEqual(['Action', 'Barcode', 'Time', 'Staff account']);
    expect(log.rows.slice(1).map((r) => [r[0], r[3]])).toEqual([['Return', 'librarian'], ['Borrow', 'librarian'], ['Borrow', 'librarian'], ['Borrow', 'librarian']]);
    expect(String(log.rows[1]![2])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const book = await exported({ Source: 'bookHistory', Columns: ['ReaderID', 'LoanedAt'], Barcode: copies[1]!.barcode });
    // Newest first: this reader's loan, then any the seed made.
    expect(book.rows[1]![0]).toBe(reader.reader_id);
    const history = await exported({ Source: 'readerHistory', Columns: ['Barcode'], ReaderID: reader.reader_id });
    expect(history.rows.slice(1, 4).map((r) => r[0]).sort()).toEqual(copies.map((c) => c.barcode).sort());
  });

  it('refuses columns of another list, a column twice, no column, a history without its key, an unknown copy or card', async () => {
    expect((await t.fail(R.columnScreen, { Source: 'log', Columns: ['DueDay'] }, 'librarian')).status).toBe(400);
    expect((await t.fail(R.columnScreen, { Source: 'loans', Columns: ['Barcode', 'Barcode'] }, 'librarian')).status).toBe(400);
    expect((await t.fail(R.columnScreen, { Source: 'loans', Columns: [] }, 'librarian')).status).toBe(400);
    expect((await t.fail(R.columnScreen, { Source: 'loans', Columns: ['Nope'] }, 'librarian')).status).toBe(400);
    expect((await t.fail(R.columnScreen, { Source: 'bookHistory', Columns: ['Barcode'] }, 'librarian')).status).toBe(400);
    expect((await t.fail(R.columnScreen, { Source: 'bookHistory', Columns: ['Barcode'], Barcode: 'NO-SUCH-1' }, 'librarian')).status).toBe(404);
    expect((await t.fail(R.columnScreen, { Source: 'readerHistory', Columns: ['Barcode'], ReaderID: 'NO-SUCH-1' }, 'librarian')).status).toBe(404);
    expect((await t.fail(R.columnScreen, { Source: 'open', Columns: ['Barcode'], DeptID: 999_999 }, 'librarian')).status).toBe(404);
  });

  it('needs the export operation and the list\'s menu; a student gets 403; school 2 exports only its own', async () => {
    expect((await t.fail(R.columnScreen, { Source: 'loans', Columns: ['Barcode'] }, 'student')).status).toBe(403);
    await addStaff(t, 'colnoexport', [RECORDS_MENUS.search]);
    expect((await t.fail(R.columnScreen, { Source: 'loans', Columns: ['Barcode'] }, 'colnoexport')).status).toBe(403);
    await addStaff(t, 'colsearch', [RECORDS_MENUS.search, RECORDS_EXPORT]);
    expect((await t.data(R.columnScreen, { Source: 'loans', Columns: ['Barcode'] }, 'colsearch')).DataID).toMatch(/[0-9a-f-]{36}/);
    expect((await t.fail(R.columnScreen, { Source: 'log', Columns: ['Barcode'] }, 'colsearch')).status).toBe(403);

    // Card numbers are per school: school 2's export under the same filter is school 2's list.
    const other = await exported({ Source: 'loans', Columns: ['ReaderID', 'Barcode'], Reader: reader.reader_id }, 'admin2');
    const own = await t.data(R.getCircRecord, { Reader: reader.reader_id, Page: 1, Rows: 1000 }, 'admin2');
    expect(other.rows.slice(1).map((r) => r[1]).sort()).toEqual(own.List.map((l) => l.Barcode).sort());
    expect(other.rows.some((r) => copies.some((c) => c.barcode === r[1]) && r[0] === reader.reader_id && own.List.length === 0)).toBe(false);
    expect((await t.fail(R.columnScreen, { Source: 'bookHistory', Columns: ['Barcode'], Barcode: copies[0]!.barcode }, 'admin2')).status).toBe(404);
  });
});
