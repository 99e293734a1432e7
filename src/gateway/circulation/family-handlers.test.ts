import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { circulationFamilyCalls as F, FAMILY_MENUS } from '../../shared/api/circulation-family.ts';
import { RECORDS_EXPORT } from '../../shared/api/circulation-records.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, userIdOf, type FreeReader } from './desk-fixture.ts';

function suite(postgres: boolean) {
  const t = useTestGateway({ postgres });
  let parent = 0;
  let kids: FreeReader[] = [];
  let barcodes: string[] = [];
  beforeAll(async () => {
    parent = await userIdOf(t, 'parent');
    kids = await freeReaders(t, 2);
    await groupFor(t, kids, { MaxLoans: 10 });
    for (const k of kids) await t.data(readerCalls.updateStudentParents, { StudentID: k.id, ParentIDs: [parent] }, 'admin');
    const copies = await freeCopies(t, 3);
    barcodes = copies.map((c) => c.barcode);
    await t.data(C.literatureCirc, { UserID: kids[0]!.id, Barcode: barcodes[0] }, 'librarian');
    await t.data(C.literatureCirc, { UserID: kids[0]!.id, Barcode: barcodes[1] }, 'librarian');
    await t.data(C.literatureCirc, { UserID: kids[1]!.id, Barcode: barcodes[2] }, 'librarian');
    await t.data(C.literatureReturn, { Barcode: barcodes[1] }, 'librarian');
    // One loan past due: overdue in the family lists.
    const loan = await t.db.selectFrom('loans').select('id').where('user_id', '=', kids[1]!.id).where('returned_at', 'is', null).executeTakeFirstOrThrow();
    await t.db.updateTable('loans').set({ due_at: '2020-01-10T23:59:59+08:00' }).where('id', '=', loan.id).execute();
  });

  it('a signed-in parent gets their own children\'s open loans, grouped by child, without any menu', async () => {
    const open = await t.data(F.getKinBorrowing, { Page: 1, Rows: 50 }, 'parent');
    expect(open.Total).toBe(2);
    expect(open.Children.map((c) => c.UserID).sort()).toEqual(kids.map((k) => k.id).sort());
    expect(open.Parents.map((p) => p.UserID)).toEqual([parent]);
    expect(open.List.map((l) => l.Barcode).sort()).toEqual([barcodes[0], barcodes[2]].sort());
    expect(open.List.find((l) => l.Barcode === barcodes[2])).toMatchObject({ State: 'overdue' });
    expect((await t.data(F.getKinBorrowing, { Page: 1, Rows: 50, OverdueOnly: true }, 'parent')).List.map((l) => l.Barcode)).toEqual([barcodes[2]]);
    // The history has the returned one too (and the children's loans from before, in the seed).
    const history = await t.data(F.getKinBorrowRecords, { Page: 1, Rows: 500 }, 'parent');
    expect(history.List.map((l) => l.Barcode).filter((b) => barcodes.includes(b)).sort()).toEqual([...barcodes].sort());
    expect(new Set(history.List.map((l) => l.UserID))).toEqual(new Set(kids.map((k) => k.id)));
    // Grouped by child: each child's rows together.
    const order = history.List.map((l) => l.UserID).filter((id, i, all) => all[i - 1] !== id);
    expect(order).toHaveLength(2);
    expect(history.List.find((l) => l.Barcode === barcodes[1])).toMatchObject({ State: 'returned' });
  });

  it('staff with the menu name a parent or a child and get the whole family', async () => {
    const byChild = await t.data(F.getKinBorrowing, { Page: 1, Rows: 50, UserID: kids[1]!.id }, 'librarian');
    expect(byChild.Total).toBe(2);
    expect(byChild.Parents.map((p) => p.UserID)).toEqual([parent]);
    const byParent = await t.data(F.getKinBorrowRecords, { Page: 1, Rows: 500, UserID: parent, State: 'returned' }, 'librarian');
    expect(byParent.List.map((l) => l.Barcode)).toContain(barcodes[1]);
    expect(byParent.List.every((l) => l.State === 'returned')).toBe(true);
    const found = await t.data(F.findFamilies, { Page: 1, Rows: 20, SearchKey: kids[0]!.reader_id }, 'librarian');
    expect(found.List).toMatchObject([{ UserID: kids[0]!.id, Identity: 'student' }]);
    expect(found.List[0]!.Linked).toContain('李明');
  });

  it('is private: a student naming someone else gets 403, asking for themselves sees nothing of others', async () => {
    expect((await t.fail(F.getKinBorrowing, { UserID: parent }, 'student')).status).toBe(403);
    expect((await t.fail(F.getKinBorrowRecords, { UserID: kids[0]!.id }, 'student')).status).toBe(403);
    expect((await t.fail(F.findFamilies, { SearchKey: 'a' }, 'student')).status).toBe(403);
    expect((await t.fail(F.exportKin, { UserID: parent, Kind: 'open' }, 'student')).status).toBe(403);
    expect(await t.data(F.getKinBorrowing, {}, 'student')).toMatchObject({ List: [], Total: 0, Children: [] });
    // A desk user without the family menu.
    await addStaff(t, 'nofamily', ['/surrency/borrow']);
    expect((await t.fail(F.getKinBorrowing, { UserID: parent }, 'nofamily')).status).toBe(403);
    // Only the open-loans menu: history refused.
    await addStaff(t, 'openonly', [FAMILY_MENUS.open]);
    await t.data(F.getKinBorrowing, { UserID: parent }, 'openonly');
    expect((await t.fail(F.getKinBorrowRecords, { UserID: parent }, 'openonly')).status).toBe(403);
  });

  it('keeps schools apart: school 2 cannot see school 1\'s family', async () => {
    expect((await t.fail(F.getKinBorrowing, { UserID: parent }, 'admin2')).status).toBe(404);
    expect((await t.fail(F.exportKin, { UserID: parent, Kind: 'history' }, 'admin2')).status).toBe(404);
    expect((await t.data(F.findFamilies, { SearchKey: '李明' }, 'admin2')).Total).toBe(0);
  });

  it('exports the family\'s list as .xlsx through the download panel', async () => {
    await addStaff(t, 'famexport', [FAMILY_MENUS.history, RECORDS_EXPORT]);
    const token = await t.tokenFor('famexport');
    const { Total } = await t.data(F.getKinBorrowRecords, { UserID: kids[0]!.id }, 'famexport');
    const { DataID } = await t.data(F.exportKin, { UserID: kids[0]!.id, Kind: 'history' }, 'famexport');
    const jobs = await pollJob(t, DataID, token);
    expect(jobs.at(-1)).toMatchObject({ State: 2, DataCount: Total });
    const file = await downloadJobFile(t, DataID, token);
    expect(file.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(Total + 1);
    expect(String(sheet.getRow(1).getCell(1).value)).toBe('孩子');
    // The export of open loans needs its own menu.
    expect((await t.fail(F.exportKin, { UserID: parent, Kind: 'open' }, 'famexport')).status).toBe(403);
  });
}

describe('the family pages on SQLite', () => suite(false));
describe.skipIf(!PG_TEST_URL)('the family pages on PostgreSQL', () => suite(true));
