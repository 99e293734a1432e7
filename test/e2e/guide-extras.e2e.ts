import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { expectKioskRules } from '../support/kiosk-rules.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { circulationVerifyCalls } from '../../src/shared/api/circulation-verify.ts';
import { circulationPasswordCalls } from '../../src/shared/api/circulation-passwords.ts';
import { jobCalls } from '../../src/shared/api/jobs.ts';

// The kiosk's borrowing charts, the reader's own card page (scan, PIN, loans, signing out by
// itself) and "where is it" on the demo library's floor plan, at 1920 × 1080 with touch.
test.use({ viewport: { width: 1920, height: 1080 }, hasTouch: true });

const KIOSK = '/library/#/guidescreen?school=BJSY01';

/** A reader with two books out (made through the gateway as the library would); lends count towards this week's charts. */
async function readerWithLoans(page: Page, baseURL: string) {
  await signIn(page, baseURL, 'admin', 'Admin@2026');
  const tag = String(Date.now()).slice(-6);
  const card = `KX${tag}`;
  const title = `导读机测试书${tag}`;
  const r = await readerWithBooks(page, { card, name: `导读${tag}`, title, copies: 2 });
  for (const b of r.books) await gw(page, circulationCalls.literatureCirc, { UserID: r.userId, Barcode: b });
  return { ...r, card, title };
}

test('the borrowing charts: top books of the week and month, class rankings, in both languages', async ({ page, baseURL }) => {
  const admin = await page.context().browser()!.newPage();
  await readerWithLoans(admin, baseURL!);
  await admin.close();
  const health = watchPage(page);
  await page.goto(`${baseURL}${KIOSK}`);
  await page.getByTestId('guide-tile-stats').tap();
  await expect(page.getByTestId('screen-/guidescreen/brstatistic')).toHaveAttribute('data-status', 'built');
  await expect(page.getByTestId('top-book-1')).toBeVisible();
  await expect(page.getByTestId('stats-span')).toContainText('共借出');
  // The first ten are large cards; the rest a list below them.
  await page.getByTestId('stats-period-month').tap();
  await expect(page.getByTestId('top-books').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('more-book-11')).toBeVisible();
  const cardHeight = await page.getByTestId('top-book-1').evaluate((el) => el.getBoundingClientRect().height);
  expect(cardHeight).toBeGreaterThanOrEqual(100);
  await expectKioskRules(page);
  // Class rankings, fair to class size by default.
  await page.getByTestId('stats-view-classes').tap();
  await expect(page.getByTestId('class-rank-1')).toContainText('人均');
  await page.getByTestId('stats-sort-loans').tap();
  await expect(page.getByTestId('class-rank-1')).toBeVisible();
  await expectKioskRules(page);
  // A top book opens its title on the kiosk.
  await page.getByTestId('stats-view-books').tap();
  await page.getByTestId('top-book-1').tap();
  await expect(page).toHaveURL(/#\/guidescreen\/searchdetail\?id=\d+/);
  await page.goBack();
  await page.getByTestId('language-en-US').tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Borrowing charts');
  await expect(page.getByTestId('stats-span')).toContainText('loans in all');
  expect(health.problems).toEqual([]);
});

test('a reader scans their card, types their PIN, sees their loans, and the page signs out by itself', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await page.context().browser()!.newPage();
  const r = await readerWithLoans(admin, baseURL!);
  try {
    await gw(admin, circulationVerifyCalls.saveVerifySetting, { Mode: 'password' });
    await gw(admin, circulationPasswordCalls.setPins, { UserIDs: [r.userId], Rule: 'fixed', Pin: '2468' });
    await expect.poll(async () => (await gw<{ List: Array<{ State: number }> }>(admin, jobCalls.getProgressList, { Page: 1, Rows: 1 })).List[0]?.State, { timeout: 60_000 }).toBe(2);

    const health = watchPage(page);
    await page.clock.install();
    await page.goto(`${baseURL}${KIOSK}`);
    await page.getByTestId('guide-tile-card').tap();
    await expect(page.getByTestId('screen-/guidescreen/userinfo')).toHaveAttribute('data-status', 'built');
    // The scanner types the card and Enter: the page asks for the PIN next.
    await expect(page.getByTestId('reader-card-no')).toBeFocused();
    await page.keyboard.type(r.card, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('reader-card-error')).toHaveText('请输入借阅密码');
    await expect(page.getByTestId('reader-card-pin')).toBeFocused();
    // A wrong PIN: one message that does not say whether the card or the PIN was wrong.
    for (const k of ['1', '1', '1', '1']) await page.getByTestId(`key-${k}`).tap();
    await page.getByTestId('reader-card-submit').tap();
    await expect(page.getByTestId('reader-card-error')).toContainText('无法识别此卡号或密码');
    // The on-screen keyboard types the PIN.
    await page.getByTestId('reader-card-pin').tap();
    for (const k of ['2', '4', '6', '8']) await page.getByTestId(`key-${k}`).tap();
    await page.getByTestId('reader-card-submit').tap();
    await expect(page.getByTestId('reader-card-name')).toContainText(`导读${r.card.slice(2)}`);
    await expect(page.getByTestId('reader-card-loans').locator('li')).toHaveCount(2);
    await expect(page.getByTestId('reader-card-loans')).toContainText(r.title);
    await expect(page.getByTestId('reader-card-loans')).toContainText('到期');
    await expectKioskRules(page);
    // Sixty seconds untouched: the countdown runs out and the card is gone.
    await expect(page.getByTestId('reader-card-countdown')).toHaveText('60 秒后自动退出');
    await page.clock.runFor(30_000);
    await expect(page.getByTestId('reader-card-countdown')).toHaveText('30 秒后自动退出');
    await page.clock.runFor(31_000);
    await expect(page.getByTestId('reader-card')).toHaveCount(0);
    await expect(page.getByTestId('reader-card-no')).toHaveValue('');
    // "Done" signs out at once, in English too.
    await page.getByTestId('language-en-US').tap();
    await page.getByTestId('reader-card-no').fill(r.card.toLowerCase());
    await page.getByTestId('reader-card-pin').fill('2468');
    await page.getByTestId('reader-card-submit').tap();
    await expect(page.getByTestId('reader-card-countdown')).toContainText('Closing in');
    await page.getByTestId('reader-card-done').tap();
    await expect(page.getByTestId('reader-card')).toHaveCount(0);
    await expect(page.getByText('Books you have out')).toHaveCount(0);
    expect(health.problems.filter((p) => !/409/.test(p))).toEqual([]);
  } finally {
    await gw(admin, circulationVerifyCalls.saveVerifySetting, { Mode: 'off' });
    await admin.close();
  }
});

