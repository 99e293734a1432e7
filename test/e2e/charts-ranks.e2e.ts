import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { chartsCalls } from '../../src/shared/api/charts.ts';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { organizationCalls } from '../../src/shared/api/organization.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';

// The borrowing rankings (issue 11): a class of this test's own with two readers who borrow today,
// ranked on /classuserrank (the one with more loans on top), exported to .xlsx through the
// download panel; the title's loans on the day's top list; and the class ranking in English.

const go = (page: Page, route: string) => page.evaluate((r) => { location.hash = `#${r}`; }, route);

async function pick(page: Page, screen: ReturnType<Page['getByTestId']>, label: string, field: string, value: string | number) {
  await screen.getByRole('combobox', { name: label }).click();
  await page.getByTestId(`option-${field}-${value}`).click();
}

async function downloadLatest(page: Page): Promise<Buffer> {
  const panel = page.getByTestId('download-panel');
  await expect(panel).toBeVisible();
  const row = panel.locator('[data-testid^="job-row-"]').first();
  await expect(row).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
  const download = page.waitForEvent('download');
  await panel.locator('[data-testid^="job-download-"]').first().click();
  return readFileSync((await (await download).path())!);
}

test('readers of a class ranked by today\'s loans, exported to .xlsx; the day\'s top list; in English too', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/classuserrank');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);

  // A class of our own in a demo grade, two readers in it: the first borrows two books, the second one.
  const grades = await gw<Array<{ ID: number; Name: string }>>(page, chartsCalls.getGroupOptions, { Kind: 'grade' });
  const cls = await gw<{ ID: number }>(page, organizationCalls.addClass, { ParentID: grades[0]!.ID, Name: `排行班${tag}`, EnName: `Rank class ${tag}` });
  const top = await readerWithBooks(page, { card: `RK${tag}A`, name: `榜首读者${tag}`, title: `排行测试书${tag}`, copies: 3, deptId: cls.ID });
  const second = await readerWithBooks(page, { card: `RK${tag}B`, name: `第二读者${tag}`, title: `排行测试书乙${tag}`, copies: 1, deptId: cls.ID });
  await gw(page, circulationCalls.literatureCirc, { UserID: top.userId, Barcode: top.books[0] });
  await gw(page, circulationCalls.literatureCirc, { UserID: top.userId, Barcode: top.books[1] });
  await gw(page, circulationCalls.literatureCirc, { UserID: second.userId, Barcode: second.books[0] });

  // 班级读者排行: today, the new class.
  await page.reload();
  const screen = page.getByTestId('screen-/classuserrank');
  await expect(screen.getByRole('heading', { level: 1, name: '班级读者排行' })).toBeVisible();
  await pick(page, screen, '统计时段', 'Period', 'today');
  await pick(page, screen, '班级', 'ClassID', cls.ID);
  await screen.getByTestId('report-run').click();
  const grid = screen.getByTestId('report-grid');
  const rows = grid.getByRole('row');
  await expect(rows.nth(1)).toContainText(`榜首读者${tag}`);
  await expect(rows.nth(1)).toContainText('2');
  await expect(rows.nth(2)).toContainText(`第二读者${tag}`);
  await expect(rows).toHaveCount(3);
  await expect(screen.getByTestId('rank-period')).toContainText('共 3 次借阅');
  await expect(screen.getByTestId('report-chart')).toBeVisible();
  await expect(screen.getByTestId('report-print')).toBeVisible();

  // Export: the job runs in the download panel; the file has Chinese headers and our reader first.
  await screen.getByTestId('kit-export').click();
  const file = await downloadLatest(page);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['名次', '读者证号', '姓名', '年级', '班级/部门', '身份', '借阅量']);
  expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([1, `RK${tag}A`, `榜首读者${tag}`, grades[0]!.Name, `排行班${tag}`, '学生', 2]);
  expect(sheet.rowCount).toBe(4);

  // 日借阅排行: today's top list has our title with its two loans.
  await go(page, '/dayrank');
  const day = page.getByTestId('screen-/dayrank');
  await expect(day.getByRole('combobox', { name: '统计时段' })).toContainText('今天');
  await day.getByTestId('report-run').click();
  await expect(day.getByTestId('report-grid').getByRole('row', { name: new RegExp(`排行测试书${tag}`) })).toContainText('2');

  // The week's top list starts on last week (the spec's top 100), in English.
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await go(page, '/weekrank');
  const week = page.getByTestId('screen-/weekrank');
  await expect(week.getByRole('combobox', { name: 'Period' })).toContainText('Last week');
  await expect(week.getByRole('spinbutton', { name: 'Places shown' })).toHaveValue('100');
  await go(page, '/classlendrank');
  const classes = page.getByTestId('screen-/classlendrank');
  await pick(page, classes, 'Period', 'Period', 'today');
  await classes.getByTestId('report-run').click();
  await expect(classes.getByTestId('report-grid').getByRole('row', { name: new RegExp(`Rank class ${tag}`) })).toContainText('3');
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(health.problems).toEqual([]);
});
