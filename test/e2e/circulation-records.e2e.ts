import { expect, test, type Page } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { circulationRecordCalls } from '../../src/shared/api/circulation-records.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';

// The circulation records (issue 9 §2): one loan made through the gateway, found on each record
// screen in Chinese (loan inquiry, the desk's journal and its export, the class's open loans, the
// book's and the reader's history), and the loan inquiry again in English.

const go = (page: Page, route: string) => page.evaluate((r) => { location.hash = `#${r}`; }, route);

test('a loan is found on every circulation record screen, in Chinese and in English', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/surrency/search-records');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const card = `RR${tag}`;
  const name = `记录读者${tag}`;

  // A reader in a class, in a group that may borrow, and one copy of a new title lent to them.
  const classes = await gw<Array<{ ID: number; Name: string }>>(page, circulationRecordCalls.getDeptOptions, {});
  const cls = classes.find((c) => /年级\d+班$/.test(c.Name))!;
  const title = `记录测试书${tag}`;
  const made = await readerWithBooks(page, { card, name, title, copies: 1, deptId: cls.ID });
  const reader = { ID: made.userId };
  const barcode = made.books[0]!;
  await gw(page, circulationCalls.literatureCirc, { UserID: reader.ID, Barcode: barcode });

  // 借阅查询: by the reader's card.
  await page.reload();
  const search = page.getByTestId('screen-/surrency/search-records');
  await expect(search.getByRole('heading', { level: 1, name: '借阅查询' })).toBeVisible();
  await search.getByTestId('field-Reader').fill(card);
  await search.getByTestId('kit-search').click();
  const found = search.getByTestId('list-loan-search').getByRole('row', { name: new RegExp(barcode) });
  await expect(found).toContainText(title);
  await expect(found).toContainText(name);
  await expect(found).toContainText('在借');

  // 借还记录: the borrow, by the book; then its export starts as a job.
  await go(page, '/surrency/br-records');
  const log = page.getByTestId('screen-/surrency/br-records');
  await log.getByTestId('field-Book').fill(barcode);
  await log.getByTestId('kit-search').click();
  const entry = log.getByTestId('list-circ-log').getByRole('row', { name: new RegExp(barcode) });
  await expect(entry).toContainText('借出');
  await expect(entry).toContainText(card);
  await log.getByTestId('column-export').click();
  await page.getByTestId('column-export-start').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();

  // 未还图书: the reader's class, and the reader in it.
  await go(page, '/surrency/no-return');
  const open = page.getByTestId('screen-/surrency/no-return');
  await open.getByRole('combobox', { name: '班级/部门' }).click();
  await page.getByTestId(`option-DeptID-${cls.ID}`).click();
  await open.getByTestId('field-SearchKey').fill(card);
  await open.getByTestId('kit-search').click();
  const openRow = open.getByTestId('list-open-loans').getByRole('row', { name: new RegExp(barcode) });
  await expect(openRow).toContainText(cls.Name);
  await expect(openRow).toContainText(name);

  // 图书借阅历史 and 读者借阅历史.
  await go(page, '/surrency/borrow-history-book');
  const book = page.getByTestId('screen-/surrency/borrow-history-book');
  await book.getByTestId('field-Barcode').fill(barcode);
  await book.getByTestId('report-run').click();
  await expect(book.getByTestId('report-grid').getByRole('row', { name: new RegExp(card) })).toContainText(name);

  await go(page, '/surrency/borrow-history-reader');
  const history = page.getByTestId('screen-/surrency/borrow-history-reader');
  await history.getByTestId('field-ReaderID').fill(card);
  await history.getByTestId('report-run').click();
  await expect(history.getByTestId('report-grid').getByRole('row', { name: new RegExp(barcode) })).toContainText(title);

  // Loan inquiry in English, from a link that carries the filter.
  await go(page, `/surrency/search-records?Reader=${card}`);
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const en = page.getByTestId('screen-/surrency/search-records');
  await expect(en.getByRole('heading', { level: 1, name: 'Loan Inquiry' })).toBeVisible();
  await expect(en.getByRole('columnheader', { name: 'Card number' })).toBeVisible();
  await expect(en.getByTestId('list-loan-search').getByRole('row', { name: new RegExp(barcode) })).toContainText('On loan');
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(health.problems).toEqual([]);
});
