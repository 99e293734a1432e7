import { expect, test, type Page } from '@playwright/test';
import type { CallDef } from '../../src/shared/api/contract.ts';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';
import { borrowRulesCalls } from '../../src/shared/api/borrow-rules.ts';
import { catalogueCalls } from '../../src/shared/api/catalogue.ts';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { circulationRecordCalls } from '../../src/shared/api/circulation-records.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';
import { addDays, daysBetween, toLocalDay } from '../../src/shared/domain/borrowing/local-days.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Deferred return (issue 9 §2), keyboard only: books that came back through the drop box while
// the desk was closed are returned with the day they came back. A reader and two copies are made
// and lent through the gateway (as in circulation-desk.e2e.ts); being lent today, they can come
// back today but not yesterday. A loan of the demo year, lent weeks ago, comes back on a past day:
// its line says how late it was then, and its history shows that day.

// The demo school is on UTC+8; the browser keeps the same days.
test.use({ timezoneId: 'Asia/Shanghai' });
const OFFSET = 480;

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

/** A reader of the small-class group and two copies of a new title lent to them, through the gateway. */
async function lentToday(page: Page): Promise<{ name: string; title: string; books: string[] }> {
  const tag = String(Date.now()).slice(-6);
  const groups = await gw<{ List: Array<{ ID: string; Name: string }> }>(page, borrowRulesCalls.getGroups, { Page: 1, Size: 50 });
  const small = groups.List.find((g) => g.Name === '小班借阅组')!;
  const name = `补还读者${tag}`;
  await gw(page, readerCalls.addReader, { Account: `defer${tag}`, Name: name, ReaderID: `RDF${tag}`, Identity: 'student', Phone: '13800000000' });
  await gw(page, borrowRulesCalls.addAssignments, { GroupID: small.ID, Kind: 'reader', TargetIDs: [`RDF${tag}`] });
  const areas = await gw<{ List: Array<{ ID: number }> }>(page, basicSetsCalls.locationList, { Page: 1, Size: 10 });
  const title = `补还测试书${tag}`;
  const saved = await gw<{ Copies: Array<{ Barcode: string }> }>(page, catalogueCalls.addItemsCatalogueInfo, {
    Item: { Title: title, ISBN: isbn13(`978712${tag}`), Price: 25, ClassNo: 'I287.5' }, Copies: { Count: 2, AreaID: areas.List[0]!.ID },
  });
  const books = saved.Copies.map((c) => c.Barcode);
  expect(books).toHaveLength(2);
  const found = await gw<{ Kind: string; Reader?: { UserID: number } }>(page, circulationCalls.getCircUserInfoByBarCode, { BarCode: `RDF${tag}` });
  for (const b of books) await gw(page, circulationCalls.literatureCirc, { UserID: found.Reader!.UserID, Barcode: b });
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
