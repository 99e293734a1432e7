import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { startZtest, type ZtestServer } from '../../src/gateway/capture/ztest-server.ts';

// Issue 7, done means: scan an ISBN → capture it from the SRU test server → 3 copies with
// barcodes and call numbers → find them in the collection → export MARC → re-import into the
// second school. Scanner and keyboard for the cataloguing; the file goes through the real
// download and upload paths.

let ztest: ZtestServer;
test.beforeAll(async () => { ztest = await startZtest(); });
test.afterAll(async () => { await ztest?.stop(); });

const ISBN = '9791000000114';

async function downloadLatest(page: Page): Promise<Buffer> {
  const panel = page.getByTestId('download-panel');
  await expect(panel).toBeVisible();
  const row = panel.locator('[data-testid^="job-row-"]').first();
  await expect(row).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
  const download = page.waitForEvent('download');
  await panel.locator('[data-testid^="job-download-"]').first().click();
  return readFileSync((await (await download).path())!);
}

test('scan → capture → 3 copies → in the collection → MARC export → import into school 2', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-editing-rule');
  const health = watchPage(page);
  await page.getByTestId('source-sru').getByRole('button').click();
  await page.getByRole('switch', { name: '启用' }).check();
  await page.getByTestId('source-url').fill(ztest.baseUrl);
  await page.getByLabel('数据库').fill('Default');
  await page.getByTestId('source-save').click();
  await expect(page.getByTestId('source-sru')).toContainText('已启用');
  // The school's own barcode prefix: barcodes stay unique when its records reach other schools.
  await page.getByTestId('sequence-add').click();
  await page.getByTestId('sequence-name').fill('本校条码');
  await page.getByTestId('sequence-prefix').fill('FL');
  await page.getByTestId('sequence-width').fill('6');
  await page.getByText('设为默认').click();
  await page.getByTestId('sequence-save').click();
  await expect(page.getByTestId('sequence-FL')).toContainText('FL000001');

  // Scanner and keyboard only.
  await page.goto(`${baseURL}/library/#/book-editing1`);
  await expect(page.getByTestId('quick-isbn')).toBeFocused();
  await page.keyboard.type(ISBN);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-new')).toContainText('SRU');
  await expect(page.getByTestId('quick-Title')).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await page.keyboard.type('42.00');
  await page.keyboard.press('Tab');
  await page.keyboard.type('TP312.8');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('quick-message')).toContainText('已保存 3 册');
  const saved = page.getByTestId('quick-saved');
  await expect(saved).toContainText('TP312.8/');
  const barcodes = (await saved.locator('.MuiTypography-body2').innerText()).trim().split(/\s+/);
  expect(barcodes).toEqual(['FL000001', 'FL000002', 'FL000003']);

  // In the collection, by ISBN.
  await page.goto(`${baseURL}/library/#/resource-mana/resource/collection`);
  await page.getByLabel('条码、标签、索书号、ISBN、题名或责任者').fill(ISBN);
  await page.keyboard.press('Enter');
  const grid = page.getByTestId('list-copy');
  await expect(grid.locator('[role="row"][data-id]')).toHaveCount(3);
  for (const b of barcodes) await expect(grid).toContainText(b);
  await expect(grid).toContainText('How to program a computer');

  // MARC export of the class, downloaded through the panel.
  await page.goto(`${baseURL}/library/#/resource-mana/resource/marc-export`);
  await page.getByTestId('marc-export-class').fill('TP312.8');
  await page.getByTestId('marc-export').click();
  await expect(page.getByTestId('marc-export-started')).toBeVisible();
  const marc = await downloadLatest(page);
  expect(marc.length).toBeGreaterThan(100);
  expect(health.problems).toEqual([]);

  // The second school imports the file.
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await signIn(other, baseURL!, 'admin2', 'Admin@2026', '/resource-mana/resource/marc-import');
  const health2 = watchPage(other);
  await other.getByTestId('marc-file').setInputFiles({ name: 'tp312.mrc', mimeType: 'application/marc', buffer: marc });
  await expect(other.getByTestId('marc-summary')).toContainText('tp312.mrc');
  await expect(other.getByTestId('marc-summary')).toContainText('How to program a computer');
  await other.getByTestId('marc-import').click();
  await expect(other.getByTestId('marc-job')).toContainText('导入书目 1 种', { timeout: 60_000 });
  await expect(other.getByTestId('marc-job')).toContainText('新增复本 3 册');
  await other.goto(`${baseURL}/library/#/resource-mana/resource/collection`);
  await other.getByLabel('条码、标签、索书号、ISBN、题名或责任者').fill(ISBN);
  await other.keyboard.press('Enter');
  const grid2 = other.getByTestId('list-copy');
  await expect(grid2.locator('[role="row"][data-id]')).toHaveCount(3);
  for (const b of barcodes) await expect(grid2).toContainText(b);
  expect(health2.problems).toEqual([]);
  await ctx.close();
});
