import { expect, test, type Page } from '@playwright/test';
import { completeSsoLogin, nextCaptcha } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { expectKioskRules } from '../support/kiosk-rules.ts';
import { describe, FAILING, scan, settle, stillMotion, type Finding } from '../support/axe-scan.ts';

// Reading themes and activities: on a phone, a reader browses the school's themes and
// activities, filters by state, opens a theme and an activity, follows a task's book to its title
// page; signed out they are asked to sign in, signed in they submit a reading note to a running
// activity. On the kiosk (1920 × 1080, touch) a child opens the school activities from the start
// screen, a running activity, a task's book list and a title, then an ended activity's results.

const stateChips = (page: Page) => page.getByTestId('activity-list').locator('[data-testid^="state-"]');

async function openFirstRunning(page: Page) {
  await page.getByTestId('portal-nav-activities').click();
  await expect(page.getByTestId('screen-/search/themeList')).toBeVisible();
  await page.getByTestId('filter-doing').click();
  await expect(page).toHaveURL(/state=doing/);
  await expect(stateChips(page).first()).toHaveAttribute('data-testid', 'state-doing');
  await page.getByTestId('activity-list').getByTestId('activity-link').first().click();
  await expect(page.getByTestId('screen-/search/themeList/activity-details')).toBeVisible();
  await expect(page.getByTestId('activity-detail')).toBeVisible();
}

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a reader browses themes and activities, filters by state and follows a task\'s book', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/search?school=BJSY01`);
    await page.getByTestId('portal-nav-activities').click();
    await expect(page.getByTestId('screen-/search/themeList')).toBeVisible();
    await expect(page.getByTestId('theme-list').locator('li')).toHaveCount(3);
    await expect(page.getByTestId('theme-list')).toContainText('书香校园读书月');
    // Running activities come first.
    await expect(stateChips(page).first()).toHaveAttribute('data-testid', 'state-doing');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Ended only.
    await page.getByTestId('filter-ended').click();
    await expect(page).toHaveURL(/state=ended/);
    await expect(stateChips(page).first()).toHaveAttribute('data-testid', 'state-ended');
    const states = await stateChips(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['state-ended']));

    // A theme: its summary, its activities and the latest entries (class and masked name).
    await page.getByTestId('theme-list').getByTestId('theme-link').filter({ hasText: '书香校园读书月' }).click();
    await expect(page.getByTestId('screen-/search/themeList/details')).toBeVisible();
    await expect(page.getByTestId('theme-detail')).toContainText('读书月');
    await expect(page.getByTestId('activity-list').locator('li')).toHaveCount(3);
    await expect(page.getByTestId('entry-list').locator('li').first()).toContainText('*');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A running activity: its tasks with book lists; signed out, a prompt to sign in instead of the form.
    await openFirstRunning(page);
    await expect(page.getByTestId('activity-detail').getByTestId('state-doing')).toBeVisible();
    await expect(page.getByTestId('submit-sign-in')).toBeVisible();
    await expect(page.getByTestId('submit-form')).toHaveCount(0);
    const book = page.getByTestId('task-list').getByTestId('book-link').first();
    const bookTitle = (await book.textContent())!;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await book.click();
    await expect(page.getByTestId('screen-/search/book/details')).toBeVisible();
    await expect(page.getByTestId('title-detail')).toContainText(bookTitle);

    // A broken link says so.
    await page.goto(`${baseURL}/library/#/search/themeList/activity-details?id=abc`);
    await expect(page.getByTestId('activity-missing')).toBeVisible();

    // English, on the page itself.
    await page.goto(`${baseURL}/library/#/search/themeList`);
    await page.getByTestId('language-en-US').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading themes');
    await expect(page.getByTestId('filter-doing')).toHaveText('Running');
    expect(health.problems).toEqual([]);
  });

  test('a signed-in reader submits a reading note to a running activity', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/searchauth`);
    await page.getByTestId('school-code').fill('BJSY01');
    const captcha = nextCaptcha(page);
    await page.getByTestId('portal-sign-in').click();
    await completeSsoLogin(page, baseURL!, captcha, 'student', 'Student@2026');
    await page.waitForURL((u) => u.hash.startsWith('#/search'), { timeout: 30_000 });

    await openFirstRunning(page);
    const note = `读完以后我很想去博物馆看恐龙化石 ${Date.now()}`;
    await page.getByTestId('submit-content').fill(note);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-done')).toBeVisible();
    // The newest entry is the reader's own, with their whole name.
    const first = page.getByTestId('entry-list').locator('li').first();
    await expect(first).toContainText(note);
    await expect(first).toContainText('李子轩');
    await expect(first).toContainText('我的');

    // An ended activity takes no entries.
    await page.getByTestId('portal-nav-activities').click();
    await page.getByTestId('filter-ended').click();
    await page.getByTestId('activity-list').getByTestId('activity-link').first().click();
    await expect(page.getByTestId('submit-closed')).toBeVisible();
    expect(health.problems).toEqual([]);
  });
});

test.describe('on the kiosk (1920 × 1080, touch)', () => {
  test.use({ viewport: { width: 1920, height: 1080 }, hasTouch: true });

  test('a child opens a running activity, a task\'s books and a title, then an ended activity\'s results', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/guidescreen?school=BJSY01`);
    await page.getByTestId('guide-tile-activities').tap();
    await expect(page.getByTestId('screen-/guidescreen/schoolactivity')).toBeVisible();
    // Running ones by default.
    await expect(stateChips(page).first()).toHaveAttribute('data-testid', 'state-doing');
    await expectKioskRules(page);

    await page.getByTestId('activity-list').getByTestId('activity-link').first().tap();
    await expect(page.getByTestId('screen-/guidescreen/activitydetaildoing')).toBeVisible();
    await expect(page.getByTestId('activity-detail')).toBeVisible();
    await expect(page.getByTestId('activity-results')).toHaveCount(0);
    await expectKioskRules(page);

    await page.getByTestId('task-list').getByTestId('task-open').first().tap();
    await expect(page.getByTestId('screen-/guidescreen/activitytask')).toBeVisible();
    const book = page.getByTestId('task-books').getByTestId('book-link').first();
    await expect(book).toBeVisible();
    await expectKioskRules(page);
    await book.tap();
    await expect(page.getByTestId('screen-/guidescreen/searchdetail')).toBeVisible();
    await expect(page.getByTestId('title-detail')).toBeVisible();

    // An ended activity leads with its results.
    await page.getByTestId('guide-home').tap();
    await page.getByTestId('guide-tile-activities').tap();
    await page.getByTestId('filter-ended').tap();
    await expect(stateChips(page).first()).toHaveAttribute('data-testid', 'state-ended');
    await page.getByTestId('activity-list').getByTestId('activity-link').first().tap();
    await expect(page.getByTestId('screen-/guidescreen/activitydetailend')).toBeVisible();
    await expect(page.getByTestId('activity-results')).toBeVisible();
    expect(Number(await page.getByTestId('result-participants').textContent())).toBeGreaterThan(0);
    await expect(page.getByTestId('entry-list').locator('li').first()).toBeVisible();
    await expectKioskRules(page);

    // English on the kiosk itself.
    await page.getByTestId('language-en-US').tap();
    await expect(page.getByTestId('activity-results')).toContainText('Results');
    await page.getByTestId('guide-home').tap();
    await expect(page.getByTestId('guide-tile-activities')).toContainText('School activities');
    expect(health.problems).toEqual([]);
  });
});

