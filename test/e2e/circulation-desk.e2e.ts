import { expect, test, type Page } from '@playwright/test';
import type { CallDef } from '../../src/shared/api/contract.ts';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';
import { borrowRulesCalls } from '../../src/shared/api/borrow-rules.ts';
import { catalogueCalls } from '../../src/shared/api/catalogue.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The circulation desk (issue 9), keyboard only: scan a reader, scan 5 books (all lent, quota
// updated), a 6th beyond the limit (refused with the reason), return 2 by scanning, renew 1,
// undo the last. The reader and books are made for the test through the gateway.

/** A gateway call with the page's own session (the contract's path and method). */
async function gw<T>(page: Page, def: CallDef, input: unknown): Promise<T> {
  return page.evaluate(async ({ path, method, body }) => {
    const token = JSON.parse(sessionStorage.getItem('lib.token') ?? '{}') as { access_token?: string };
    const r = await fetch(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` }, body: JSON.stringify(body) });
    const env = (await r.json()) as { code: number; data: unknown; message: string };
    if (env.code !== 0) throw new Error(`${path}: ${env.message}`);
    return env.data;
  }, { path: def.path, method: def.method, body: input }) as Promise<T>;
}

const isbn13 = (first12: string) => {
  let s = 0;
  for (let i = 0; i < 12; i++) s += (i % 2 ? 3 : 1) * Number(first12[i]);
  return first12 + String((10 - (s % 10)) % 10);
};

/** Types a code the way a barcode scanner does: a burst of keys, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test('the desk, keyboard only: lend five, refuse the sixth, return two, renew one, undo the last', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/surrency/borrow');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  // A reader of the small-class group (5 books at most), and six copies of a new title.
  const groups = await gw<{ List: Array<{ ID: string; Name: string }> }>(page, borrowRulesCalls.getGroups, { Page: 1, Size: 50 });
  const small = groups.List.find((g) => g.Name === '小班借阅组')!;
  await gw(page, readerCalls.addReader, { Account: `desk${tag}`, Name: `柜台读者${tag}`, ReaderID: `RD${tag}`, Identity: 'student', Phone: '13800000000' });
  await gw(page, borrowRulesCalls.addAssignments, { GroupID: small.ID, Kind: 'reader', TargetIDs: [`RD${tag}`] });
  const areas = await gw<{ List: Array<{ ID: number }> }>(page, basicSetsCalls.locationList, { Page: 1, Size: 10 });
  const saved = await gw<{ Copies: Array<{ Barcode: string }> }>(page, catalogueCalls.addItemsCatalogueInfo, {
    Item: { Title: `柜台测试书${tag}`, ISBN: isbn13(`978711${tag}`), Price: 25, ClassNo: 'I287.5' }, Copies: { Count: 6, AreaID: areas.List[0]!.ID },
  });
  const books = saved.Copies.map((c) => c.Barcode);
  expect(books).toHaveLength(6);

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
