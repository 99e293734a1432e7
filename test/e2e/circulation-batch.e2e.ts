import { expect, test, type Page } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { circulationRecordCalls } from '../../src/shared/api/circulation-records.ts';
import { organizationCalls } from '../../src/shared/api/organization.ts';
import { addDays, toLocalDay } from '../../src/shared/domain/borrowing/local-days.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';
import { describe as describeFindings, FAILING, scan as axeScan, settle, stillMotion } from '../support/axe-scan.ts';

// Batch circulation (issue 9): each screen's main task, scanner first where the screen is. Every
// test makes a department of its own with its own readers and books (through the gateway), so a
// class-wide action touches nothing another test relies on.

test.use({ timezoneId: 'Asia/Shanghai' });
const OFFSET = 480;
const today = () => toLocalDay(new Date().toISOString(), OFFSET);

/** axe-core on the screen as it stands (lists filled, outcomes shown): no violation of any impact. */
async function accessible(page: Page, where: string) {
  await settle(page);
  const findings = await axeScan(page, where);
  expect(describeFindings(findings.filter((f) => FAILING.has(f.impact)))).toBe('');
}

async function department(page: Page, name: string): Promise<number> {
  const d = await gw<{ ID: number }>(page, organizationCalls.addDepartment, { ParentID: null, Name: name, State: 1 });
  return d.ID;
}

/** Picks the department in the screen's class box by typing its name (keyboard only). */
async function pickDept(page: Page, testId: string, name: string) {
  const box = page.getByTestId(testId);
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name }).click();
}

test('batch borrow: a class’s books scanned reader after reader, one removed, then lent at once with each line’s outcome', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batchborrow');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const deptName = `批量借书部${tag}`;
  const deptId = await department(page, deptName);
  const a = await readerWithBooks(page, { card: `BA${tag}`, name: `批借甲${tag}`, title: `批借书${tag}`, copies: 3, deptId });
  await readerWithBooks(page, { card: `BB${tag}`, name: `批借乙${tag}`, title: `批借书乙${tag}`, copies: 1, deptId });
  const [b1, b2, b3] = a.books as [string, string, string];

  await page.reload();
  await stillMotion(page);
  const screen = page.getByTestId('screen-/batchborrow');
  await expect(screen.getByRole('heading', { level: 1, name: '批量借书' })).toBeVisible();
  await accessible(page, 'zh-CN /batchborrow (empty)');
  await pickDept(page, 'batch-borrow-class', deptName);
  const rowA = screen.getByTestId(`batch-borrow-reader-BA${tag}`);
  const rowB = screen.getByTestId(`batch-borrow-reader-BB${tag}`);
  await expect(rowA).toHaveAttribute('data-selected', 'true');
  await expect(rowA).toContainText('5');

  const box = screen.getByTestId('batch-borrow-scan');
  await box.focus();
  await scan(page, b1);
  await expect(screen.getByTestId('batch-borrow-notice')).toHaveText(`${b1} 已记到 批借甲${tag} 名下`);
  // The selection moved on to the next reader in the roster.
  await expect(rowB).toHaveAttribute('data-selected', 'true');
  await scan(page, b2);
  await scan(page, `NOSUCH${tag}`);
  await scan(page, b1);
  await expect(screen.getByTestId('batch-borrow-notice')).toHaveText(`${b1} 已在清单中（批借甲${tag}），未重复加入`);
  // A reader card selects that reader; a third book for them, then taken off the list again.
  await scan(page, `BA${tag}`);
  await expect(rowA).toHaveAttribute('data-selected', 'true');
  await scan(page, b3);
  await expect(screen.getByTestId('batch-borrow-list').getByRole('row')).toHaveCount(5);
  await screen.getByTestId(`batch-borrow-remove-${b3}`).click();
  await expect(screen.getByTestId(`batch-borrow-line-${b3}`)).toHaveCount(0);

  // Ctrl+Enter in the scan box lends the list: the hands stay on the keyboard.
  await expect(box).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(screen.getByTestId('batch-borrow-totals')).toHaveText('已借出 2 册，1 条未成功');
  await expect(screen.getByTestId(`batch-borrow-line-${b1}`)).toHaveAttribute('data-status', 'lent');
  await expect(screen.getByTestId(`batch-borrow-line-${b1}`)).toContainText(`已借出《批借书${tag}》，应还 `);
  await expect(screen.getByTestId(`batch-borrow-line-${b2}`)).toContainText(`批借乙${tag}`);
  await expect(screen.getByTestId(`batch-borrow-line-NOSUCH${tag}`)).toContainText(`没有条码为 NOSUCH${tag} 的图书`);
  // The roster now counts the loans.
  await expect(rowA.getByRole('cell').nth(2)).toHaveText('1');
  const history = await gw<{ List: Array<{ ReaderName: string }> }>(page, circulationRecordCalls.getBorrowHistory, { Barcode: b2, Page: 1, Rows: 5 });
  expect(history.List[0]!.ReaderName).toBe(`批借乙${tag}`);

  await accessible(page, 'zh-CN /batchborrow (lent)');

  await page.getByTestId('language-en-US').click();
  await expect(screen.getByRole('heading', { level: 1, name: 'Batch Borrow' })).toBeVisible();
  await expect(screen.getByTestId(`batch-borrow-line-NOSUCH${tag}`)).toContainText(`No book has the barcode NOSUCH${tag}`);
  await accessible(page, 'en-US /batchborrow (lent)');
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});

