import { expect, test } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { operationLogCalls } from '../../src/shared/api/operation-log.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { foldDownloadPanel } from '../support/download-panel.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';

// The operation log (issue 9): this computer is named on /setting; a return refused at the desk
// and a loan made there are found in /sys/log/operation with the workstation, the action and the
// result, in Chinese and in English; the log under its filters is exported.

test('a refused return at a named workstation is in the operation log, with the reason, in both languages', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/setting');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const station = `二楼流通台${tag}`;

  await page.getByTestId('workstation-input').fill(station);
  await page.getByTestId('workstation-save').click();
  await expect(page.getByText('工作站名称已保存')).toBeVisible();

  const { userId, books } = await readerWithBooks(page, { card: `OL${tag}`, name: `日志读者${tag}`, title: `日志测试书${tag}`, copies: 2 });
  await gw(page, circulationCalls.literatureCirc, { UserID: userId, Barcode: books[0] });

  // The other book is not on loan: the return desk refuses it (a 409, provoked on purpose).
  await page.evaluate(() => { location.hash = '#/surrency/return'; });
  await expect(page.getByTestId('screen-/surrency/return').getByTestId('desk-scan')).toBeFocused();
  health.allow((url, status) => status === 409 && url.endsWith('/Circulation/LiteratureReturn'));
  await scan(page, books[1]!);
  await expect(page.getByTestId('desk-entry-refused').first()).toBeVisible();

  await page.evaluate(() => { location.hash = '#/sys/log/operation'; });
  const screen = page.getByTestId('screen-/sys/log/operation');
  await expect(screen.getByRole('heading', { level: 1, name: '操作日志' })).toBeVisible();
  await screen.getByTestId('field-Keyword').fill(books[1]!);
  await screen.getByTestId('kit-search').click();
  const refused = screen.getByTestId('list-operation-log').getByRole('row', { name: new RegExp(`Barcode=${books[1]}`) });
  await expect(refused).toContainText('还书');
  await expect(refused).toContainText('被拒绝');
  await expect(refused).toContainText(station);
  await expect(refused).toContainText(books[1]!);

  // The loan, by the module and the result.
  await screen.getByTestId('field-Keyword').fill(books[0]!);
  await screen.getByTestId('kit-search').click();
  await expect(screen.getByTestId('list-operation-log').getByRole('row', { name: new RegExp(`Barcode=${books[0]}`) })).toContainText('借书');

  // Export what is shown: a job in the download panel.
  await foldDownloadPanel(page);
  await screen.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();
  // The export took the filters shown, and is itself in the log.
  const exports = await gw<{ List: Array<{ Target: string }> }>(page, operationLogCalls.search, { Page: 1, Rows: 1, Domain: 'operationLog' });
  expect(exports.List[0]!.Target).toBe(`Keyword=${books[0]}`);

  // In English the same rows read in English.
  await screen.getByTestId('field-Keyword').fill(books[1]!);
  await screen.getByTestId('kit-search').click();
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(screen.getByRole('heading', { level: 1, name: 'Operation log' })).toBeVisible();
  const en = screen.getByTestId('list-operation-log').getByRole('row', { name: new RegExp(`Barcode=${books[1]}`) });
  await expect(en).toContainText('Return');
  await expect(en).toContainText('Refused');
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});
