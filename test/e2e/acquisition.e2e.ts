import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { describe, FAILING, scan, settle, stillMotion, type Finding } from '../support/axe-scan.ts';

// Acquisition batches (/batch, issue 7): register a batch, edit it, accept it, find it with its
// totals, and the refusal of a duplicate number; axe on the screen and its dialogs in both languages.

async function search(page: Page, text: string) {
  await page.getByTestId('kit-filters').getByTestId('field-SearchKey').fill(text);
  await page.getByTestId('kit-search').click();
}

async function pickRef(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option }).first().click();
}

const rowOf = (page: Page, no: string) => page.getByRole('row', { name: new RegExp(no) });

test('batch: create, edit, accept, find it with its totals; a duplicate number is refused', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/batch');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/batch')).toHaveAttribute('data-status', 'built');
  // The demo school's batches, with totals computed from their copies.
  const seeded = page.getByRole('row', { name: /MAIN-02/ });
  await expect(seeded).toContainText('已验收');
  await expect(seeded.locator('[data-field="TotalPrice"]')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);

  await page.getByTestId('crud-add').click();
  await page.getByTestId('field-BatchNo').fill('E2E-2026-01');
  await pickRef(page, 'field-BranchID', '总馆');
  await page.getByTestId('field-Bookseller').fill('新华书店');
  await page.getByTestId('field-DiscountRate').fill('80');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);

  await search(page, 'E2E-2026');
  const row = rowOf(page, 'E2E-2026-01');
  await expect(row).toContainText('未验收');
  await expect(row.locator('[data-field="Quantity"]')).toHaveText('0');
  await expect(row.locator('[data-field="TotalPrice"]')).toHaveText('0.00');
  await expect(row.locator('[data-field="TotalDiscountPrice"]')).toHaveText('0.00');

  await row.locator('[data-testid^="crud-edit-"]').click();
  await expect(page.getByTestId('field-Bookseller')).toHaveValue('新华书店');
  await page.getByTestId('field-Bookseller').fill('人天书店');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await expect(row).toContainText('人天书店');

  await row.locator('[data-testid^="batch-accept-"]').click();
  await expect(page.getByTestId('kit-confirm')).toContainText('验收批次 E2E-2026-01');
  await page.getByTestId('kit-confirm-ok').click();
  await expect(page.getByText('批次已验收')).toBeVisible();
  await expect(row).toContainText('已验收');
  await expect(row.locator('[data-testid^="batch-close-"]')).toBeVisible();

  // The detail shows the acceptance date (today) and the figures.
  await row.getByRole('gridcell').first().click();
  const detail = page.getByTestId('batch-detail');
  await expect(detail.getByTestId('batch-detail-AcceptedOn')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(detail.getByTestId('batch-detail-Bookseller')).toHaveText('人天书店');
  await expect(detail.getByTestId('batch-detail-DiscountRate')).toHaveText('80%');
  await page.getByTestId('kit-detail-close').click();

  // Another batch with the same number: refused with the message, the form stays open.
  await page.getByTestId('crud-add').click();
  await page.getByTestId('field-BatchNo').fill('E2E-2026-01');
  await pickRef(page, 'field-BranchID', '总馆');
  health.allow((url, status) => url.endsWith('/Literature/AddBatch') && status === 409);
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-error')).toHaveText('批次号 E2E-2026-01 已存在');
  await page.getByTestId('kit-form-dialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('kit-form-dialog')).toHaveCount(0);
  await search(page, 'E2E-2026');
  await expect(page.getByRole('row', { name: /E2E-2026-01/ })).toHaveCount(1);
  // The browser logs the refused request's 409 itself; nothing else may show up.
  expect(health.problems.filter((p) => !(p.startsWith('console: Failed to load resource') && p.includes('409') && p.includes('/Literature/AddBatch')))).toEqual([]);
});

test('batch: the detail opens the paged copies of a seeded batch', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batch');
  const health = watchPage(page);
  const row = page.getByRole('row', { name: /MAIN-02/ });
  const quantity = (await row.locator('[data-field="Quantity"]').textContent())!.trim();
  await row.getByRole('gridcell').first().click();
  await page.getByTestId('batch-copies-open').click();
  const dialog = page.getByTestId('batch-copies');
  await expect(dialog.getByTestId('batch-copies-summary')).toContainText(`共 ${quantity} 册`);
  await expect(dialog.getByRole('row')).toHaveCount(21);
  const barcode = (await dialog.getByRole('row').nth(3).locator('[data-field="Barcode"]').textContent())!.trim();
  await dialog.getByTestId('batch-copies-search').fill(barcode);
  await dialog.getByTestId('batch-copies-search-submit').click();
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await expect(dialog.getByRole('row').nth(1)).toContainText(barcode);
  await dialog.getByTestId('batch-copies-close').click();
  expect(health.problems).toEqual([]);
});

test('axe: /batch with its form, detail, copies and confirmation, zh-CN and en-US', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batch');
  await stillMotion(page);
  const findings: Finding[] = [];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    const button = page.getByTestId(`language-${lang}`);
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const at = (what: string) => `${lang} /batch${what ? ` (${what})` : ''}`;
    await expect(page.getByTestId('crud-batch')).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at(''))));

    await page.getByTestId('crud-add').click();
    await expect(page.getByTestId('kit-form-dialog')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('add dialog'))));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

    const row = page.getByRole('row', { name: /MAIN-02/ });
    await row.locator('[data-testid^="batch-close-"]').click();
    await expect(page.getByTestId('kit-confirm')).toBeVisible();
    findings.push(...(await scan(page, at('close confirm'))));
    await page.getByTestId('kit-confirm-cancel').click();
    await expect(page.getByTestId('kit-confirm')).toBeHidden();

    await row.getByRole('gridcell').first().click();
    await expect(page.getByTestId('batch-detail')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('detail'))));
    await page.getByTestId('batch-copies-open').click();
    await expect(page.getByTestId('batch-copies').getByRole('row').nth(1)).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('copies'))));
    await page.getByTestId('batch-copies-close').click();
    await page.getByTestId('kit-detail-close').click();
    await expect(page.getByTestId('kit-detail')).toBeHidden();
  }
  const failing = findings.filter((f) => FAILING.has(f.impact));
  expect(describe(failing), 'serious or critical axe violations (route, rule [impact] ×nodes: targets)').toBe('');
});