test('where is it: the title page lights the copy\'s shelf area on the floor plan, with "you are here"', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.goto(`${baseURL}${KIOSK}`);
  await page.getByTestId('guide-tile-search').tap();
  for (const k of ['k', 'l', 'd', 'm', 'm']) await page.getByTestId(`key-${k}`).tap();
  await page.getByTestId('key-enter').tap();
  await page.getByTestId('search-results').locator('li').first().getByTestId('title-link').tap();
  const where = page.getByTestId('where-is-it');
  await expect(where).toBeVisible();
  await expect(where.getByTestId('plan-kiosk')).toContainText('你在这里');
  await expect(where.locator('[data-lit="true"]')).toHaveCount(1);
  // Another copy of the list, picked: the map follows it.
  const buttons = page.locator('[data-testid^="show-on-map-"]');
  const n = await buttons.count();
  expect(n).toBeGreaterThan(0);
  const last = buttons.nth(n - 1);
  const barcode = (await last.getAttribute('data-testid'))!.replace('show-on-map-', '');
  await last.tap();
  await expect(where).toHaveAttribute('data-copy', barcode);
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  await expectKioskRules(page);
  await page.getByTestId('language-en-US').tap();
  await expect(where.getByTestId('plan-kiosk')).toContainText('You are here');
  expect(health.problems).toEqual([]);
});

test('a message on the kiosk is readable and closed with a finger: the toast under the header, its close button a touch target', async ({ page, baseURL }) => {
  // The hot words fail once (a gateway restarting): the search screen says so in a toast.
  await page.route('**/GetHotWords', (route) => route.fulfill({ status: 503, body: '' }), { times: 1 });
  await page.goto(`${baseURL}${KIOSK}`);
  await page.getByTestId('guide-tile-search').tap();
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  await expectKioskRules(page);
  // The kiosk's own host: under the header, in the kiosk's type size.
  const header = (await page.getByTestId('guide-school-name').boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThan(header.y + header.height);
  expect(Number.parseFloat(await toast.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(18);
  await toast.getByRole('button').tap();
  await expect(toast).toHaveCount(0);
});
