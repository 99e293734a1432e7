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
