import { expect, test, type Page } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { lossCalls } from '../../src/shared/api/loss.ts';
import { signIn } from '../support/sign-in.ts';
import { foldDownloadPanel } from '../support/download-panel.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';

// Lost books (issue 9): a reader loses three borrowed books. One is registered by scanning it
// (Enter, Enter), one picked from the reader's loans with a lower amount and a reason; the first is
// compensated, then both turn up at the found desk; the records, the bill and its slip, and the
// third book's write-off from the lost books list. Then the records in English.

const go = (page: Page, route: string) => page.evaluate((r) => { location.hash = `#${r}`; }, route);

test('register, compensate, find, look up, print and write off lost books', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/loss-register');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const card = `LS${tag}`;
  const name = `丢书读者${tag}`;
  const made = await readerWithBooks(page, { card, name, title: `丢失测试书${tag}`, copies: 3 });
  const [b1, b2, b3] = made.books as [string, string, string];
  for (const b of made.books) await gw(page, circulationCalls.literatureCirc, { UserID: made.userId, Barcode: b });

  // 丢失登记: scan the book, Enter registers it (the focus is on Register).
  await page.reload();
  const reg = page.getByTestId('screen-/loss-register');
  await expect(reg.getByRole('heading', { level: 1, name: '遗失登记' })).toBeVisible();
  await reg.getByTestId('loss-barcode').focus();
  await scan(page, b2);
  await expect(reg.getByTestId('loss-copy')).toContainText(name);
  await expect(reg.getByTestId('loss-register')).toBeFocused();
  await page.keyboard.press('Enter');
  const done = reg.getByTestId('loss-registered');
  await expect(done).toContainText(b2);
  await expect(done).toContainText('¥25.00');
  const bill2 = /PC\d{9}/.exec((await done.textContent()) ?? '')![0];
  await expect(reg.getByTestId('loss-barcode')).toBeFocused();

  // ... or by the reader's card: pick the loan, bill less with a reason.
  await reg.getByTestId('loss-card').fill(card);
  await reg.getByRole('button', { name: '查看在借' }).click();
  await reg.getByRole('row', { name: new RegExp(b1) }).getByRole('button', { name: '登记遗失' }).click();
  await expect(reg.getByTestId('loss-copy')).toContainText(b1);
  await reg.getByTestId('loss-amount').fill('10');
  await reg.getByTestId('loss-reason').fill('旧书折价');
  await reg.getByTestId('loss-register').click();
  await expect(reg.getByTestId('loss-registered')).toContainText('¥10.00');

  // 丢失处理: compensate the first bill in cash.
  await go(page, '/loss-handling');
  const handling = page.getByTestId('screen-/loss-handling');
  await handling.getByTestId('field-Reader').fill(card);
  await handling.getByTestId('kit-search').click();
  const list = handling.getByTestId('list-loss-open');
  await expect(list.getByRole('row', { name: new RegExp(b1) })).toContainText('旧书折价');
  await list.getByRole('row', { name: new RegExp(b2) }).getByRole('button', { name: '登记赔偿' }).click();
  await page.getByTestId('loss-compensate-ok').click();
  await expect(list.getByRole('row', { name: new RegExp(b2) })).toHaveCount(0);
  await expect(list.getByRole('row', { name: new RegExp(b1) })).toBeVisible();

  // 图书找回: both books turn up; the compensated one says so and offers a refund.
  await go(page, '/loss-found');
  const found = page.getByTestId('screen-/loss-found');
  await found.getByTestId('found-scan').focus();
  await scan(page, b1);
  await expect(found.getByTestId('found-log')).toContainText(`${b1}《`);
  await scan(page, b2);
  const line2 = found.getByTestId('found-log').getByRole('alert').first();
  await expect(line2).toContainText(bill2);
  await expect(line2).toContainText('此书已赔偿');
  await line2.getByRole('button', { name: '登记退款' }).click();
  await page.getByTestId('loss-refund-ok').click();
  await expect(page.getByTestId('loss-refund')).toHaveCount(0);
  await expect(found.getByTestId('list-loss-retrieved').getByRole('row', { name: new RegExp(b2) })).toContainText('¥25.00');

  // 丢失记录: both records of the reader, retrieved; the export starts as a job.
  await go(page, '/loss-record');
  const rec = page.getByTestId('screen-/loss-record');
  await rec.getByTestId('field-Reader').fill(card);
  await rec.getByTestId('kit-search').click();
  await expect(rec.getByTestId('list-loss-record').getByRole('row', { name: /已找回/ })).toHaveCount(2);
  await rec.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();
  await foldDownloadPanel(page);

  // 赔书单查询: the bill and its slip.
  await go(page, '/loss-order-search');
  const bills = page.getByTestId('screen-/loss-order-search');
  await bills.getByTestId('field-BillNo').fill(bill2);
  await bills.getByTestId('kit-search').click();
  await bills.getByTestId('list-loss-bill').getByRole('row', { name: new RegExp(bill2) }).getByRole('button', { name: '打印赔偿单' }).click();
  const slip = page.getByTestId('loss-slip');
  await expect(slip).toContainText('图书赔偿单');
  await expect(slip).toContainText(name);
  await expect(slip).toContainText('经办人签字');
  await slip.getByRole('button', { name: '关闭' }).click();

  // 丢失图书: the third book, lost by its borrower, is written off.
  await gw(page, lossCalls.register, { Barcode: b3, Kind: 'borrower' });
  await go(page, '/loss');
  const lost = page.getByTestId('screen-/loss');
  await lost.getByTestId('field-SearchKey').fill(b3);
  await lost.getByTestId('kit-search').click();
  const row3 = lost.getByTestId('list-lost-copy').getByRole('row', { name: new RegExp(b3) });
  await expect(row3).toContainText(name);
  await row3.getByRole('button', { name: '注销' }).click();
  await page.getByTestId('kit-confirm-ok').click();
  await expect(row3).toHaveCount(0);

  // The records in English.
  await go(page, `/loss-record?Reader=${card}`);
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const en = page.getByTestId('screen-/loss-record');
  await expect(en.getByRole('columnheader', { name: 'Order no.' })).toBeVisible();
  await expect(en.getByTestId('list-loss-record').getByRole('row', { name: new RegExp(b3) })).toContainText('Lost by reader');
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(health.problems).toEqual([]);
});
