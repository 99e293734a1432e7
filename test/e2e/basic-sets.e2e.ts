import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Basic sets (issue 3): a school sets itself up — branches, collection areas, resource types and
// access, shelves and positions, shelf areas, and the unit's basic info (theme colours).

async function open(page: Page, path: string) {
  await page.evaluate((p) => { location.hash = `#${p}`; }, path);
  await expect(page.getByTestId(`screen-${path}`)).toHaveAttribute('data-status', 'built');
}

async function search(page: Page, text: string) {
  await page.getByTestId('kit-filters').getByTestId('field-SearchKey').fill(text);
  await page.getByTestId('kit-search').click();
}

const cell = (page: Page, rowId: string | number, field: string) => page.locator(`[data-id="${rowId}"] [data-field="${field}"] input`);

async function pickRef(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option }).first().click();
}

test('branch: create through the form, find it, delete it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026');
  const health = watchPage(page);
  await open(page, '/resource-mana/basic-set/branch');
  await expect(page.getByRole('gridcell', { name: '总馆' })).toBeVisible();
  await page.getByTestId('crud-add').click();
  await page.getByTestId('field-Code').fill('SCI');
  await page.getByTestId('field-Name').fill('科技楼分馆');
  await page.getByTestId('field-OpenHours').fill('8:00-17:00');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  const row = page.getByRole('row', { name: /科技楼分馆/ });
  await expect(row).toBeVisible();
  await row.locator('[data-testid^="crud-delete-"]').click();
  await page.getByTestId('kit-confirm-ok').click();
  await expect(page.getByRole('gridcell', { name: '科技楼分馆' })).toHaveCount(0);
  expect(health.problems).toEqual([]);
});

test('collection area: create one in a branch', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/resource-mana/basic-set/location');
  await page.getByTestId('crud-add').click();
  await pickRef(page, 'field-BranchID', '分馆');
  await page.getByTestId('field-Code').fill('NEW1');
  await page.getByTestId('field-Name').fill('新书展示区');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: '新书展示区' })).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('resource types in place, and resource access switched per identity', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/resource-mana/basic-Set/resource-type');
  await expect(page.getByRole('gridcell', { name: '绘本' })).toBeVisible();
  await page.getByTestId('lookup-add').click();
  await cell(page, '__new__', 'Code').fill('EBOOK');
  await cell(page, '__new__', 'Name').fill('电子书');
  await cell(page, '__new__', 'Name').press('Enter');
  await expect(page.getByRole('gridcell', { name: '电子书' })).toBeVisible();

  await open(page, '/resource-mana/basic-set/resource-auth');
  await expect(page.getByRole('gridcell', { name: '电子书' })).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('shelf number, generated positions with a preview, and the shelf area total width', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/resource-mana/basic-set/location-num');
  await page.getByTestId('crud-add').click();
  await pickRef(page, 'field-AreaID', '中文图书区');
  await page.getByTestId('field-Code').fill('Z99');
  await page.getByTestId('field-Layers').fill('3');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await search(page, 'Z99');
  await expect(page.getByRole('gridcell', { name: 'Z99' })).toBeVisible();

  await open(page, '/resource-mana/basic-set/location-num-pos');
  await page.getByTestId('generate-positions-open').click();
  await page.getByTestId('generate-shelves').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Z99' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('generate-preview-button').click();
  await expect(page.getByTestId('generate-summary')).toContainText('将新增 3 个架位');
  await page.getByTestId('generate-confirm').click();
  await expect(page.getByTestId('generate-positions')).toHaveCount(0);
  await search(page, 'Z99-1');
  await expect(page.getByRole('gridcell', { name: 'Z99-1-3-01' })).toBeVisible();

  await open(page, '/bookshelf-area');
  await expect(page.getByRole('gridcell', { name: 'A区' })).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('library basic info: a new theme colour is previewed live and recolours the shell after saving', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/library/basic-info');
  await expect(page.getByTestId('basic-info-Name')).toHaveValue('北京市第一实验学校');
  await page.getByTestId('basic-info-bgColor').fill('#335577');
  await expect(page.getByTestId('theme-preview-bar')).toHaveCSS('background-color', 'rgb(51, 85, 119)');
  await page.getByTestId('basic-info-Address').fill('');
  await page.getByTestId('basic-info-save').click();
  await expect(page.getByText('请输入地址')).toBeVisible();
  await page.getByTestId('basic-info-Address').fill('北京市西城区实验路2号');
  await page.getByTestId('basic-info-save').click();
  await expect.poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('lib.unit') ?? '{}').ThemeColor?.bgColor)).toBe('#335577');
  expect(health.problems).toEqual([]);
});
