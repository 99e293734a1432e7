import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw } from '../support/gateway-fixtures.ts';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';

// The library lays out a branch's floor plan once on the shelf-area screen (basic settings): a
// grid, the kiosk's cell and each shelf area's rectangle, previewed live; overlaps are flagged
// before saving, and the kiosk reads the saved plan.
test.use({ viewport: { width: 1440, height: 900 } });

test('a librarian lays out the branch library\'s floor plan with a live preview', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026');
  const health = watchPage(page);
  await page.evaluate(() => { location.hash = '#/bookshelf-area'; });
  await expect(page.getByTestId('screen-/bookshelf-area')).toHaveAttribute('data-status', 'built');
  await page.getByTestId('floor-plan-open').click();
  const dialog = page.getByRole('dialog', { name: '馆舍平面图' });
  // The main library's demo plan: five zones and the kiosk.
  await expect(dialog.getByTestId('plan-preview').locator('[data-testid^="plan-area-"]')).toHaveCount(5);
  await expect(dialog.getByTestId('plan-preview').getByTestId('plan-kiosk')).toBeVisible();
  // The branch library has none yet.
  await dialog.getByRole('combobox', { name: '分馆' }).click();
  await page.getByRole('option', { name: '分馆', exact: true }).click();
  await expect(dialog.getByTestId('plan-preview').locator('[data-testid^="plan-area-"]')).toHaveCount(0);
  await dialog.getByTestId('plan-cols').fill('12');
  await dialog.getByTestId('plan-rows').fill('8');
  await dialog.getByTestId('plan-place-ZF').check();
  await dialog.getByTestId('plan-place-ZG').check();
  // Both start at the corner: they overlap, and the preview marks them.
  await expect(dialog.getByTestId('plan-overlap')).toBeVisible();
  await expect(dialog.getByTestId('plan-preview').locator('[data-lit="true"]')).toHaveCount(2);
  await dialog.getByTestId('plan-ZG-X').fill('5');
  await dialog.getByTestId('plan-ZG-W').fill('4');
  await dialog.getByTestId('plan-ZG-H').fill('6');
  await expect(dialog.getByTestId('plan-overlap')).toHaveCount(0);
  await dialog.getByTestId('plan-kiosk-x').fill('11');
  await dialog.getByTestId('plan-kiosk-y').fill('7');
  await expect(dialog.getByTestId('plan-preview').getByTestId('plan-kiosk')).toBeVisible();
  const preview = await dialog.getByTestId('plan-preview').boundingBox();
  expect(preview!.width).toBeGreaterThan(400);
  await dialog.getByTestId('plan-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('平面图已保存')).toBeVisible();
  // What the kiosk reads now.
  const branches = await gw<{ List: Array<{ ID: number; Code: string }> }>(page, basicSetsCalls.branchList, { Page: 1, Rows: 10 });
  const br = branches.List.find((b) => b.Code === 'BR1')!;
  const plan = await gw<{ Cols: number; Rows: number; KioskX: number; Areas: Array<{ Code: string; X: number; W: number }> }>(page, basicSetsCalls.floorPlanPublic, { BranchID: br.ID });
  expect(plan).toMatchObject({ Cols: 12, Rows: 8, KioskX: 11 });
  expect(plan.Areas.map((a) => [a.Code, a.X, a.W])).toEqual([['ZF', 0, 2], ['ZG', 5, 4]]);
  // Opened again, it shows the saved plan.
  await page.getByTestId('floor-plan-open').click();
  await page.getByRole('dialog').getByRole('combobox', { name: '分馆' }).click();
  await page.getByRole('option', { name: '分馆', exact: true }).click();
  await expect(page.getByRole('dialog').getByTestId('plan-ZG-X')).toHaveValue('5');
  await page.keyboard.press('Escape');
  expect(health.problems).toEqual([]);
});
