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

test('cataloguing rules, then full cataloguing with the CLC picker and the new default sequence', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-editing-rule');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/book-editing-rule')).toHaveAttribute('data-status', 'built');

  // A sequence whose digits cannot hold its next number is refused with a message naming it.
  health.allow((url, status) => url.endsWith('/AddBarCodeAutoAdd') && status === 400);
  await page.getByTestId('sequence-add').click();
  await page.getByTestId('sequence-name').fill('端到端');
  await page.getByTestId('sequence-prefix').fill('EE');
  await page.getByTestId('sequence-width').fill('2');
  await page.getByTestId('sequence-next').fill('700');
  await page.getByTestId('sequence-save').click();
  await expect(page.getByTestId('sequence-error')).toContainText('700');
  await page.getByTestId('sequence-width').fill('5');
  await expect(page.getByTestId('sequence-preview')).toContainText('EE00700');
  await page.getByText('设为默认').click();
  await page.getByTestId('sequence-save').click();
  await expect(page.getByTestId('sequence-EE')).toContainText('EE00700');

  await page.getByTestId('rule-copies').fill('2');
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.goto(`${baseURL}#/book-editing2`);
  await expect(page.getByTestId('screen-/book-editing2')).toHaveAttribute('data-status', 'built');
  await page.getByTestId('full-isbn').fill('9791000000022');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('full-form')).toBeVisible();
  // Saving with nothing typed names the missing fields instead of sending.
  await page.getByTestId('full-save').click();
  await expect(page.getByTestId('full-message')).toContainText('个字段需要修改');
  await page.getByTestId('full-Title').fill('详细编目测试');
  await page.getByTestId('full-Author').fill('老舍');
  await page.getByTestId('full-Price').fill('18.80');
  await page.getByTestId('full-Subjects').fill('长篇小说; 现代');
  await page.getByTestId('full-clc').click();
  await page.getByTestId('clc-filter').fill('I2');
  await page.getByTestId('clc-I2').click();
  await expect(page.getByTestId('full-ClassNo')).toHaveValue('I2');
  await page.getByTestId('full-ClassNo').fill('I247.5');
  await page.getByTestId('full-callno').click();
  await expect(page.getByTestId('full-callno-preview')).toContainText('I247.5/');
  await expect(page.getByTestId('copies-Count')).toHaveValue('2');
  await page.getByRole('combobox', { name: /馆藏地/ }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('full-message')).toContainText('已保存《详细编目测试》：2 册');
  await expect(page.getByTestId('full-message')).toContainText('EE00700, EE00701');
  await expect(page.getByTestId('full-tally')).toContainText('1 种 / 2 册');
  await expect(page.getByTestId('full-isbn')).toBeFocused();
  expect(health.problems).toEqual([]);
});

test('list cataloguing: scan a box, fill in the new title, save every row', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-editing3');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/book-editing3')).toHaveAttribute('data-status', 'built');
  const scan = page.getByTestId('list-scan');
  for (const code of ['9791000000039', '9791000000039', '9791000000046', '978-7-0000-0000-2']) {
    await scan.fill(code);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('list-message')).toContainText('978-7-0000-0000-2');
  await expect(page.getByTestId('list-state-9791000000039')).toContainText('新书目');
  await expect(page.getByTestId('list-summary')).toContainText('共 2 个 ISBN');
  await page.getByTestId('list-fill-9791000000039').click();
  await page.getByTestId('list-fill-Title').fill('清单编目测试');
  await page.getByTestId('list-fill-Price').fill('25');
  await page.getByTestId('list-fill-ClassNo').fill('K825');
  await page.getByTestId('list-fill-done').click();
  await expect(page.getByTestId('list-state-9791000000039')).toContainText('可保存');
  await page.getByRole('combobox', { name: /馆藏地/ }).click();
  await page.getByRole('option').first().click();
  await page.getByTestId('list-save').click();
  await expect(page.getByTestId('list-message')).toContainText('已保存新书目 1 种、复本 2 册');
  await expect(page.getByTestId('list-state-9791000000039')).toContainText('已保存');
  await expect(page.getByTestId('list-state-9791000000046')).toContainText('请补充信息');
  expect(health.problems).toEqual([]);
});

test('call-number search shows the class in shelf order; the duplicate check finds a title by its hyphenated ISBN', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/callnumber-search');
  const health = watchPage(page);
  // A broader class lists the classes under it; choosing one opens its shelf.
  await page.getByTestId('shelf-class').fill('I2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shelf-subclasses')).toContainText('I2 下的细分类目');
  await page.getByTestId('shelf-subclass-I247.8').click();
  await expect(page.getByTestId('shelf-class')).toHaveValue('I247.8');
  await expect(page.getByTestId('shelf-next')).toContainText('I247.8 类共');
  await expect(page.getByTestId('shelf-list')).toContainText('I247.8/');
  // The demo's I247.8 holds more than a page: the next page goes on in shelf order.
  await page.getByTestId('shelf-pages').getByRole('button', { name: '转到第 2 页' }).click();
  await expect(page.getByTestId('shelf-list').locator('tbody tr').first().locator('td').first()).toHaveText('I247.8/101');
  await page.goto(`${baseURL}/library/#/newbook-duplicate-check`);
  await page.getByTestId('dup-ISBN').fill('979-10-00-00001-5');
  await page.getByTestId('dup-check').click();
  await expect(page.getByTestId('dup-found')).toContainText('扫码编目测试');
  await page.getByTestId('dup-ISBN').fill('');
  await page.getByTestId('dup-Title').fill('一本馆里绝对没有的书名');
  await page.getByTestId('dup-check').click();
  await expect(page.getByTestId('dup-none')).toBeVisible();
  expect(health.problems).toEqual([]);
});
