import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { completeSsoLogin, nextCaptcha, signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// A third-party app (/connect/oauth): the administrator registers it on /library/basic-info; a
// reader the app sends to the library signs in, reads on the consent page what the app could see,
// allows it, and the app receives a code it exchanges for a token that reads the reader's loans
// and nothing else. The reader then sees the app by name among their signed-in apps.
test.use({ viewport: { width: 1440, height: 900 } });

test('a reader allows a registered app to read their loans', async ({ page, browser, baseURL }) => {
  const health = watchPage(page);
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/library/basic-info');
  const section = page.getByTestId('oauth-apps');
  await section.getByTestId('oauth-app-add').click();
  const name = `阅读打卡 ${Date.now()}`;
  const callback = `${baseURL}/third-party-app/cb`;
  await page.getByTestId('oauth-app-name').fill(name);
  await page.getByTestId('oauth-app-uris').fill('http://example.cn/cb');
  health.allow((url, status) => url.includes('/Connect/SaveOAuthApp') && status === 400);
  await page.getByTestId('oauth-app-save').click();
  await expect(page.getByTestId('oauth-app-error')).toContainText('https');
  // 127.0.0.1 is this computer: allowed over http (an app in development).
  await page.getByTestId('oauth-app-uris').fill(callback);
  await page.getByTestId('oauth-app-save').click();
  const row = section.locator('li', { hasText: name });
  await expect(row).toContainText('借阅信息');
  const clientId = (await row.getByTestId('oauth-app-client-id').textContent())!.trim();

  // The app sends the reader to the library's sign-in (authorization code + PKCE).
  const reader = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const rp = await reader.newPage();
  const verifier = randomBytes(32).toString('base64url');
  const q = new URLSearchParams({
    client_id: clientId, response_type: 'code', scope: 'openid offline_access library.loans', redirect_uri: callback, state: 'st-e2e',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', prompt: 'consent',
  });
  const captcha = nextCaptcha(rp);
  await rp.goto(`${baseURL}/sso/auth?${q}`);
  await completeSsoLogin(rp, baseURL!, captcha, 'student', 'Student@2026');
  await rp.waitForURL((u) => u.hash.startsWith('#/connect/oauth'), { timeout: 30_000 });
  const consent = rp.getByTestId('consent');
  await expect(consent).toContainText(`“${name}”请求访问你的图书馆账户`);
  await expect(consent).toContainText('李子轩');
  await expect(rp.getByTestId('consent-scopes')).toContainText('在借图书');
  await expect(rp.getByTestId('consent-scopes')).not.toContainText('姓名、学校');
  await rp.getByTestId('consent-allow').click();
  await rp.waitForURL((u) => u.pathname.endsWith('/third-party-app/cb'), { timeout: 30_000 });
  const landed = new URL(rp.url());
  expect(landed.searchParams.get('state')).toBe('st-e2e');

  // The app's server side: the code for a token, the token for the reader's loans only.
  const tok = await rp.request.post(`${baseURL}/sso/token`, {
    form: { grant_type: 'authorization_code', code: landed.searchParams.get('code')!, redirect_uri: callback, client_id: clientId, code_verifier: verifier },
  });
  expect(tok.status()).toBe(200);
  const access = ((await tok.json()) as { access_token: string }).access_token;
  const loans = await rp.request.post(`${baseURL}/micro/library/web1.0/ReaderAccount/GetLoans`, { data: {}, headers: { authorization: `Bearer ${access}` } });
  expect(((await loans.json()) as { code: number }).code).toBe(0);
  const staff = await rp.request.post(`${baseURL}/micro/library/web1.0/Connect/GetBridgePlatforms`, { data: {}, headers: { authorization: `Bearer ${access}` } });
  expect(staff.status()).toBe(403);
  await reader.close();

  // Deleting the app ends the connection: its token stops working.
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(row).toHaveCount(0);
  const after = await page.request.post(`${baseURL}/micro/library/web1.0/ReaderAccount/GetLoans`, { data: {}, headers: { authorization: `Bearer ${access}` } });
  expect(after.status()).toBe(401);
  expect(health.problems).toEqual([]);
});

test('/connect/oauth without a request explains itself; a stale request says so', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.goto(`${baseURL}/library/#/connect/oauth`);
  await expect(page.getByTestId('consent')).toContainText('征得你的同意');
  health.allow((url, status) => url.includes('/Connect/GetConsent') && status === 409);
  await page.goto(`${baseURL}/library/#/connect/oauth?uid=stale-request`);
  await expect(page.getByTestId('consent-error')).toContainText('已失效');
  expect(health.problems).toEqual([]);
});
