import { expect, test } from '@playwright/test';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';
import { catalogueCalls } from '../../src/shared/api/catalogue.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, isbn13, scan } from '../support/gateway-fixtures.ts';
import { describe as axeText, FAILING, scan as axeScan, settle, stillMotion } from '../support/axe-scan.ts';

/** axe on the screen as it is now (the route sweep sees only its first state). */
async function axeClean(page: import('@playwright/test').Page, where: string) {
  await stillMotion(page);
  await settle(page);
  expect(axeText((await axeScan(page, where)).filter((f) => FAILING.has(f.impact)))).toBe('');
}

// /book-inventory and /inventory-report: a librarian starts a stocktake of a small area of their own
// (four new copies), scans two of them (one twice) and an unknown code with the scanner (keyboard
// only, the box keeps the focus), sees the live counts, closes with the preview of the two missing
// copies, undoes the close, and reads the report. The area and its books are this test's own.

test('start a stocktake, scan, see the counts, close with a preview, undo; the report lists the missing copies', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-inventory');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const branches = await gw<{ List: Array<{ ID: number }> }>(page, basicSetsCalls.branchList, { Page: 1, Rows: 10 });
  const area = await gw<{ ID: number }>(page, basicSetsCalls.locationAdd, {
    BranchID: branches.List[0]!.ID, Code: `ST${tag}`, Name: `盘点测试区${tag}`, EnName: `Count test ${tag}`, StorageArea: 2, Circulating: true, Sort: 99,
  });
  const saved = await gw<{ Copies: Array<{ Barcode: string }> }>(page, catalogueCalls.addItemsCatalogueInfo, {
    Item: { Title: `盘点测试书${tag}`, ISBN: isbn13(`97872${tag}${String(Math.floor(Math.random() * 10))}`), Price: 20, ClassNo: 'G252' }, Copies: { Count: 4, AreaID: area.ID },
  });
  const books = saved.Copies.map((c) => c.Barcode);
  await page.reload();

  const screen = page.getByTestId('screen-/book-inventory');
  await expect(screen.getByRole('heading', { level: 1, name: '图书盘点' })).toBeVisible();
  await screen.getByTestId('stocktake-name').fill(`测试盘点${tag}`);
  await screen.getByTestId(`stocktake-area-${area.ID}`).check();
  await screen.getByTestId('stocktake-start-submit').click();

  await expect(screen.getByTestId('stocktake-title')).toHaveText(`测试盘点${tag}`);
  await expect(screen.getByTestId('count-Expected')).toContainText('4');
  const box = screen.getByTestId('stocktake-scan');
  await expect(box).toBeFocused();
  await scan(page, books[0]!);
  await scan(page, books[1]!);
  await scan(page, books[1]!);
  await scan(page, `NOPE${tag}`);
  await expect(screen.getByTestId('scan-log').locator('li')).toHaveCount(4);
  await expect(screen.getByTestId('scan-entry-found')).toHaveCount(3);
  await expect(screen.getByTestId('scan-entry-found').first()).toContainText('已计数');
  await expect(screen.getByTestId('scan-entry-unknown')).toContainText(`NOPE${tag}`);
  await expect(box).toBeFocused();
  await expect(screen.getByTestId('count-Found')).toContainText('2');
  await expect(screen.getByTestId('count-Missing')).toContainText('2');
  await expect(screen.getByTestId('count-Unknown')).toContainText('1');
  // In a plain browser the RFID pad is not there, and the screen says so.
  await expect(screen.getByTestId('stocktake-rfid-unsupported')).toBeVisible();
  await axeClean(page, 'desk');

  // Close: the preview names the two missing copies; closing marks them lost.
  await screen.getByTestId('stocktake-close').click();
  const dialog = page.getByTestId('stocktake-close-dialog');
  await expect(dialog.getByTestId('stocktake-close-preview').locator('tbody tr')).toHaveCount(2);
  await expect(dialog).toContainText(books[2]!);
  await expect(dialog).toContainText(books[3]!);
  await axeClean(page, 'close preview');
  await dialog.getByTestId('stocktake-close-confirm').click();
  await expect(screen.getByTestId('stocktake-state')).toHaveText('已结束');
  await expect(screen.getByTestId('stocktake-closed-note')).toContainText('2 册标记为丢失');

  // Undo: the two copies are back; the stocktake is paused.
  await screen.getByTestId('stocktake-undo').click();
  await expect(screen.getByTestId('stocktake-state')).toHaveText('已暂停');
  await expect(screen.getByText('已撤销结束，盘点处于暂停状态。')).toBeVisible();
  await expect(screen.getByTestId('count-Missing')).toContainText('2');

  // The report of this stocktake.
  await screen.getByRole('button', { name: '查看盘点报表' }).click();
  const report = page.getByTestId('screen-/inventory-report');
  await expect(report.getByTestId('inventory-areas')).toContainText(`盘点测试区${tag}`);
  await expect(report.getByTestId('inventory-items')).toContainText(books[2]!);
  await expect(report.getByTestId('inventory-items')).toContainText(books[3]!);
  await axeClean(page, 'report');
  await report.getByTestId('inventory-tab-unknown').click();
  await expect(report.getByTestId('inventory-items')).toContainText(`NOPE${tag}`);
  await report.getByTestId('inventory-print-open').click();
  await expect(page.getByTestId('inventory-print')).toContainText(books[2]!);
  await axeClean(page, 'print view');
  expect(health.problems).toEqual([]);
});
