import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Organisation (issue 3): department and organisation trees, departments with member counts,
// grades and classes, terms and subjects, and the school organisation contacts.

async function open(page: Page, path: string) {
  await page.evaluate((p) => { location.hash = `#${p}`; }, path);
  await expect(page.getByTestId(`screen-${path}`)).toHaveAttribute('data-status', 'built');
}

const cell = (page: Page, rowId: string | number, field: string) => page.locator(`[data-id="${rowId}"] [data-field="${field}"] input`);
const node = (page: Page, name: string) => page.locator(`[data-testid^="tree-node-"][data-name="${name}"]`);

async function pickRef(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option }).first().click();
}

test('department tree: add, add a child, move it to the top, refuse deleting a department with readers', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/department/dept-manage');
  await expect(node(page, '图书馆')).toContainText(/\d+ 名读者/);
  // A department with readers offers no delete.
  await expect(node(page, '图书馆').locator('[data-testid^="tree-delete-"]')).toBeDisabled();

  await page.getByTestId('tree-add-root').click();
  await page.getByTestId('node-save').click();
  await expect(page.getByTestId('node-dialog')).toContainText('请输入部门名称');
  await page.getByTestId('node-Name').fill('后勤保障部');
  await page.getByTestId('node-save').click();
  await expect(node(page, '后勤保障部')).toBeVisible();

  await node(page, '后勤保障部').locator('[data-testid^="tree-add-"]').click();
  await page.getByTestId('node-Name').fill('食堂');
  await page.getByTestId('node-save').click();
  await expect(node(page, '食堂')).toBeVisible();

  // The parent cannot move under its own child: the child is not offered.
  await node(page, '后勤保障部').locator('[data-testid^="tree-move-"]').click();
  await page.getByTestId('move-parent').click();
  await expect(page.getByRole('option', { name: '食堂' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('move-dialog').getByRole('button', { name: '取消' }).click();

  await node(page, '食堂').locator('[data-testid^="tree-move-"]').click();
  await page.getByTestId('move-parent').click();
  await page.getByRole('option', { name: '（顶级）' }).click();
  await page.getByTestId('move-save').click();
  await expect(page.getByTestId('move-dialog')).toHaveCount(0);
  await expect(node(page, '后勤保障部').locator('[data-testid^="tree-delete-"]')).toBeEnabled();

  for (const name of ['食堂', '后勤保障部']) {
    await node(page, name).locator('[data-testid^="tree-delete-"]').click();
    await page.getByTestId('kit-confirm-ok').click();
    await expect(node(page, name)).toHaveCount(0);
  }
  expect(health.problems).toEqual([]);
});

test('organisation tree: add under the principal\'s office and rename', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026');
  const health = watchPage(page);
  await open(page, '/orgdept');
  await node(page, '校长室').locator('[data-testid^="tree-add-"]').click();
  await page.getByTestId('node-Name').fill('安全办');
  await page.getByTestId('node-save').click();
  await node(page, '安全办').locator('[data-testid^="tree-edit-"]').click();
  await page.getByTestId('node-Name').fill('安全办公室');
  await page.getByTestId('node-EnName').fill('Safety Office');
  await page.getByTestId('node-save').click();
  await expect(node(page, '安全办公室')).toBeVisible();
  await page.getByTestId('tree-search').fill('safety');
  await expect(page.locator('[data-testid^="tree-node-"]')).toHaveCount(2);
  expect(health.problems).toEqual([]);
});

test('departments list with member counts, edited in place', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/dept');
  await expect(page.getByRole('gridcell', { name: '图书馆' })).toBeVisible();
  await page.getByTestId('lookup-add').click();
  await cell(page, '__new__', 'Name').fill('校史馆');
  await cell(page, '__new__', 'Code').fill('XSG');
  await cell(page, '__new__', 'Name').press('Enter');
  await expect(page.getByRole('gridcell', { name: '校史馆' })).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('classes: add a class to a grade and find it with the grade filter', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/class');
  await expect(page.getByRole('gridcell', { name: '一年级1班' })).toBeVisible();
  await page.getByTestId('crud-add').click();
  await pickRef(page, 'field-ParentID', '三年级');
  await page.getByTestId('field-Name').fill('三年级5班');
  await page.getByTestId('field-Code').fill('0305');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await pickRef(page, 'field-GradeID', '三年级');
  await page.getByTestId('kit-search').click();
  await expect(page.getByRole('gridcell', { name: '三年级5班' })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: '一年级1班' })).toHaveCount(0);
  // A class with readers cannot be deleted; the new, empty one can.
  await expect(page.getByRole('row', { name: /三年级1班/ }).locator('[data-testid^="crud-delete-"]')).toBeDisabled();
  await page.getByRole('row', { name: /三年级5班/ }).locator('[data-testid^="crud-delete-"]').click();
  await page.getByTestId('kit-confirm-ok').click();
  await expect(page.getByRole('gridcell', { name: '三年级5班' })).toHaveCount(0);
  expect(health.problems).toEqual([]);
});

test('semester: make another term current, add a subject', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/semester');
  await expect(page.locator('[data-testid^="term-current-"]')).toHaveCount(1);
  const other = page.locator('[data-testid^="term-set-current-"]').first();
  const id = (await other.getAttribute('data-testid'))!.replace('term-set-current-', '');
  await other.click();
  await expect(page.getByTestId(`term-current-${id}`)).toBeVisible();
  await expect(page.locator('[data-testid^="term-current-"]')).toHaveCount(1);

  await page.getByTestId('lookup-add').click();
  await cell(page, '__new__', 'Name').fill('书法');
  await cell(page, '__new__', 'Name').press('Enter');
  await expect(page.getByRole('gridcell', { name: '书法' })).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('school organisation contacts: add one', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  await open(page, '/organization');
  await expect(page.getByRole('gridcell', { name: '教务处' })).toBeVisible();
  await page.getByTestId('lookup-add').click();
  await cell(page, '__new__', 'Name').fill('校医室');
  await cell(page, '__new__', 'Contact').fill('孙医生');
  await cell(page, '__new__', 'Name').press('Enter');
  await expect(page.getByRole('gridcell', { name: '校医室' })).toBeVisible();
  expect(health.problems).toEqual([]);
});
