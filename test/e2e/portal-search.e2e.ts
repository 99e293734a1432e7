import { expect, test, type Page } from '@playwright/test';
import { watchPage } from '../support/page-health.ts';

// The public portal without signing in: a phone opens the school's link (?school=CODE), searches
// by words and by pinyin initials, narrows by class, opens a title and sees where its copies are,
// reads the news; the same in English; advanced search with NOT and a year range at desktop width.
// Bad input (emoji, SQL-looking text, a page past the end, a broken link) gets a message, never an error page.

async function search(page: Page, key: string) {
  const box = page.getByTestId('portal-search-input');
  await box.fill(key);
  await box.press('Enter');
  await expect.poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('q')).toBe(key);
  await expect(page.getByTestId('search-total')).not.toHaveText('\u00a0');
}

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a student finds a book by words and pinyin initials and sees where it stands', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/search?school=BJSY01`);
    await expect(page.getByTestId('screen-/search')).toBeVisible();
    await expect(page.getByTestId('portal-school-name')).toHaveText('北京市第一实验学校');
    await expect(page.getByTestId('home-new').getByTestId('title-link').first()).toBeVisible();
    await expect(page.getByTestId('home-news')).toContainText('寒假');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await search(page, '恐龙');
    const first = page.getByTestId('search-results').locator('li').first();
    await expect(first).toContainText('恐龙');
    const words = Number((await page.getByTestId('search-total').textContent())!.replace(/\D/g, ''));
    expect(words).toBeGreaterThan(0);

    // Pinyin initials of "恐龙的秘密" find the same books.
    await search(page, 'kldmm');
    await expect(page.getByTestId('search-results').locator('li').first()).toContainText('恐龙的秘密');

    // A class narrows the result; the filter toggle opens the facets on a phone.
    await search(page, '恐龙');
    await page.getByTestId('facet-toggle').click();
    const facet = page.locator('[data-testid^="facet-Class-"]').first();
    const facetCount = Number(await facet.locator('p, span').last().textContent());
    await facet.click();
    await expect(page).toHaveURL(/class=/);
    await expect(page.getByTestId('search-total')).toContainText(String(facetCount));

    // The title: copies with their place and state.
    await page.getByTestId('search-results').getByTestId('title-link').first().click();
    await expect(page.getByTestId('screen-/search/book/details')).toBeVisible();
    await expect(page.getByTestId('title-detail')).toBeVisible();
    const copy = page.getByTestId('copy-list').locator('[data-testid^="copy-"]').first();
    await expect(copy).toContainText('›');
    await expect(copy.locator('[data-testid^="copy-state-"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The news.
    await page.getByTestId('portal-nav-news').click();
    await expect(page.getByTestId('news-list')).toContainText('寒假');
    await page.getByTestId('news-list').getByRole('link').first().click();
    await expect(page.getByTestId('news-detail')).toContainText('9:00-15:00');

    // The same portal in English, switched on the page.
    await page.getByTestId('language-en-US').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByTestId('news-detail')).toContainText('Tuesdays and Thursdays');
    await expect(page.getByTestId('portal-nav-search')).toHaveText('Search');
    await page.getByTestId('portal-nav-search').click();
    await expect(page.getByTestId('portal-school-name')).toHaveText('Beijing No.1 Experimental School');
    expect(health.problems).toEqual([]);
  });

  test('bad input gets a message, never an error page', async ({ page, baseURL }) => {
    const health = watchPage(page);
    // A broken link to a title or a news item answers 404 with a message on the page.
    health.allow((url, status) => status === 404 && (url.includes('/Search/CatalogueDetail') || url.includes('/Search/GetBulletinContentByID')));
    await page.goto(`${baseURL}/library/#/search?school=BJSY01`);
    await expect(page.getByTestId('screen-/search')).toBeVisible();
    for (const key of ['🐉📚', "' OR 1=1 --", '%_\\']) {
      await search(page, key);
      await expect(page.getByTestId('search-empty').or(page.getByTestId('search-results').locator('li').first())).toBeVisible();
    }
    // At most 200 characters can be typed; the box says so.
    await page.getByTestId('portal-search-input').fill('书'.repeat(2000));
    await expect(page.getByTestId('portal-search-input')).toHaveValue('书'.repeat(200));
    // A page past the end.
    await page.goto(`${baseURL}/library/#/search?q=${encodeURIComponent('恐龙')}&page=9999`);
    await expect(page.getByTestId('search-empty')).toBeVisible();
    await page.goto(`${baseURL}/library/#/search/book/details?id=99999999`);
    await expect(page.getByTestId('title-missing')).toBeVisible();
    await page.goto(`${baseURL}/library/#/search/book/details?id=abc`);
    await expect(page.getByTestId('title-missing')).toBeVisible();
    await page.goto(`${baseURL}/library/#/search/newsdetail?id=99999999`);
    await expect(page.getByTestId('news-missing')).toBeVisible();
    expect(health.problems).toEqual([]);
  });

  test('without a school the portal asks for its code, and a wrong code is said so', async ({ page, baseURL }) => {
    const health = watchPage(page);
    health.allow((url, status) => url.includes('/Organiza/GetSchoolByCode') && status === 404);
    await page.goto(`${baseURL}/library/#/search`);
    await expect(page.getByTestId('school-picker')).toBeVisible();
    await page.getByTestId('portal-school-code').fill('NOPE99');
    await page.getByTestId('portal-school-go').click();
    await expect(page.getByTestId('school-picker')).toContainText('学校不存在');
    await page.getByTestId('portal-school-code').fill('BJSY01');
    await page.getByTestId('portal-school-go').click();
    await expect(page.getByTestId('portal-school-name')).toHaveText('北京市第一实验学校');
    expect(health.problems).toEqual([]);
  });
});