test('batch return: scanned books returned at once (a repeat told, a book not on loan refused), then a class ticked off', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batchreturn');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const deptName = `批量还书部${tag}`;
  const deptId = await department(page, deptName);
  const r = await readerWithBooks(page, { card: `BR${tag}`, name: `批还${tag}`, title: `批还书${tag}`, copies: 3, deptId });
  const [b1, b2, b3] = r.books as [string, string, string];
  for (const b of [b1, b2]) await gw(page, circulationCalls.literatureCirc, { UserID: r.userId, Barcode: b });

  await page.reload();
  await stillMotion(page);
  const screen = page.getByTestId('screen-/batchreturn');
  const box = screen.getByTestId('batch-return-scan');
  await expect(box).toBeFocused();
  await accessible(page, 'zh-CN /batchreturn (empty)');
  await scan(page, b1);
  await scan(page, b1);
  await expect(screen.getByTestId('batch-return-notice')).toHaveText(`${b1} 已在清单中，未重复加入`);
  await scan(page, b2);
  await scan(page, b3);
  await expect(screen.getByTestId('batch-return-commit')).toHaveText('全部归还（3 册）');
  await screen.getByTestId('batch-return-commit').click();
  await expect(screen.getByTestId('batch-return-totals')).toHaveText('已归还 2 册，1 条未成功');
  await expect(screen.getByTestId(`batch-return-line-${b1}`)).toHaveAttribute('data-status', 'returned');
  await expect(screen.getByTestId(`batch-return-line-${b1}`)).toContainText(`批还${tag}`);
  await expect(screen.getByTestId(`batch-return-line-${b3}`)).toContainText(`${b3} 不在借出状态`);
  await accessible(page, 'zh-CN /batchreturn (returned)');

  // By class: the class's open loans, every one ticked; untick all, tick one, return it.
  await gw(page, circulationCalls.literatureCirc, { UserID: r.userId, Barcode: b3 });
  await gw(page, circulationCalls.literatureCirc, { UserID: r.userId, Barcode: b1 });
  await screen.getByTestId('batch-return-tab-class').click();
  await pickDept(page, 'batch-return-class', deptName);
  await expect(screen.getByTestId('batch-return-commit')).toHaveText('归还所选（2 册）');
  await screen.getByTestId('batch-return-all').click();
  await screen.getByRole('checkbox', { name: `选择 ${b3}` }).check();
  await screen.getByTestId('batch-return-commit').click();
  await expect(screen.getByTestId('batch-return-totals')).toHaveText('已归还 1 册');
  await expect(screen.getByTestId(`batch-return-line-${b3}`)).toHaveAttribute('data-status', 'returned');
  await expect(screen.getByTestId(`batch-return-line-${b1}`)).toHaveAttribute('data-status', 'pending');
  await accessible(page, 'zh-CN /batchreturn (class)');
  expect(health.problems).toEqual([]);
});

