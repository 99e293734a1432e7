import { expect, test } from '@playwright/test';
import { watchPage } from '../support/page-health.ts';
import { expectKioskRules } from '../support/kiosk-rules.ts';

// The reading-guide kiosk at 1920 × 1080 with touch: the school is chosen once and kept; a child
// taps "find a book", types pinyin initials on the on-screen keyboard, opens a title and sees where
// its copies are; every link stays on the kiosk's screens; the hot books, new books and news.
test.use({ viewport: { width: 1920, height: 1080 }, hasTouch: true });

test('a child finds a book with the on-screen keyboard and never leaves the kiosk', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.goto(`${baseURL}/library/#/guidescreen?school=BJSY01`);
  await expect(page.getByTestId('screen-/guidescreen')).toBeVisible();
  await expect(page.getByTestId('guide-school-name')).toHaveText('北京市第一实验学校图书馆');

  // The school is kept: a restart (a new session, same machine) opens it without asking.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${baseURL}/library/#/guidescreen`);
  await page.reload();
  await expect(page.getByTestId('guide-school-name')).toHaveText('北京市第一实验学校图书馆');

  await page.getByTestId('guide-tile-search').tap();
  await expect(page.getByTestId('screen-/guidescreen/search')).toBeVisible();
  // The box takes the focus, so the keyboard is up; k-l-d-m-m is 恐龙的秘密.
  await expect(page.getByTestId('guide-keyboard')).toBeVisible();
  for (const k of ['k', 'l', 'd', 'm', 'x']) await page.getByTestId(`key-${k}`).tap();
  await page.getByTestId('key-back').tap();
  await page.getByTestId('key-m').tap();
  await expect(page.getByTestId('portal-search-input')).toHaveValue('kldmm');
  await page.getByTestId('key-enter').tap();
  const first = page.getByTestId('search-results').locator('li').first();
  await expect(first).toContainText('恐龙的秘密');

  // Every target of the screen is at least 44 px high (the keyboard's keys included), no link leaves the kiosk.
  await expectKioskRules(page);

  await first.getByTestId('title-link').tap();
  await expect(page.getByTestId('screen-/guidescreen/searchdetail')).toBeVisible();
  const copy = page.getByTestId('copy-list').locator('[data-testid^="copy-"]').first();
  await expect(copy).toContainText('›');
  // The embedded gateway answers on 127.0.0.1, which no phone reaches: no QR code, not a dead one.
  await expect(page.getByTestId('portal-qr')).toHaveCount(0);
  // Text cannot be selected, and there is no context menu.
  expect(await page.getByTestId('layout-guide').evaluate((el) => getComputedStyle(el).userSelect)).toBe('none');

  await page.getByTestId('guide-home').tap();
  await page.getByTestId('guide-tile-hotBooks').tap();
  await page.getByTestId('hot-window-365').tap();
  await expect(page.getByTestId('hot-books').locator('li').first()).toBeVisible();
  await page.getByTestId('guide-home').tap();
  await page.getByTestId('guide-tile-news').tap();
  await page.getByTestId('news-list').getByRole('link').first().tap();
  await expect(page).toHaveURL(/#\/guidescreen\/newsDetail\?id=/);
  await expect(page.getByTestId('news-detail')).toBeVisible();

  // English on the kiosk itself.
  await page.getByTestId('language-en-US').tap();
  await expect(page.getByTestId('guide-home')).toHaveText('Home');
  await page.getByTestId('guide-home').tap();
  await expect(page.getByTestId('guide-tile-newBooks')).toContainText('New books');
  expect(health.problems).toEqual([]);
});