// The list screens are scanned by accessibility.e2e.ts; these are the pages behind them, with data.
test('axe finds nothing on the theme, activity and task pages, portal and kiosk, in both languages', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const health = watchPage(page);
  const findings: Finding[] = [];
  await page.goto(`${baseURL}/library/#/search?school=BJSY01`);
  // The device remembers the school once the code is looked up; the pages below rely on it.
  await expect(page.getByTestId('portal-school-name')).not.toHaveText('');
  await stillMotion(page);
  const ended = (await (await page.request.get(`${baseURL}/micro/space/api/appactivity/getlist?State=ended&Rows=1`, { headers: { SchoolID: '1' } })).json()) as { data: { List: Array<{ ID: number }> } };
  const endedId = ended.data.List[0]!.ID;
  const running = (await (await page.request.get(`${baseURL}/micro/space/api/appactivity/getactivityinfo?ID=1`, { headers: { SchoolID: '1' } })).json()) as { data: { ID: number; TaskList: Array<{ ID: number }> } };
  const pages: Array<[string, string, { width: number; height: number }]> = [
    ['/search/themeList/details?id=1', 'theme-detail', { width: 360, height: 740 }],
    [`/search/themeList/activity-details?id=${running.data.ID}`, 'activity-detail', { width: 360, height: 740 }],
    [`/search/themeList/activity-details?id=${endedId}`, 'activity-detail', { width: 1280, height: 900 }],
    [`/guidescreen/activitydetaildoing?id=${running.data.ID}`, 'activity-detail', { width: 1920, height: 1080 }],
    [`/guidescreen/activitytask?activity=${running.data.ID}&task=${running.data.TaskList[0]!.ID}`, 'task-detail', { width: 1920, height: 1080 }],
    [`/guidescreen/activitydetailend?id=${endedId}`, 'activity-results', { width: 1920, height: 1080 }],
  ];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    if (lang === 'en-US') await page.getByTestId('language-en-US').click();
    for (const [path, ready, size] of pages) {
      await page.setViewportSize(size);
      await page.goto(`${baseURL}/library/#${path}`);
      await expect(page.getByTestId(ready)).toBeVisible();
      await settle(page);
      findings.push(...await scan(page, `${lang} ${path}`));
    }
  }
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');
  expect(health.problems).toEqual([]);
});
