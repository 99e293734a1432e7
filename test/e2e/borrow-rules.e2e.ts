import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Borrowing rules (issue 3): permission groups, who belongs to them, and the school calendar.

async function open(page: Page, path: string) {
  await page.evaluate((p) => { location.hash = `#${p}`; }, path);
  await expect(page.getByTestId(`screen-${path}`)).toHaveAttribute('data-status', 'built');
}

async function pick(page: Page, selectTestId: string, option: string | RegExp) {
  await page.getByTestId(selectTestId).click();
  await page.getByRole('option', { name: option }).click();
}

test('permission groups: the seeded groups, and a new group added through the form', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026');
  const health = watchPage(page);
  await open(page, '/borrow-permission');
  await expect(page.getByRole('gridcell', { name: '学生默认组' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: '逾期图书不可续借' }).first()).toBeVisible();
  await page.getByTestId('crud-add').click();
  await page.getByTestId('field-Name').fill('阅读之星组');
  await page.getByTestId('field-MaxLoans').fill('8');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: '阅读之星组' })).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('borrowing range: a reader already in another group is refused with the list of users', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/borrow-range-mana');
  await pick(page, 'range-group', /小班借阅组/);
  await page.getByTestId('assign-readers').fill('R2026000009');
  await page.getByTestId('assign-add').click();
  await expect(page.getByRole('gridcell', { name: /金雪心（R2026000009）/ })).toBeVisible();

  await pick(page, 'range-group', /教师组/);
  await page.getByTestId('assign-readers').fill('R2026000004 R2026000009');
  await page.getByTestId('assign-add').click();
  const alert = page.getByTestId('assign-conflicts');
  await expect(alert).toContainText('添加失败！以下用户已存在于其他权限组中。');
  await expect(alert).toContainText('金雪心（R2026000009）：已在“小班借阅组”');
  await expect(page.getByRole('gridcell', { name: /R2026000004/ })).toHaveCount(0);
  expect(health.problems).toEqual([]);
});

test('holiday management: a click closes a day and opens it again; due dates are previewed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/holiday-management');
  await expect(page.getByTestId('holiday-due-preview')).toContainText('学生默认组');
  // The national-day week is seeded closed for this year and last; going back always reaches a seeded October.
  const label = page.getByTestId('holiday-month-label');
  while (!(await label.textContent())?.endsWith('-10')) await page.getByTestId('holiday-prev').click();
  const year = (await label.textContent())!.slice(0, 4);
  await expect(page.getByTestId(`day-${year}-10-01`)).toHaveAttribute('data-state', 'closed');
  const day = page.getByTestId(`day-${year}-10-14`);
  await expect(day).toHaveAttribute('data-state', 'open');
  await page.getByTestId('holiday-reason').fill('图书盘点');
  await day.click();
  await expect(day).toHaveAttribute('data-state', 'closed');
  await expect(page.getByTestId(`period-${year}-10-14`)).toContainText('图书盘点');
  await day.click();
  await expect(day).toHaveAttribute('data-state', 'open');
  expect(health.problems).toEqual([]);
});

test('per-type limits: a group limiting magazines, a reader found by name, and their effective limits', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/borrow-permission');
  await page.getByTestId('crud-add').click();
  await page.getByTestId('field-Name').fill('期刊限借组');
  await page.getByTestId('field-MaxLoans').fill('4');
  await page.getByTestId('type-limit-add').click();
  await pick(page, 'type-limit-type-0', '期刊');
  await page.getByTestId('type-limit-0-MaxLoans').fill('2');
  await page.getByTestId('type-limit-0-LoanDays').fill('21');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: '期刊 最多 2 册，21 天', exact: true })).toBeVisible();

  await open(page, '/borrow-range-mana');
  await pick(page, 'range-group', /期刊限借组/);
  await page.getByTestId('assign-reader-search').fill('王丽华');
  await page.getByRole('option', { name: /^王丽华（R\d+）/ }).first().click();
  await expect(page.getByTestId('assign-picked')).toContainText('王丽华');
  await page.getByTestId('assign-add').click();
  await expect(page.getByRole('gridcell', { name: /王丽华（R\d+）/ })).toBeVisible();

  await page.getByTestId('limits-reader-search').fill('王丽华');
  await page.getByRole('option', { name: /^王丽华（R\d+）/ }).first().click();
  const result = page.getByTestId('limits-result');
  await expect(result).toContainText('适用权限组：期刊限借组');
  await expect(result).toContainText(/读者 王丽华（R\d+） 被单独加入/);
  await expect(page.getByTestId('limits-overall')).toContainText('最多 4 册');
  await expect(page.getByTestId('limits-by-type').getByRole('row', { name: /期刊/ })).toContainText('21');
  await expect(page.getByTestId('limits-due')).toBeVisible();
  expect(health.problems).toEqual([]);
});
