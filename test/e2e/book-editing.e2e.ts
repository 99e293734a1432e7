import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Quick cataloguing (/book-editing1, issue 7), keyboard and scanner only: a scanner types the
// digits and presses Enter. An existing title gets copies; a new ISBN gets an empty form, then
// copies with barcodes and a call number; the cursor is back in the ISBN box and the tally counts.

test('quick cataloguing: scan an existing title, then a new one, keyboard only', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-editing1');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/book-editing1')).toHaveAttribute('data-status', 'built');
  const isbn = page.getByTestId('quick-isbn');
  await expect(isbn).toBeFocused();

  // A check-digit slip is named at once.
  await page.keyboard.type('9787020002208');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-message')).toContainText('校验位不对');

  await isbn.fill('');
  await page.keyboard.type('9791000000015');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-form')).toBeVisible();
  await expect(page.getByText('新书 ISBN 9791000000015')).toBeVisible();
  await expect(page.getByTestId('quick-Title')).toBeFocused();
  await page.keyboard.type('扫码编目测试');
  await page.keyboard.press('Tab');
  await page.keyboard.type('鲁迅 著');
  await page.keyboard.press('Tab');
  await page.keyboard.type('人民文学出版社');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2024');
  await page.keyboard.press('Tab');
  await page.keyboard.type('32.50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('I210.6');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('quick-message')).toContainText('已保存 3 册');
  await expect(page.getByTestId('quick-saved')).toContainText('I210.6/');
  await expect(page.getByTestId('quick-tally')).toContainText('1 种 / 3 册');
  await expect(isbn).toBeFocused();

  // The same book again is found in the library; Enter in the form adds copies.
  await page.keyboard.type('9791000000015');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-existing')).toContainText('扫码编目测试');
  await expect(page.getByTestId('quick-existing')).toContainText('现有 3 册');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('quick-tally')).toContainText('1 种 / 4 册');
  await expect(isbn).toBeFocused();
  expect(health.problems).toEqual([]);
});