test('advanced search combines conditions with NOT and a year range (1440 px)', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseURL}/library/#/advancedsearch?school=BJSY01`);
  await expect(page.getByTestId('advanced-form')).toBeVisible();
  await page.getByTestId('condition-value-0').fill('恐龙');
  await page.getByTestId('advanced-search').click();
  await expect(page.getByTestId('search-total')).not.toHaveText('\u00a0');
  const all = Number((await page.getByTestId('search-total').textContent())!.replace(/\D/g, ''));
  expect(all).toBeGreaterThan(0);

  // NOT 秘密: fewer titles, none of them with 秘密 in the title.
  await page.getByTestId('condition-1').getByRole('combobox', { name: '逻辑' }).click();
  await page.getByRole('option', { name: '不含' }).click();
  await page.getByTestId('condition-value-1').fill('秘密');
  await page.getByTestId('advanced-search').click();
  await expect(page).toHaveURL(/adv=/);
  await expect.poll(async () => Number((await page.getByTestId('search-total').textContent())!.replace(/\D/g, ''))).toBeLessThan(all);
  const titles = await page.getByTestId('search-results').getByTestId('title-link').allTextContents();
  expect(titles.some((x) => x.includes('秘密'))).toBe(false);

  // A resource type (picture books, references …) narrows it to that type's count.
  const typeFacet = page.locator('[data-testid^="facet-ResourceType-"]').first();
  const typeCount = Number(await typeFacet.locator('p, span').last().textContent());
  await typeFacet.click();
  await expect(page).toHaveURL(/type=/);
  await expect(page.getByTestId('search-total')).toContainText(String(typeCount));

  // A year range that is the wrong way round is caught on the form.
  await page.getByTestId('year-from').fill('2020');
  await page.getByTestId('year-to').fill('2010');
  await page.getByTestId('advanced-search').click();
  await expect(page.getByTestId('advanced-problem')).toContainText('起始年份不能晚于截止年份');
  // Facets sit beside the list at this width.
  await expect(page.getByTestId('facet-panel')).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('the portal works from the keyboard alone: the language, search, a facet, a title (1440 px)', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseURL}/library/#/search?school=BJSY01`);
  await expect(page.getByTestId('portal-search-input')).toBeVisible();
  /** Tabs forward until an element matching `selector` has the focus; fails after `max` presses. */
  const tabTo = async (selector: string, max = 80) => {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    }
    throw new Error(`${selector} never took the focus`);
  };
  // The language first. The switch is one tab stop (a roving group): Tab to it, arrow to English, Enter.
  await tabTo('[data-testid^="language-"]');
  for (let i = 0; i < 2 && !(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'language-en-US')); i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await tabTo('[data-testid="portal-search-input"]');
  await page.keyboard.type('恐龙');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-total')).toContainText(/\d/);
  const total = Number((await page.getByTestId('search-total').textContent())!.replace(/\D/g, ''));
  // A class facet by Tab and Enter narrows the list.
  await tabTo('[data-testid^="facet-Class-"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/class=/);
  await expect.poll(async () => Number((await page.getByTestId('search-total').textContent())!.replace(/\D/g, ''))).toBeLessThan(total);
  // The first title by Tab and Enter opens its page.
  await tabTo('[data-testid="title-link"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('title-detail')).toBeVisible();
  await expect(page.getByTestId('copy-list')).toContainText('›');
  expect(health.problems).toEqual([]);
});