test('batch by conditions: a department’s loans previewed, then all given a new due day, journaled', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batchcondition');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const deptName = `条件处理部${tag}`;
  const deptId = await department(page, deptName);
  const r = await readerWithBooks(page, { card: `BC${tag}`, name: `条件${tag}`, title: `条件书${tag}`, copies: 2, deptId });
  for (const b of r.books) await gw(page, circulationCalls.literatureCirc, { UserID: r.userId, Barcode: b });

  await page.reload();
  await stillMotion(page);
  const screen = page.getByTestId('screen-/batchcondition');
  await expect(screen.getByTestId('batch-condition-search')).toBeVisible();
  await accessible(page, 'zh-CN /batchcondition (empty)');
  await pickDept(page, 'batch-condition-class', deptName);
  await screen.getByTestId('batch-condition-search').click();
  await expect(screen.getByTestId('batch-condition-count')).toHaveText('符合条件的在借图书：2 册');
  await expect(screen.getByTestId('batch-condition-preview').getByRole('row')).toHaveCount(3);

  const day = addDays(today(), 45);
  await screen.getByTestId('batch-condition-action-due').click();
  await screen.getByTestId('batch-condition-newdue').fill(day);
  await accessible(page, 'zh-CN /batchcondition (preview)');
  await screen.getByTestId('batch-condition-run').click();
  await expect(page.getByRole('dialog')).toContainText(`将把这 2 册图书的应还日期改为 ${day}`);
  await page.getByTestId('batch-condition-confirm-ok').click();
  await expect(screen.getByTestId('batch-condition-totals')).toHaveText('已改应还日期 2 册');
  for (const b of r.books) await expect(screen.getByTestId(`batch-condition-result-${b}`)).toContainText(`→ ${day}`);
  const log = await gw<{ List: Array<{ Kind: string; Note: string }> }>(page, circulationRecordCalls.getTransactions, { Page: 1, Rows: 5, Book: r.books[0], Kind: 'due' });
  expect(log.List).toHaveLength(1);
  // The preview now shows the new due day.
  await expect(screen.getByTestId('batch-condition-preview')).toContainText(day);
  await accessible(page, 'zh-CN /batchcondition (done)');
  expect(health.problems).toEqual([]);
});

test('offline upload: a desk’s file previewed line by line, applied in time order, and the same file again changes nothing', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batchdata');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const r = await readerWithBooks(page, { card: `BD${tag}`, name: `离线${tag}`, title: `离线书${tag}`, copies: 2 });
  const [b1, b2] = r.books as [string, string];
  const day = addDays(today(), -1);
  const csv = [
    '时间,类型,读者证号,图书条码',
    `${day} 15:00,还,BD${tag},${b1}`,
    `${day} 09:00,借,BD${tag},${b1}`,
    `${day} 09:05,借,BD${tag},${b2}`,
    `${day} 09:10,借,NOCARD${tag},${b2}`,
  ].join('\r\n');
  const file = { name: `offline-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8') };

  await page.reload();
  await stillMotion(page);
  const screen = page.getByTestId('screen-/batchdata');
  await expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
  await accessible(page, 'zh-CN /batchdata (empty)');
  await screen.getByTestId('batch-data-file').setInputFiles(file);
  await expect(screen.getByTestId('batch-data-counts')).toHaveText('共 4 行：可导入 3 行，有误 1 行，已导入过 0 行');
  await expect(screen.getByTestId('batch-data-line-5')).toContainText(`没有证号为 NOCARD${tag} 的读者`);
  await screen.getByTestId('batch-data-apply').click();
  await expect(screen.getByTestId('batch-data-counts')).toHaveText('已补录 3 行，被拒 0 行，跳过已导入 0 行，有误 1 行');
  await expect(screen.getByTestId('batch-data-line-4')).toHaveAttribute('data-status', 'done');
  await accessible(page, 'zh-CN /batchdata (applied)');
  const history = await gw<{ List: Array<{ LoanedAt: string; ReturnedAt: string | null }> }>(page, circulationRecordCalls.getBorrowHistory, { Barcode: b1, Page: 1, Rows: 5 });
  expect(toLocalDay(history.List[0]!.LoanedAt, OFFSET)).toBe(day);
  expect(toLocalDay(history.List[0]!.ReturnedAt!, OFFSET)).toBe(day);

  // The same file again: every line already applied, said so, nothing to apply.
  await screen.getByTestId('batch-data-file').setInputFiles(file);
  await expect(screen.getByTestId('batch-data-counts')).toHaveText('共 4 行：可导入 0 行，有误 1 行，已导入过 3 行');
  await expect(screen.getByTestId('batch-data-apply')).toBeDisabled();
  await page.getByTestId('language-en-US').click();
  await expect(screen.getByTestId('batch-data-counts')).toHaveText('4 lines: 0 ready, 1 with errors, 3 already uploaded');
  await accessible(page, 'en-US /batchdata (preview)');
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});
