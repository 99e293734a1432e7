import { expect, test, type Page } from '@playwright/test';
import { completeSsoLogin, nextCaptcha } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The signed-in reader's own pages of the portal: the demo student signs in by school code, sees
// their loans (one overdue, one renewed already, one that can be renewed) and renews it, places a
// hold from a title's page and cancels it in the personal centre, and recommends a book. On a
// phone (360 × 740) in Chinese, then at 1440 in English, where the renewed loan cannot be renewed
// again and says why. Signed out, the pages ask for sign-in first.

async function signInAsStudent(page: Page, baseURL: string, redirect?: string) {
  await page.goto(`${baseURL}/library/#/searchauth${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.getByTestId('school-code').fill('BJSY01');
  const captcha = nextCaptcha(page);
  await page.getByTestId('portal-sign-in').click();
  await completeSsoLogin(page, baseURL, captcha, 'student', 'Student@2026');
  await page.waitForURL((u) => u.hash.startsWith(`#${redirect ?? '/search'}`), { timeout: 30_000 });
}

const noWiderThan = async (page: Page, w: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);

/** From the portal home: a title found by a word, its page open. */
async function openTitle(page: Page, word: string, nth: number) {
  const box = page.getByTestId('portal-search-input');
  await box.fill(word);
  await box.press('Enter');
  await page.getByTestId('search-results').getByTestId('title-link').nth(nth).click();
  await expect(page.getByTestId('title-detail')).toBeVisible();
}

async function placeAndCancelHold(page: Page, word: string, nth: number) {
  await page.getByTestId('portal-nav-search').click();
  await openTitle(page, word, nth);
  const title = (await page.getByTestId('title-detail').locator('h1').textContent())!;
  await page.getByTestId('hold-place').click();
  await expect(page.getByTestId('hold-open')).toBeVisible();
  await page.getByTestId('portal-account-link').click();
  const hold = page.getByTestId('my-holds').locator('li', { hasText: title }).first();
  await expect(hold).toBeVisible();
  await hold.getByTestId('hold-cancel').click();
  await page.getByTestId('confirm-yes').click();
  await expect(hold.getByTestId('hold-state')).toHaveText(/已取消|Cancelled/);
  await expect(hold.getByTestId('hold-cancel')).toHaveCount(0);
}

async function recommend(page: Page, title: string) {
  await page.getByTestId('account-link-recommend').click();
  await expect(page.getByTestId('screen-/search/recommend')).toBeVisible();
  // A malformed ISBN is caught on its field before anything is sent.
  await page.getByTestId('recommend-Title').fill(title);
  await page.getByTestId('recommend-ISBN').fill('123');
  await page.getByTestId('recommend-submit').click();
  await expect(page.getByTestId('recommend-form').locator('.Mui-error').first()).toBeVisible();
  await page.getByTestId('recommend-ISBN').fill('');
  await page.getByTestId('recommend-Author').fill('测试作者');
  await page.getByTestId('recommend-Reason').fill('班上同学都想读。');
  await page.getByTestId('recommend-submit').click();
  const mine = page.getByTestId('my-suggestions').locator('li', { hasText: title });
  await expect(mine.getByTestId('suggestion-state')).toHaveText(/待处理|Pending/);
  // The form is empty again for the next one.
  await expect(page.getByTestId('recommend-Title')).toHaveValue('');
}

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('signed out, the account pages ask for sign-in; recommending says to log in first', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/search/recommend?school=BJSY01`);
    await expect(page.getByTestId('account-signed-out')).toContainText('请先登录后再推荐图书');
    await expect(page.getByTestId('account-sign-in')).toHaveAttribute('href', /searchauth\?redirect=/);
    await page.goto(`${baseURL}/library/#/search/personal`);
    await expect(page.getByTestId('account-signed-out')).toBeVisible();
    expect(health.problems).toEqual([]);
  });

  test('the student sees their loans, renews one, places and cancels a hold, recommends a book', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await signInAsStudent(page, baseURL!);
    await page.getByTestId('portal-account-link').click();
    await expect(page.getByTestId('personal-centre')).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('李子轩');
    await expect(page.getByTestId('count-onLoan')).toContainText('3');
    await expect(page.getByTestId('count-overdue')).toContainText('1');
    await expect(page.getByTestId('reading-chart').locator('svg circle')).toHaveCount(12);
    await expect(page.getByTestId('balance-total')).toHaveText('¥100.00');
    await expect(page.getByTestId('account-change-password')).toBeVisible();
    await noWiderThan(page, 360);

    // My loans: the overdue one is marked; the renewable one renews and moves its due day.
    await page.getByTestId('count-onLoan').click();
    await expect(page.getByTestId('screen-/search/book')).toBeVisible();
    await expect(page.getByTestId('my-loans').locator('li')).toHaveCount(3);
    await expect(page.getByTestId('loan-overdue')).toHaveCount(1);
    const renewable = page.getByTestId('my-loans').locator('li', { has: page.getByTestId('loan-renew') });
    await expect(renewable).toHaveCount(1);
    const before = await renewable.locator('strong').textContent();
    const id = await renewable.getAttribute('data-testid');
    await renewable.getByTestId('loan-renew').click();
    const after = page.getByTestId(id!);
    await expect(after.getByTestId('loan-cannot-renew')).toBeVisible();
    await expect(after.locator('strong')).not.toHaveText(before!);
    await expect(after).toContainText('已续借 1 次');
    await noWiderThan(page, 360);

    await placeAndCancelHold(page, '恐龙', 0);
    await recommend(page, `手机荐购测试书 ${Date.now()}`);
    await noWiderThan(page, 360);
    expect(health.problems).toEqual([]);
  });
});

test.describe('at 1440 in English', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('history and loans, a hold placed and cancelled, a recommendation withdrawn', async ({ page, baseURL }) => {
    const health = watchPage(page);
    // Sign-in brings the reader back to the page that asked for it.
    await signInAsStudent(page, baseURL!, '/search/personal');
    await expect(page.getByTestId('personal-centre')).toBeVisible();
    await page.getByTestId('language-en-US').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.locator('h1')).toHaveText('My account');
    await expect(page.getByTestId('count-onLoan')).toContainText('On loan');

    // Loans and history: every loan has either Renew or the reason it cannot be renewed.
    await page.getByTestId('account-link-circulation').click();
    await expect(page.getByTestId('screen-/user/circulation')).toBeVisible();
    const loans = page.getByTestId('my-loans').locator('li');
    await expect(loans).toHaveCount(3);
    await expect(page.getByTestId('loan-cannot-renew')).toHaveCount(3);
    await page.getByTestId('circulation-tab-history').click();
    await expect(page.getByTestId('my-history').locator('li').first()).toBeVisible();
    await page.getByTestId('account-back').click();

    await placeAndCancelHold(page, '恐龙', 1);
    await page.getByTestId('portal-account-link').click();
    const title = `Desktop recommendation ${Date.now()}`;
    await recommend(page, title);
    const mine = page.getByTestId('my-suggestions').locator('li', { hasText: title });
    await mine.getByTestId('suggestion-withdraw').click();
    await page.getByTestId('confirm-yes').click();
    await expect(mine).toHaveCount(0);
    expect(health.problems).toEqual([]);
  });
});
