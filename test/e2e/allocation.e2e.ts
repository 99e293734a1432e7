import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Allocation (issue 7): scan 3 copies into another area one by one, keyboard and scanner only,
// one unknown barcode refused; the moves are in the allocation records.

test('scan copies into an area, see them in the records', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/collection');
  const health = watchPage(page);
  await page.getByRole('combobox', { name: '流通状态' }).click();
  await page.getByRole('option', { name: '在架' }).click();
  await page.getByTestId('kit-search').click();
  // Copies on the circulation shelves (a weeded copy is also "on the shelf" but cannot move).
  const rows = page.getByTestId('list-copy').locator('[role="row"][data-id]').filter({ hasText: '流通 · 在架' });
  await expect(rows.first()).toBeVisible();
  const barcodes: string[] = [];
  const areas = new Set<string>();
  for (let i = 0; i < 3; i++) {
    barcodes.push((await rows.nth(i).locator('[data-field="Barcode"]').innerText()).trim());
    areas.add((await rows.nth(i).locator('[data-field="AreaName"]').innerText()).trim());
  }

  await page.goto(`${baseURL}/library/#/allocation-scan`);
  await expect(page.getByTestId('screen-/allocation-scan')).toHaveAttribute('data-status', 'built');
  await page.getByRole('combobox', { name: /调入馆藏地/ }).click();
  // An area none of the three is in (a copy already there is refused as "already in this area").
  const options = page.getByRole('option');
  const labels = await options.allInnerTexts();
  const pick = labels.findIndex((l) => ![...areas].some((a) => l.startsWith(`${a} ·`)));
  await options.nth(pick).click();
  const scan = page.getByTestId('allocation-scan');
  for (const b of [...barcodes, 'NO-SUCH-COPY']) {
    await scan.focus();
    await page.keyboard.type(b);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('allocation-count')).toContainText('已调拨 3 册 · 拒绝 1 册');
  await expect(page.getByTestId('allocation-scans')).toContainText('没有条码或标签为 NO-SUCH-COPY 的复本');
  await expect(scan).toBeFocused();

  await page.goto(`${baseURL}/library/#/allocation-record`);
  const records = page.getByTestId('list-allocation-record');
  for (const b of barcodes) await expect(records).toContainText(b);
  expect(health.problems.filter((p) => !p.includes('BarCodeAllocation'))).toEqual([]);
});
