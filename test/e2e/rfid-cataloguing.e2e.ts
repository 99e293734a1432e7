import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { installDesktopBridge, type DesktopRig } from '../support/desktop-bridge.ts';
import { blankTag } from '../../src/main/rfid/tag-field.ts';
import { decodeAny } from '../../src/main/rfid/device-service.ts';

// Catalogue → tag → labels in one pass (issue 8 §2): quick cataloguing saves two copies, then each
// book laid on the simulated board gets its tag written, its AFI set, both read back, the tag
// linked to the copy and its labels queued; an AFI failure is named and the retry works on the same tag.

let rig: DesktopRig | undefined;
test.afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const isbn13 = (first12: string) => {
  let s = 0;
  for (let i = 0; i < 12; i++) s += (i % 2 ? 3 : 1) * Number(first12[i]);
  return first12 + String((10 - (s % 10)) % 10);
};

test('quick cataloguing with an RFID board: two copies saved, each tag written, verified and linked (F8)', async ({ page, baseURL }) => {
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/book-editing-rule');
  const health = watchPage(page);
  const port = rig.port;
  expect(await page.evaluate((p) => (window as unknown as { lib: { rfid: { configure(c: unknown): Promise<{ ok: boolean; data?: { state: string } }> } } })
    .lib.rfid.configure({ type: '3m-810', port: p, tagFormat: '28560-2', ownerLibrary: 'CN-110108' }), port)).toMatchObject({ ok: true, data: { state: 'ready' } });

  await page.getByTestId('rule-afi').fill('07');
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.evaluate(() => { location.hash = '#/book-editing1'; });
  const isbn = page.getByTestId('quick-isbn');
  await expect(isbn).toBeFocused();
  await page.keyboard.type(isbn13('979100000777'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-Title')).toBeFocused();
  await page.keyboard.type('标签编目测试');
  await page.getByTestId('quick-Price').fill('20');
  await page.getByTestId('quick-ClassNo').fill('I287.5');
  await page.getByTestId('quick-count').fill('2');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('tag-writer')).toContainText('已写 0 / 2 册');
  const barcodes = (await page.locator('[data-testid^="tag-row-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('tag-row-'.length))));
  expect(barcodes).toHaveLength(2);

  // First book: the pad is empty → the spec's message; laid on the pad → written and linked.
  await page.keyboard.press('F8');
  await expect(page.getByTestId(`tag-row-${barcodes[0]}`)).toContainText('读取失败，请检查图书是否放置正确');
  const first = rig.field.place(blankTag());
  await page.keyboard.press('F8');
  await expect(page.getByTestId(`tag-row-${barcodes[0]}`)).toContainText(`已写入并关联标签 ${first.uid}`);
  expect(first.afi).toBe(0x07);
  expect(decodeAny(first.blocks).data).toMatchObject({ primaryItemId: barcodes[0], ownerLibrary: 'CN-110108' });
  // In the same pass its spine and barcode labels were queued at this desk.
  await expect(page.getByTestId(`tag-labels-${barcodes[0]}`)).toHaveText(' · 书标已排队打印 · 条码标签已排队打印');

  // F8 again with the first book still on the pad: its tag is not overwritten.
  await page.keyboard.press('F8');
  await expect(page.getByTestId(`tag-row-${barcodes[1]}`)).toContainText(`读写器上的标签已属于条码 ${barcodes[0]}`);
  expect(decodeAny(first.blocks).data?.primaryItemId).toBe(barcodes[0]);

  // Second book: its barcode label was pre-printed, so the desk asks for the spine label only
  // (remembered); its AFI write fails once; the retry writes the same tag.
  await page.getByTestId('tag-label-barcode').locator('input').uncheck();
  rig.field.lift(first.uid);
  const second = rig.field.place(blankTag());
  rig.field.fault({ afiWriteFailures: 1 });
  await page.getByTestId('tag-write').click();
  await expect(page.getByTestId(`tag-row-${barcodes[1]}`)).toContainText('AFI 写入失败，请重试');
  await page.getByTestId('tag-write').click();
  await expect(page.getByTestId(`tag-row-${barcodes[1]}`)).toContainText(`已写入并关联标签 ${second.uid}`);
  await expect(page.getByTestId('tag-writer')).toContainText('已写 2 / 2 册');
  await expect(page.getByTestId('tag-write')).toHaveCount(0);
  await expect(page.getByTestId(`tag-labels-${barcodes[1]}`)).toHaveText(' · 书标已排队打印');
  expect(await page.evaluate(() => localStorage.getItem('lib.tagLabels'))).toBe('["spine"]');
  // Three label jobs, printed through CUPS in the order the books were tagged.
  await rig.queue.drained(60_000);
  expect(rig.queue.list().map((j) => [j.title, j.labels, j.state])).toEqual([
    [`书标 ${barcodes[0]}`, 1, 'done'], [`条码标签 ${barcodes[0]}`, 1, 'done'], [`书标 ${barcodes[1]}`, 1, 'done'],
  ]);

  // The collection finds the copy by its tag.
  await page.evaluate(() => { location.hash = '#/resource-mana/resource/collection'; });
  await page.getByLabel('条码、标签、索书号、ISBN、题名或责任者').fill(second.uid);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-copy').locator('[role="row"][data-id]')).toHaveCount(1);
  await expect(page.getByTestId('list-copy')).toContainText(barcodes[1]!);
  expect(health.problems).toEqual([]);
});
