import { expect, test, type Page } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { circulationRecordCalls } from '../../src/shared/api/circulation-records.ts';
import { addDays, daysBetween, toLocalDay } from '../../src/shared/domain/borrowing/local-days.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';

// Deferred return (issue 9 §2), keyboard only: books that came back through the drop box while
// the desk was closed are returned with the day they came back. A reader and two copies are made
// and lent through the gateway (as in circulation-desk.e2e.ts); being lent today, they can come
// back today but not yesterday. A loan of the demo year, lent weeks ago, comes back on a past day:
// its line says how late it was then, and its history shows that day.

// The demo school is on UTC+8; the browser keeps the same days.
test.use({ timezoneId: 'Asia/Shanghai' });
const OFFSET = 480;

/** A reader of the small-class group and two copies of a new title lent to them, through the gateway. */
async function lentToday(page: Page): Promise<{ name: string; title: string; books: string[] }> {
  const tag = String(Date.now()).slice(-6);
  const name = `补还读者${tag}`;
  const title = `补还测试书${tag}`;
  const { userId, books } = await readerWithBooks(page, { card: `RDF${tag}`, name, title, copies: 2 });
  expect(books).toHaveLength(2);
  for (const b of books) await gw(page, circulationCalls.literatureCirc, { UserID: userId, Barcode: b });
  return { name, title, books };
}

type LoanRecord = { Barcode: string; Title: string; ReaderName: string; LoanedAt: string; DueDay: string; ReturnedAt: string | null };

test('deferred return: a book comes back as of a past day, with its overdue days then; a day before the loan is refused', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/deferred-return');
  const health = watchPage(page);
  const screen = page.getByTestId('screen-/deferred-return');
  const box = screen.getByTestId('deferred-scan');
  await expect(box).toBeFocused();

  const today = toLocalDay(new Date().toISOString(), OFFSET);
  const yesterday = addDays(today, -1);
  await expect(screen.getByTestId('deferred-day')).toHaveValue(yesterday);

  // A loan of the demo year, lent before the day picked and overdue by then.
  const day = addDays(today, -2);
  const open = await gw<{ List: LoanRecord[] }>(page, circulationRecordCalls.getAllBorrowing, { Page: 1, Rows: 100, OverdueOnly: true });
  const old = open.List.find((l) => toLocalDay(l.LoanedAt, OFFSET) < day && l.DueDay < day)!;
  expect(old, 'an overdue loan of the demo seed').toBeTruthy();
  const lateThen = daysBetween(old.DueDay, day);

  await screen.getByTestId('deferred-day').fill(day);
  await box.focus();
  await scan(page, old.Barcode);
  const line = screen.getByTestId('desk-entry-return');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(old.Title);
  await expect(line).toContainText(`已按 ${day} 归还（读者 ${old.ReaderName}），逾期 ${lateThen} 天`);
  await expect(box).toBeFocused();
  // The loan's return is that day (the book's history, newest first).
  const history = await gw<{ List: LoanRecord[] }>(page, circulationRecordCalls.getBorrowHistory, { Barcode: old.Barcode, Page: 1, Rows: 5 });
  expect(history.List[0]!.ReturnedAt).not.toBeNull();
  expect(toLocalDay(history.List[0]!.ReturnedAt!, OFFSET)).toBe(day);

  // Books lent today: yesterday is before the loan (refused, a 409 provoked on purpose), today is fine.
  const { name, title, books } = await lentToday(page);
  health.allow((url, status) => status === 409 && url.endsWith('/Circulation/DeferredReturn'));
  await screen.getByTestId('deferred-day').fill(yesterday);
  await box.focus();
  await scan(page, books[0]!);
  await expect(screen.getByTestId('desk-entry-refused')).toContainText(`还书失败：${books[0]} 是 ${today} 借出的，归还日期 ${yesterday} 不能早于借出日期`);
  await expect(box).toBeFocused();
  await screen.getByTestId('deferred-day').fill(today);
  await box.focus();
  await scan(page, books[0]!);
  await expect(line).toHaveCount(2);
  await expect(line.first()).toContainText(title);
  await expect(line.first()).toContainText(`已按 ${today} 归还（读者 ${name}）`);

  // In English.
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(screen.getByRole('heading', { level: 1, name: 'Deferred Return' })).toBeVisible();
  await expect(screen.getByLabel('Day they came back')).toHaveValue(today);
  await expect(line.first()).toContainText(`Returned as of ${today} (reader ${name})`);
  await expect(line.last()).toContainText(`Returned as of ${day} (reader ${old.ReaderName}), ${lateThen} days overdue`);
  await box.focus();
  await scan(page, books[0]!);
  await expect(screen.getByTestId('desk-entry-refused').first()).toContainText(`Return failed: ${books[0]} is not on loan`);
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(health.problems).toEqual([]);
});
