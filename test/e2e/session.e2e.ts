import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The spec's redirects (/ → /home → /data-analysis, /login → /data-analysis, unknown → /404) and
// logout: the session is removed, the SSO session ends, and the user is back at sign-in.
test('redirects of the router', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026');
  const health = watchPage(page);
  for (const [from, to] of [['/', '/data-analysis'], ['/home', '/data-analysis'], ['/login', '/data-analysis'], ['/no-such-screen', '/404']] as const) {
    await page.evaluate((p) => { location.hash = `#${p}`; }, from);
    await page.waitForURL((u) => u.hash === `#${to}`);
    await expect(page.getByTestId(`screen-${to}`)).toBeVisible();
  }
  expect(health.problems).toEqual([]);
});

test('a librarian does not see system menus and is refused a system screen', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  await expect(menu.locator('[data-path="/sys/menu"]')).toHaveCount(0);
  await page.evaluate(() => { location.hash = '#/sys/menu'; });
  await expect(page.getByTestId('screen-/sys/menu')).toHaveAttribute('data-access', 'denied');
  await expect(page.getByTestId('no-permission')).toContainText('无操作权限');
});

test('logout removes the session and ends the SSO session', async ({ page, baseURL }) => {
  // A session of its own: ending it must not end the one other tests are handed.
  await signIn(page, baseURL!, 'teacher', 'Teacher@2026', '/data-analysis', { fresh: true });
  await page.getByTestId('user-menu-button').click();
  const ended = page.waitForResponse((r) => r.url().includes('/WebPlat/EndSession'));
  await page.getByTestId('logout').click();
  const end = await ended;
  expect(end.status()).toBe(200);
  // Back through /home → /data-analysis, which needs a session → the SSO asks to sign in again.
  await page.waitForURL((u) => u.pathname.startsWith('/sso/interaction/'), { timeout: 30_000 });
  await expect(page.locator('#account')).toBeVisible();
  const stored = await page.evaluate(() => sessionStorage.getItem('lib.token'));
  expect(stored).toBeNull();
});
