import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The collection (issue 7): find a copy by its barcode, edit its shelf mark, lock and unlock it
// through the state machine, and see each change in its history.

test('collection: find a copy by barcode, edit its shelf mark, lock and unlock it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/collection');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/resource-mana/resource/collection')).toHaveAttribute('data-status', 'built');
  await expect(page.getByTestId('collection-sums')).toContainText('共');
  const grid = page.getByTestId('list-copy');
  const first = grid.locator('[role="row"][data-id]').first();
  await expect(first).toBeVisible();
  const barcode = (await first.locator('[data-field="Barcode"]').innerText()).trim();

  await page.getByLabel('条码、标签、索书号、ISBN、题名或责任者').fill(barcode);
  await page.keyboard.press('Enter');
  await expect(grid.locator('[role="row"][data-id]')).toHaveCount(1);
  await expect(page.getByTestId('collection-sums')).toContainText('共 1 册');

  const row = grid.locator('[role="row"][data-id]').first();
  await row.getByRole('button', { name: '编辑' }).click();
  await page.getByLabel('架位号').fill('E2E-01-02');
  await page.getByTestId('kit-form-submit').click();
  await expect(row.locator('[data-field="ShelfMark"]')).toHaveText('E2E-01-02');

  await page.getByTestId(`copy-state-${barcode}`).click();
  await page.getByTestId('copy-event-lock').click();
  await page.getByRole('button', { name: '执行' }).click();
  await expect(row.locator('[data-field="CircState"]')).toContainText('锁定');
  await page.getByTestId(`copy-state-${barcode}`).click();
  await page.getByTestId('copy-event-unlock').click();
  await page.getByRole('button', { name: '执行' }).click();
  await expect(row.locator('[data-field="CircState"]')).toContainText('在架');

  await row.locator('[data-field="Title"]').click();
  await expect(page.getByTestId('copy-history')).toContainText('解锁');
  expect(health.problems).toEqual([]);
});

test('bulk editing with a preview, then bulk deletion refusing a copy that has been lent', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/collection');
  const health = watchPage(page);
  const rows = page.getByTestId('list-copy').locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  const two = [(await rows.nth(1).locator('[data-field="Barcode"]').innerText()).trim(), (await rows.nth(2).locator('[data-field="Barcode"]').innerText()).trim()];
  await page.getByRole('combobox', { name: '流通状态' }).click();
  await page.getByRole('option', { name: '已借出' }).click();
  await page.getByTestId('kit-search').click();
  await expect(rows.first()).toContainText('已借出');
  const lent = (await rows.first().locator('[data-field="Barcode"]').innerText()).trim();

  await page.goto(`${baseURL}/library/#/bulk-editing`);
  await page.getByTestId('bulk-barcodes').fill(two.join('\n'));
  await page.getByTestId('bulk-value').fill('BULK-9');
  await page.getByTestId('bulk-preview').click();
  const changes = page.getByTestId('bulk-changes');
  for (const b of two) await expect(changes).toContainText(b);
  await expect(changes).toContainText('BULK-9');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('bulk-done')).toContainText('已执行 2 项修改');

  await page.goto(`${baseURL}/library/#/delete-records-bulk`);
  await page.getByTestId('delete-barcodes').fill(lent);
  await page.getByTestId('delete-preview').click();
  await expect(page.getByTestId('bulk-refused')).toContainText(lent);
  await expect(page.getByTestId('delete-run')).toHaveCount(0);
  expect(health.problems).toEqual([]);
});

test('label transfer: scan the old label, then the new one, keyboard only; the history shows it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/collection');
  const health = watchPage(page);
  const rows = page.getByTestId('list-copy').locator('[role="row"][data-id]');
  const old = (await rows.nth(3).locator('[data-field="Barcode"]').innerText()).trim();
  await page.goto(`${baseURL}/library/#/resource-mana/resource/label-transfer`);
  await expect(page.getByTestId('label-old')).toBeFocused();
  await page.keyboard.type(old);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('label-copy')).toContainText(old);
  await expect(page.getByTestId('label-new')).toBeFocused();
  await page.keyboard.type('RELABEL-01');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('label-message')).toContainText(`${old} 已换为 RELABEL-01`);
  await expect(page.getByTestId('label-old')).toBeFocused();
  await expect(page.getByTestId('list-relabel')).toContainText('RELABEL-01');
  expect(health.problems).toEqual([]);
});

test('catalogue: find a title, see its copies, add one, edit its publisher', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/catalog');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/resource-mana/resource/catalog')).toHaveAttribute('data-status', 'built');
  const rows = page.getByTestId('list-title').locator('[role="row"][data-id]');
  const first = rows.first();
  const title = (await first.locator('[data-field="Title"]').innerText()).trim();
  const copies = Number((await first.locator('[data-field="Copies"]').innerText()).trim());
  await first.locator('[data-field="Title"]').click();
  await expect(page.getByTestId('title-copies').locator('li')).toHaveCount(copies);
  await page.getByRole('combobox', { name: '馆藏地' }).click();
  await page.getByRole('option').first().click();
  await page.getByTestId('title-add-copy').click();
  await expect(page.getByTestId('title-copies').locator('li')).toHaveCount(copies + 1);
  await page.keyboard.press('Escape');
  await first.getByRole('button', { name: '编辑' }).click();
  await page.getByLabel('出版者').fill('端到端出版社');
  await page.getByTestId('kit-form-submit').click();
  await expect(first.locator('[data-field="Publisher"]')).toHaveText('端到端出版社');
  await expect(first.locator('[data-field="Title"]')).toHaveText(title);
  expect(health.problems).toEqual([]);
});
