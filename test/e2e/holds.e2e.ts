import { expect, test } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';

// Holds (/reservation, issue 9 §2): a reader asks for a title whose only copy is out; the return
// puts it on the hold shelf for them, and the desk lends it to them alone. A second hold on a free
// copy goes on the pull list; scanning it at the hold shelf puts it there; cancelling frees it.

test('a hold placed at the counter waits for the copy on loan, the return shelves it for that reader, the hold shelf scan takes a fetched copy', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/reservation');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const title = `预约测试书${tag}`;
  const a = await readerWithBooks(page, { card: `RH${tag}A`, name: `借书人${tag}`, title, copies: 1 });
  const b = await readerWithBooks(page, { card: `RH${tag}B`, name: `预约人${tag}`, title: `预约其他书${tag}`, copies: 1 });
  const book = a.books[0]!;
  await gw(page, circulationCalls.literatureCirc, { UserID: a.userId, Barcode: book });

  const screen = page.getByTestId('screen-/reservation');
  await expect(screen.getByTestId('hold-shelf-scan')).toBeFocused();
  await screen.getByTestId('hold-place').click();
  const dialog = page.getByRole('dialog', { name: '为读者预约图书' });
  await dialog.getByTestId('hold-reader').fill(`RH${tag}B`);
  await dialog.getByTestId('hold-title-search').fill(title);
  await page.keyboard.press('Enter');
  const found = dialog.getByTestId('hold-titles').getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('1 册中 0 册在架，0 人等待');
  await found.getByRole('button', { name: '预约此书' }).click();
  await expect(dialog).toBeHidden();
  await expect(screen.getByTestId('hold-notice')).toContainText(`已为预约人${tag}预约：${title}`);
  const row = screen.getByTestId('list-holds').getByRole('row', { name: new RegExp(`预约人${tag}`) });
  await expect(row).toContainText('排队第 1 位');

  // The return desk: the copy goes to the hold shelf for the waiting reader, and the line says so;
  // lending it to the first reader is refused.
  await page.evaluate(() => { location.hash = '#/surrency/return'; });
  const desk = page.getByTestId('screen-/surrency/return');
  await expect(desk.getByTestId('desk-scan')).toBeFocused();
  await scan(page, book);
  await expect(desk.getByTestId('desk-entry-return')).toContainText(`放上预约架，留给预约人${tag}`);
  await page.evaluate(() => { location.hash = '#/reservation'; });
  await expect(screen.getByTestId('hold-shelf-scan')).toBeFocused();
  health.allow((url, status) => url.includes('/LiteratureCirc') && status === 409);
  await expect(gw(page, circulationCalls.literatureCirc, { UserID: a.userId, Barcode: book })).rejects.toThrow(/不可外借|cannot be lent|已预约/);
  await screen.getByTestId('field-SearchKey').fill(`RH${tag}B`);
  await screen.getByTestId('kit-search').click();
  await expect(row).toContainText('已到书待取');
  await expect(row).toContainText(book);

  // A second title with a free copy: the hold binds it to fetch; the hold shelf scan puts it there.
  const other = b.books[0]!;
  await screen.getByTestId('hold-place').click();
  await dialog.getByTestId('hold-reader').fill(`RH${tag}A`);
  await dialog.getByTestId('hold-title-search').fill(`预约其他书${tag}`);
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: '预约此书' }).click();
  await expect(screen.getByTestId('hold-notice')).toContainText(`请到书架提取 ${other}`);
  await screen.getByTestId('hold-shelf-scan').focus();
  await scan(page, other);
  await expect(screen.getByTestId('hold-notice')).toContainText(`${other} 放上预约架，留给借书人${tag}`);
  await expect(screen.getByTestId('hold-shelf-scan')).toBeFocused();

  // Cancelled: the row says so and offers nothing more.
  await screen.getByTestId('field-SearchKey').fill(`RH${tag}A`);
  await screen.getByTestId('kit-search').click();
  const mine = screen.getByTestId('list-holds').getByRole('row', { name: new RegExp(other) });
  await mine.getByRole('button', { name: '取消预约' }).click();
  await expect(screen.getByTestId('hold-notice')).toContainText(`已取消借书人${tag}的预约`);
  await expect(mine).toContainText('已取消');
  await expect(mine.getByRole('button', { name: '取消预约' })).toHaveCount(0);
  expect(health.problems).toEqual([]);
});
