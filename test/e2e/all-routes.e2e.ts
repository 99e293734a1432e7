import { expect, test } from '@playwright/test';
import routes from '../fixtures/spec/routes.json' with { type: 'json' };
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Opens every one of the spec's 225 routes in both languages as the demo administrator (who may
// open every admin screen), through the real gateway: each must render its screen root, with no
// console error, no page error and no failed or >= 400 call.
const BOUNCING = new Set(['/auth', '/redirect']); // with a session these go on to /data-analysis

test('every route renders in zh-CN and en-US without errors', async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  const health = watchPage(page);
  const seen: Record<string, string> = {};

  for (const lang of ['zh-CN', 'en-US'] as const) {
    await page.evaluate(() => { location.hash = '#/data-analysis'; });
    await expect(page.getByTestId('screen-/data-analysis')).toBeVisible();
    await page.getByTestId(`language-${lang}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    for (const [i, r] of routes.routes.entries()) {
      if (i % 25 === 0) await page.evaluate(() => sessionStorage.removeItem('lib.tabs'));
      await page.evaluate((p) => { location.hash = `#${p}`; }, r.path);
      if (BOUNCING.has(r.path)) {
        await page.waitForURL((u) => u.hash.startsWith('#/data-analysis'));
        continue;
      }
      const root = page.getByTestId(`screen-${r.path}`);
      await expect(root, `${lang} ${r.path}`).toBeVisible();
      const status = (await root.getAttribute('data-status')) ?? '';
      seen[`${lang} ${r.path}`] = status;
      // A planned screen says what it will be for, in the current language.
      if (status === 'planned') await expect(root.getByTestId('planned-description')).not.toBeEmpty();
      expect(await root.getAttribute('data-access'), `${lang} ${r.path}`).not.toBe('denied');
      expect(health.problems, `${lang} ${r.path}`).toEqual([]);
    }
  }
  expect(Object.keys(seen)).toHaveLength(2 * (routes.routes.length - BOUNCING.size));
});
