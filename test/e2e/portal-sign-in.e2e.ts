import { expect, test } from '@playwright/test';
import { completeSsoLogin, nextCaptcha } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The public reader portal signs in by school code: /searchauth → SSO (portal client) →
// /callbacksearch → /search, with the portal session bound to that school.
test('a reader signs in to the portal by school code and lands on /search', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.goto(`${baseURL}/library/#/searchauth`);
  await page.getByTestId('school-code').fill('BJSY01');
  const captcha = nextCaptcha(page);
  await page.getByTestId('portal-sign-in').click();
  await completeSsoLogin(page, baseURL!, captcha, 'student', 'Student@2026');
  await page.waitForURL((u) => u.hash.startsWith('#/search'), { timeout: 30_000 });
  await expect(page.getByTestId('screen-/search')).toBeVisible();
  const token = await page.evaluate(() => sessionStorage.getItem('lib.token'));
  expect(JSON.parse(token!).access_token).toBeTruthy();
  expect(health.problems).toEqual([]);
});

test('signing in from the header of any portal page comes back to that page', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.addInitScript(() => localStorage.setItem('lib.portalSchoolCode', 'BJSY01'));
  await page.goto(`${baseURL}/library/#/search/recentnewbook`);
  await page.getByTestId('portal-sign-in-link').click();
  await page.waitForURL((u) => u.hash.startsWith('#/searchauth'));
  await page.getByTestId('school-code').fill('BJSY01');
  const captcha = nextCaptcha(page);
  await page.getByTestId('portal-sign-in').click();
  await completeSsoLogin(page, baseURL!, captcha, 'student', 'Student@2026');
  await page.waitForURL((u) => u.hash.startsWith('#/search/recentnewbook'), { timeout: 30_000 });
  await expect(page.getByTestId('portal-account-link')).toBeVisible();
  expect(health.problems).toEqual([]);
});

test('a user of another school is refused by the portal of this school', async ({ page, baseURL }) => {
  const health = watchPage(page);
  // The sign-in exchange refuses an account of another school by the rules (409), with its reason.
  health.allow((url, status) => url.includes('/sys/SchoolLoginToken') && status === 409);
  await page.goto(`${baseURL}/library/#/searchauth`);
  await page.getByTestId('school-code').fill('BJSY01');
  const captcha = nextCaptcha(page);
  await page.getByTestId('portal-sign-in').click();
  await completeSsoLogin(page, baseURL!, captcha, 'admin2', 'Admin@2026');
  await expect(page.getByTestId('callback-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('callback-error')).toContainText('无权访问该学校的数据');
  expect(await page.evaluate(() => sessionStorage.getItem('lib.token'))).toBeNull();
  expect(health.problems.filter((p) => !p.startsWith('console: Failed to load resource'))).toEqual([]);
});

test('a sign-in code of 20 characters or fewer is rejected before any call', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.goto(`${baseURL}/library/#/searchauth?schoolcode=BJSY01&code=${'x'.repeat(20)}`);
  await expect(page.getByTestId('search-auth')).toContainText('登录码无效');
  expect(health.problems).toEqual([]);
});
