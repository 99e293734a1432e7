import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { startZtest, type ZtestServer } from '../../src/gateway/capture/ztest-server.ts';

// Capture by ISBN (issue 7): the SRU source is set up on the rules screen against Debian's
// yaz-ztest (a real Z39.50/SRU server started here), then a scanned ISBN the school does not hold
// is filled in from it on the quick cataloguing screen and saved with 3 copies, keyboard only.

let ztest: ZtestServer;
test.beforeAll(async () => { ztest = await startZtest(); });
test.afterAll(async () => { await ztest?.stop(); });

test('set up the SRU source, scan an ISBN, the record is captured, 3 copies saved', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-editing-rule');
  const health = watchPage(page);
  await page.getByTestId('source-sru').getByRole('button').click();
  await page.getByRole('switch', { name: '启用' }).check();
  await page.getByTestId('source-url').fill(ztest.baseUrl);
  await page.getByLabel('数据库').fill('Default');
  await page.getByTestId('source-save').click();
  await expect(page.getByTestId('source-sru')).toContainText('已启用');

  await page.goto(`${baseURL}/library/#/book-editing1`);
  const isbn = page.getByTestId('quick-isbn');
  await expect(isbn).toBeFocused();
  await page.keyboard.type('9791000000107');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-new')).toContainText('已从「SRU / Z39.50 服务器」采集');
  await expect(page.getByTestId('quick-Title')).toHaveValue('How to program a computer');
  await expect(page.getByTestId('quick-Author')).toHaveValue('Jack Collins');
  await page.getByTestId('quick-Price').fill('36.00');
  await page.getByTestId('quick-ClassNo').fill('TP311');
  await page.getByTestId('quick-count').fill('3');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('quick-message')).toContainText('已保存 3 册');
  await expect(page.getByTestId('quick-saved')).toContainText('TP311/');
  await expect(isbn).toBeFocused();
  expect(health.problems).toEqual([]);
});

test('union catalogue: our own title is marked held; another school\'s record is copied into full cataloguing', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/union-catalog');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/union-catalog')).toHaveAttribute('data-status', 'built');
  await page.getByLabel('题名、责任者、首字母或 ISBN').fill('9791000000107');
  await page.keyboard.press('Enter');
  const grid = page.getByTestId('list-union-row');
  await expect(grid).toContainText('How to program a computer');
  await expect(grid).toContainText('本馆已有');

  await page.getByLabel('题名、责任者、首字母或 ISBN').fill('');
  await page.keyboard.press('Enter');
  const copy = page.getByRole('button', { name: /^套录编目《/ }).first();
  await copy.click();
  await expect(page).toHaveURL(/book-editing2\?isbn=/);
  await expect(page.getByTestId('full-new')).toContainText('已从「本服务器各校联合目录」采集');
  await expect(page.getByTestId('full-Title')).not.toHaveValue('');
  expect(health.problems).toEqual([]);
});
