import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { readerWithBooks, scan } from '../support/gateway-fixtures.ts';
import { installDesktopBridge, type DesktopRig } from '../support/desktop-bridge.ts';
import { blankTag, type SimTag } from '../../src/main/rfid/tag-field.ts';
import { encodeLibraryTag } from '../../src/shared/domain/rfid/iso28560-2.ts';

// The circulation desk (issue 9), keyboard only: scan a reader, scan 5 books (all lent, quota
// updated), a 6th beyond the limit (refused with the reason), return 2 by scanning, renew 1,
// undo the last. The reader and books are made for the test through the gateway.

/** A reader of the small-class group (5 books at most) and six copies of a new title, made through the gateway. */
async function deskFixture(page: Page): Promise<{ tag: string; books: string[] }> {
  const tag = String(Date.now()).slice(-6);
  const { books } = await readerWithBooks(page, { card: `RD${tag}`, name: `柜台读者${tag}`, title: `柜台测试书${tag}`, copies: 6 });
  expect(books).toHaveLength(6);
  return { tag, books };
}

test('the desk, keyboard only: lend five, refuse the sixth, return two, renew one, undo the last', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/surrency/borrow');
  const health = watchPage(page);
  const { tag, books } = await deskFixture(page);

  await page.reload();
  const box = page.getByTestId('desk-scan');
  await expect(box).toBeFocused();
  await scan(page, `RD${tag}`);
  await expect(page.getByTestId('desk-reader-name')).toHaveText(`柜台读者${tag}`);
  await expect(page.getByTestId('desk-quota-left')).toHaveText('还可借 5 册');
  // Five books, scanned one after another without waiting: all lent, in order.
  for (const b of books.slice(0, 5)) await scan(page, b);
  await expect(page.getByTestId('desk-entry-borrow')).toHaveCount(5);
  await expect(page.getByTestId('desk-quota-left')).toHaveText('还可借 0 册');
  await expect(page.getByTestId('desk-loans').locator('tbody tr')).toHaveCount(5);
  await expect(box).toBeFocused();
  // The sixth is refused with the reason (a 409, provoked on purpose).
  health.allow((url, status) => status === 409 && url.endsWith('/Circulation/LiteratureCirc'));
  await scan(page, books[5]!);
  await expect(page.getByTestId('desk-entry-refused').first()).toContainText('已达最大借阅数量（5/5）');

  // Return two by scanning the books alone.
  await page.evaluate(() => { location.hash = '#/surrency/return'; });
  await expect(page.getByTestId('screen-/surrency/return').getByTestId('desk-scan')).toBeFocused();
  await scan(page, books[0]!);
  await scan(page, books[1]!);
  await expect(page.getByTestId('desk-entry-return')).toHaveCount(2);
  await expect(page.getByTestId('desk-log')).toContainText(`归还成功（读者 柜台读者${tag}）`);

  // Renew one by scanning it; then undo that renewal with F4.
  await page.evaluate(() => { location.hash = '#/surrency/renew'; });
  await expect(page.getByTestId('screen-/surrency/renew').getByTestId('desk-scan')).toBeFocused();
  await scan(page, books[2]!);
  await expect(page.getByTestId('desk-entry-renew')).toContainText('续借成功');
  await page.keyboard.press('F4');
  await expect(page.getByTestId('desk-entry-undo')).toContainText('已撤销续借');
  await expect(page.getByTestId('desk-entry-renew')).toContainText('已撤销');

  // The reader's card on the renew desk: three books still on loan, none renewed.
  await scan(page, `RD${tag}`);
  await expect(page.getByTestId('desk-loans').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId(`desk-loan-${books[2]}`).locator('td').nth(4)).toHaveText('0');
  expect(health.problems).toEqual([]);
});

let rig: DesktopRig | undefined;
test.afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A tag as the school's tagging step leaves it: the item's ID in ISO 28560-2, AFI in stock (0x07). */
const tagOf = (id: string): SimTag => {
  const t = blankTag();
  t.blocks.set(encodeLibraryTag({ primaryItemId: id }));
  t.afi = 0x07;
  return t;
};

test('the desk with the RFID pad: a reader card and books laid on it, the AFI switched, a failed AFI write retried', async ({ page, baseURL }) => {
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/book-editing-rule');
  const health = watchPage(page);
  const port = rig.port;
  expect(await page.evaluate((p) => (window as unknown as { lib: { rfid: { configure(c: unknown): Promise<{ ok: boolean; data?: { state: string } }> } } })
    .lib.rfid.configure({ type: '3m-810', port: p, tagFormat: '28560-2', ownerLibrary: '' }), port)).toMatchObject({ ok: true, data: { state: 'ready' } });
  await page.getByTestId('rule-afi').fill('07');
  await page.getByTestId('rule-loan-afi').fill('C2');
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const { tag, books } = await deskFixture(page);

  await page.evaluate(() => { location.hash = '#/surrency/borrow'; });
  await expect(page.getByTestId('desk-pad')).toHaveText('读写器已连接：把书放到读写器上即可');
  // The reader's card on the pad opens the reader; lifted, then two books laid together.
  const card = rig.field.place(tagOf(`RD${tag}`));
  await expect(page.getByTestId('desk-reader-name')).toHaveText(`柜台读者${tag}`);
  rig.field.lift(card.uid);
  const first = rig.field.place(tagOf(books[0]!));
  const second = rig.field.place(tagOf(books[1]!));
  await expect(page.getByTestId('desk-entry-borrow')).toHaveCount(2);
  await expect.poll(() => [first.afi, second.afi]).toEqual([0xc2, 0xc2]);
  await expect(page.getByTestId('desk-quota-left')).toHaveText('还可借 3 册');

  // A third book whose AFI write fails: lent, and said so; laid again, only the AFI is retried.
  rig.field.lift(first.uid);
  rig.field.lift(second.uid);
  rig.field.fault({ afiWriteFailures: 1 });
  const third = rig.field.place(tagOf(books[2]!));
  await expect(page.getByTestId('desk-log')).toContainText('借书成功，但 AFI 或标签写入失败');
  expect(third.afi).toBe(0x07);
  rig.field.lift(third.uid);
  // Two whole reads of the pad without it (the desk then knows it was lifted), however busy the machine.
  const before = rig.field.log.length;
  await expect.poll(() => rig!.field.log.slice(before).filter((c) => c === 'inventory').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  rig.field.place(third);
  await expect(page.getByTestId('desk-log')).toContainText('借书成功，AFI 已改写');
  await expect.poll(() => third.afi).toBe(0xc2);
  await expect(page.getByTestId('desk-entry-borrow')).toHaveCount(3);
  rig.field.lift(third.uid);

  // Returned on the pad: back in stock.
  await page.evaluate(() => { location.hash = '#/surrency/return'; });
  await expect(page.getByTestId('screen-/surrency/return').getByTestId('desk-pad')).toBeVisible();
  rig.field.place(first);
  await expect(page.getByTestId('desk-entry-return')).toHaveCount(1);
  await expect.poll(() => first.afi).toBe(0x07);
  expect(health.problems).toEqual([]);
});
