import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The library's own pages: a phone opens the pictures, the network resources and a published
// new-book announcement; a hand-off link picks the school and forwards only inside the portal;
// /libraryinfo shows the week's hours with today marked; /checkversion lists what the gateway offers.
// Staff edit the profile, add a network resource and publish an announcement at 1440 px.

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('pictures, network resources and new-book announcements', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/search/libpic?school=BJSY01`);
    await expect(page.getByTestId('gallery').locator('li')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByTestId('gallery').getByRole('button').first().click();
    await expect(page.getByTestId('picture-large')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('阅览室');
    await page.getByTestId('picture-close').click();

    await page.getByTestId('library-link-resources').click();
    await expect(page.getByTestId('resource-group-ebook')).toBeVisible();
    const link = page.getByTestId('resource-group-database').getByTestId('resource-link').first();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(page.getByTestId('resource-group-database')).toContainText('将离开本站');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByTestId('library-link-announcements').click();
    await page.getByTestId('announcements').getByRole('link', { name: '本月新书通告' }).click();
    await expect(page.getByTestId('announcement')).toContainText('共 24 种');
    await expect(page.getByTestId('announcement').locator('ol > li')).toHaveCount(24);
    // The draft is not public.
    await page.goto(`${baseURL}/library/#/search/NewBookAnnouncement`);
    await expect(page.getByTestId('announcements')).not.toContainText('草稿');
    // A title links to its detail.
    await page.getByTestId('announcements').getByRole('link').first().click();
    await page.getByTestId('announcement').locator('ol > li a').first().click();
    await expect(page).toHaveURL(/search\/book\/details\?id=\d+/);
    expect(health.problems).toEqual([]);
  });

  test('a hand-off link picks the school and forwards only to portal pages', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/library/#/transition?school=SHYC02&to=${encodeURIComponent('/search/networkresource')}`);
    await expect(page).toHaveURL(/#\/search\/networkresource$/);
    await expect(page.getByTestId('portal-school-name')).toHaveText('上海市育才中学');
    await page.goto(`${baseURL}/library/#/transition?school=SHYC02&to=${encodeURIComponent('https://evil.example/')}`);
    await expect(page.getByTestId('transition-refused')).toBeVisible();
    await expect(page).toHaveURL(/transition/);
  });
});

test.describe('no-login pages at 1440', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('/libraryinfo shows the profile with today marked; /checkversion lists the apps the gateway offers', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await page.goto(`${baseURL}/library/#/libraryinfo?school=BJSY01`);
    await expect(page.getByTestId('library-info')).toContainText('北京市第一实验学校图书馆');
    const today = new Date().getDay();
    await expect(page.getByTestId(`hours-${today}`)).toHaveAttribute('data-today', 'true');
    await expect(page.getByTestId('open-now')).toHaveText(/正在开放|当前闭馆/);
    await expect(page.getByTestId('section-contact')).toContainText('library@bjsy01.example');
    await expect(page.getByTestId('section-rules')).toContainText('读者证');
    await expect(page.getByTestId('section-pictures').getByRole('button')).toHaveCount(4);

    const dir = join(process.env.E2E_DATA_DIR!, 'releases', 'desk');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'latest.yml'), "version: 9.1.0\nfiles:\n  - url: School-Library-Setup-9.1.0.exe\n    sha512: abc\n    size: 5\nreleaseDate: '2026-10-01T08:00:00.000Z'\nreleaseNotes: Faster returns at the desk.\n");
    writeFileSync(join(dir, 'School-Library-Setup-9.1.0.exe'), 'hello');
    await page.goto(`${baseURL}/library/#/checkversion`);
    await expect(page.getByTestId('running-version')).toContainText('浏览器');
    await expect(page.getByTestId('app-desk')).toContainText('9.1.0');
    await expect(page.getByTestId('app-desk')).toContainText('Faster returns');
    const href = await page.getByTestId('app-desk').getByRole('link').first().getAttribute('href');
    expect((await page.request.get(`${baseURL}${href}`)).status()).toBe(200);
    expect(health.problems).toEqual([]);
  });
});

