import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';
import { classCornerCalls as C } from '../../src/shared/api/class-corner.ts';

// The class corner (issue 9): the librarian stocks the demo class librarian's class corner by
// scanning and sets the class rule; the class librarian then lends by scanning a classmate's card
// and books (the third refused by the rule), finds the books, takes one back, and sees usage and
// ranks. Keyboard first, as at the desk.

test.describe.configure({ mode: 'serial' });

const tag = String(Date.now()).slice(-6);
let className = '';
let books: string[] = [];
const card = `CC${tag}`;
const reader = `角落读者${tag}`;
const title = `图书角测试书${tag}`;

/** The class of the demo class librarian (陈思远): the class whose roster holds them. */
async function classOfClasslib(page: Page): Promise<{ ID: number; Name: string }> {
  const classes = await gw<{ List: Array<{ ID: number; Name: string }> }>(page, C.getClasses, { Page: 1, Rows: 1000 });
  for (const c of classes.List) {
    const roster = await gw<{ List: Array<{ Name: string }> }>(page, C.getRoster, { DeptID: c.ID, Page: 1, Rows: 1000, SearchKey: '陈思远' });
    if (roster.List.length) return c;
  }
  throw new Error('no class holds the demo class librarian');
}

test('library staff stock a class corner by scanning and set its rule', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/class-borrow-mana');
  const health = watchPage(page);
  const cls = await classOfClasslib(page);
  className = cls.Name;
  ({ books } = await readerWithBooks(page, { card, name: reader, title, copies: 3, deptId: cls.ID }));

  const screen = page.getByTestId('screen-/class-borrow-mana');
  await expect(screen).toBeVisible();
  await page.getByTestId('class-picker').fill(className);
  await page.getByRole('option', { name: className, exact: true }).click();

  // Place the three books: each scan its own line.
  await page.getByTestId('corner-item-scan').click();
  for (const b of books) await scan(page, b);
  await expect(screen.getByTestId('scan-log').last().getByTestId('scan-entry')).toHaveCount(3);
  await expect(screen.getByTestId('scan-log').last()).toContainText(`已放入${className}图书角`);

  // The class rule: two books for seven days.
  await page.getByTestId('rule-max').fill('2');
  await page.getByTestId('rule-days').fill('7');
  await page.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByTestId('corner-rule')).toHaveText('本班规则：每人 2 本，借期 7 天');
  expect(health.problems).toEqual([]);
});

test('the class librarian lends by scanning, within the rule, and sees the class corner', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'classlib', 'Class@2026', '/class-borrow-mana');
  const health = watchPage(page);
  const screen = page.getByTestId('screen-/class-borrow-mana');
  // One class: its name, no picker; the scan box has the focus.
  await expect(screen.getByTestId('class-name')).toContainText(className);
  await expect(screen.getByTestId('class-picker')).toHaveCount(0);
  const box = screen.getByTestId('corner-desk-scan');
  await expect(box).toBeFocused();

  await scan(page, card);
  await expect(screen.getByTestId('corner-reader')).toContainText(reader);
  await scan(page, books[0]!);
  await scan(page, books[1]!);
  await expect(screen.getByTestId('corner-loans').locator('tbody tr')).toHaveCount(2);
  await expect(screen.getByTestId('corner-reader')).toContainText('已借 2 本 / 最多 2 本');
  // The third is refused by the class rule (a 409 provoked on purpose).
  health.allow((url, status) => status === 409 && url.endsWith('/ClassCorner/Lend'));
  await scan(page, books[2]!);
  await expect(screen.getByTestId('scan-entry').first()).toHaveAttribute('data-ok', 'false');
  await expect(screen.getByTestId('scan-entry').first()).toContainText('本班每人最多 2 本');
  await expect(box).toBeFocused();
  // No staff tools for a class librarian.
  await expect(screen.getByTestId('corner-item-scan')).toHaveCount(0);
  await expect(screen.getByTestId('rule-max')).toHaveCount(0);

  // Search: the three books, two lent to the reader.
  await page.evaluate(() => { location.hash = '#/class-booksearch'; });
  const search = page.getByTestId('screen-/class-booksearch');
  await search.getByTestId('corner-search').fill(title);
  await search.getByTestId('corner-search').press('Enter');
  await expect(search.getByTestId('corner-items').locator('tbody tr')).toHaveCount(3);
  await expect(search.getByTestId('corner-items')).toContainText(`借给 ${reader}`);

  // Return one by scanning it.
  await page.evaluate(() => { location.hash = '#/class-bookreturn'; });
  const ret = page.getByTestId('screen-/class-bookreturn');
  await expect(ret.getByTestId('corner-return-scan')).toBeFocused();
  await scan(page, books[0]!);
  await expect(ret.getByTestId('scan-entry')).toContainText(`还书成功：${title}，${reader}`);
  await expect(ret.getByTestId('corner-return-scan')).toBeFocused();

  // Usage and ranks of the period.
  await page.evaluate(() => { location.hash = '#/class-bookuse'; });
  const use = page.getByTestId('screen-/class-bookuse');
  await expect(use.getByTestId('usage-totals')).toContainText('从未借出');
  await expect(use.getByTestId('usage-table')).toContainText(books[0]!);
  await page.evaluate(() => { location.hash = '#/class-ranks'; });
  const ranks = page.getByTestId('screen-/class-ranks');
  await expect(ranks.getByTestId('ranks-table').locator('tbody tr').filter({ hasText: reader })).toContainText('2');
  await expect(ranks.getByTestId('ranks-books')).toContainText(title);
  expect(health.problems).toEqual([]);
});
