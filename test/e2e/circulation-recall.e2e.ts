import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { describe, scan, settle, stillMotion } from '../support/axe-scan.ts';

// 催还 (/recall): the weekly round of overdue reminders on the demo's overdue loans. One overdue
// book is found by its barcode, its slip printed (the print dialog stubbed) and recorded, then
// its reader e-mailed (the demo's students have no address: the result says so); and the list,
// slips and class list in English; then the column export of the desk's journal. Each state is
// checked with axe (any violation fails).

const SHOTS = process.env.RECALL_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function checked(page: Page, where: string, name: string) {
  await settle(page);
  await shot(page, name);
  const findings = await scan(page, where);
  expect(findings, describe(findings)).toEqual([]);
}

const go = (page: Page, route: string) => page.evaluate((r) => { location.hash = `#${r}`; }, route);

test('overdue loans by class: print a slip, record it, e-mail the reader; in Chinese and English', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/recall');
  const health = watchPage(page);
  await stillMotion(page);
  // The system print dialog cannot be driven: the stub counts the calls.
  await page.evaluate(() => { (window as unknown as { printed: number }).printed = 0; window.print = () => { (window as unknown as { printed: number }).printed++; }; });
  const screen = page.getByTestId('screen-/recall');
  await expect(screen.getByRole('heading', { level: 1, name: '图书催还' })).toBeVisible();
  const firstGroup = screen.getByTestId('recall-group').first();
  await expect(firstGroup).toBeVisible();
  await checked(page, '/recall zh-CN', 'recall-zh');

  // The most overdue book of the school, then that book alone by its barcode (Enter searches).
  await screen.getByRole('combobox', { name: '排序' }).click();
  await page.getByRole('option', { name: '逾期最久在前' }).click();
  await screen.getByTestId('recall-run').click();
  const first = screen.locator('[data-testid^="recall-row-"]').first();
  const barcode = (await first.getAttribute('data-testid'))!.replace('recall-row-', '');
  await screen.getByTestId('recall-search').fill(barcode);
  await screen.getByTestId('recall-search').press('Enter');
  await expect(screen.locator('[data-testid^="recall-row-"]')).toHaveCount(1);
  const row = screen.getByTestId(`recall-row-${barcode}`);
  // Read from the one row left: the list may still have been re-sorting when the barcode was taken.
  const reader = (await row.locator('td').nth(1).innerText()).replace('（无邮箱）', '').trim();

  // Tick its class, print its slip: the slip names the reader and the book; Print records it.
  await screen.getByTestId('recall-select-class').first().locator('input').check();
  await expect(screen.getByTestId('recall-selected')).toContainText('已选 1 本');
  await screen.getByTestId('recall-print-slips').click();
  const view = page.getByTestId('recall-print');
  await expect(view.getByTestId('recall-slip')).toHaveCount(1);
  await expect(view.getByTestId('recall-slip')).toContainText(reader);
  await expect(view.getByTestId('recall-slip')).toContainText(barcode);
  await expect(view.getByTestId('recall-slip')).toContainText('请尽快将图书归还到图书馆');
  await checked(page, '/recall slips zh-CN', 'recall-slip-zh');
  await view.getByTestId('recall-print-go').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.getByText('已记录 1 本图书的打印提醒。')).toBeVisible();
  await view.getByTestId('recall-print-close').click();
  await expect(row.getByTestId('recall-last')).toContainText('打印');

  // E-mail: still selected after printing; the result names who could not be e-mailed.
  await screen.getByTestId('recall-email').click();
  const result = page.getByTestId('recall-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText(reader);
  await checked(page, '/recall e-mail result zh-CN', 'recall-result-zh');
  await page.getByTestId('recall-result-close').click();

  // Only books never reminded: this one has been.
  await screen.getByRole('combobox', { name: '提醒情况' }).click();
  await page.getByRole('option', { name: '从未提醒' }).click();
  await screen.getByTestId('recall-run').click();
  await expect(screen.getByTestId('recall-empty')).toBeVisible();

  // English: the list and the class list for the class teacher.
  await screen.getByRole('button', { name: '重置' }).click();
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(screen.getByRole('heading', { level: 1, name: 'Recall' })).toBeVisible();
  await expect(screen.getByTestId('recall-group').first().getByRole('heading', { level: 2 })).toContainText('Class');
  await checked(page, '/recall en-US', 'recall-en');
  await screen.getByTestId('recall-select-class').first().locator('input').check();
  await screen.getByTestId('recall-print-classes').click();
  await expect(view.getByTestId('recall-class-list').first()).toContainText('Please remind the students');
  await checked(page, '/recall class lists en-US', 'recall-classlist-en');
  await view.getByTestId('recall-print-close').click();
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // The journal's export: choose and order the columns, then the job starts.
  await go(page, '/surrency/br-records');
  const log = page.getByTestId('screen-/surrency/br-records');
  await log.getByTestId('column-export').click();
  const dialog = page.getByRole('dialog', { name: '选择导出的列' });
  await dialog.getByRole('checkbox', { name: '说明' }).uncheck();
  await dialog.getByRole('button', { name: '上移 读者姓名' }).click();
  await checked(page, 'column export zh-CN', 'column-export-zh');
  await dialog.getByTestId('column-export-start').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();
  expect(health.problems).toEqual([]);
});