test.describe('staff at 1440', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('edits the profile, adds a network resource and publishes an announcement', async ({ page, baseURL }) => {
    const health = watchPage(page);
    await signIn(page, baseURL!, 'admin', 'Admin@2026', '/library/basic-info');
    const editor = page.getByTestId('library-profile-editor');
    await editor.getByTestId('profile-Intro').fill('欢迎来到图书馆（端到端测试）');
    await editor.getByTestId('profile-Phone').fill('010-8888 0000');
    await page.getByTestId('profile-day-6').getByRole('checkbox').check();
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-error')).toHaveCount(0);
    await page.getByTestId('picture-file').setInputFiles({
      name: 'room.png', mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
    });
    await expect(page.getByTestId('picture-list').locator('li')).toHaveCount(5);

    await page.goto(`${baseURL}/library/#/external-links`);
    await page.getByRole('button', { name: /新增|Add/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称', { exact: false }).first().fill('端到端电子书');
    await dialog.getByLabel('网址').fill('https://e2e.example/books');
    await dialog.getByRole('button', { name: /保存|Save/ }).click();
    await expect(page.getByRole('grid')).toContainText('端到端电子书');

    await page.goto(`${baseURL}/library/#/newbook-announcement`);
    await page.getByTestId('announcement-new').click();
    await page.getByTestId('announcement-title').fill('端到端新书通告');
    await page.getByTestId('source-batch').click();
    // A demo batch small enough for one announcement (at most 1,000 titles; a batch an earlier
    // test created may hold none): each in turn until the preview says so.
    const batchBox = page.getByRole('combobox', { name: '验收批次' });
    const demoBatches = page.getByRole('option', { name: /^\d{4}-[A-Z0-9]+-\d{2}/ });
    const previewCount = page.getByTestId('announcement-preview-count');
    await batchBox.click();
    await expect(demoBatches.first()).toBeVisible();
    const batches = await demoBatches.count();
    let shown = '';
    for (let i = 0; i < batches; i++) {
      if (i > 0) await batchBox.click();
      await demoBatches.nth(i).click();
      await page.getByTestId('announcement-preview').click();
      await expect(previewCount).toContainText(/将列出 \d+ 种图书/);
      if (shown) await expect(previewCount).not.toHaveText(shown);
      shown = (await previewCount.textContent()) ?? '';
      const n = Number(/\d+/.exec(shown)?.[0] ?? 0);
      if (n > 0 && n <= 1000) break;
    }
    await page.getByTestId('announcement-save').click();
    const row = page.getByTestId('announcement-table').getByRole('row', { name: /端到端新书通告/ });
    await expect(row).toContainText('草稿');
    await row.getByTestId('announcement-publish').click();
    await expect(row).toContainText('已发布');

    // Readers see all three.
    await page.goto(`${baseURL}/library/#/libraryinfo`);
    await expect(page.getByTestId('library-intro')).toContainText('端到端测试');
    await expect(page.getByTestId('hours-6')).toContainText('闭馆');
    await page.goto(`${baseURL}/library/#/search/networkresource`);
    await expect(page.getByText('端到端电子书')).toBeVisible();
    await page.goto(`${baseURL}/library/#/search/NewBookAnnouncement`);
    await expect(page.getByTestId('announcements')).toContainText('端到端新书通告');
    expect(health.problems).toEqual([]);
  });
});

test.describe('signed-in apps (/connect/unoauth) at 1440', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a user sees this device and another sign-in, and signs the other one out', async ({ page, browser, baseURL }) => {
    const health = watchPage(page);
    // A second sign-in of the same account on "another device" (its own browser context).
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const otherPage = await other.newPage();
    // The teacher: no other test keeps a cached session of it that a sign-out here would end.
    await signIn(otherPage, baseURL!, 'teacher', 'Teacher@2026', '/data-analysis', { fresh: true });
    // /connect/unoauth opens without a session too, so the sign-in goes through an admin page first.
    await signIn(page, baseURL!, 'teacher', 'Teacher@2026', '/data-analysis', { fresh: true });
    await page.goto(`${baseURL}/library/#/connect/unoauth`);
    const list = page.getByTestId('connected-apps');
    await expect(list.locator('li').first()).toContainText('本设备');
    // This device and the other one, and any sign-in an earlier test left: all but this one go.
    await expect.poll(() => list.locator('li').count()).toBeGreaterThanOrEqual(2);
    for (let n = await list.locator('li').count(); n > 1; n--) {
      await list.locator('li').nth(1).getByTestId('grant-revoke').click();
      await expect(list.locator('li')).toHaveCount(n - 1);
    }
    await expect(page.getByRole('status')).toContainText('已让其退出登录');
    // The other device's session no longer works: its next call is refused and it is signed out.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/#\/(auth|401|data-analysis)|sso/);
    await other.close();
    expect(health.problems).toEqual([]);
  });
});
