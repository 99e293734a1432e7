import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { makeBridgeTicket } from '../../src/gateway/sso/bridge-ticket-maker.ts';

// Sign-in from the school platform (/bridge): the administrator registers the platform's public
// key on /library/basic-info and checks a ticket there; a reader sent by the platform with a
// ticket lands in the portal signed in, without a password; the same ticket a second time is
// refused with the reason; the platform is deleted again (the database is shared by all tests).
test.use({ viewport: { width: 1440, height: 900 } });

test('a school platform signs a reader in to the portal with a one-time ticket', async ({ page, browser, baseURL }) => {
  const health = watchPage(page);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/library/basic-info');
  const section = page.getByTestId('bridge-platforms');
  await section.getByTestId('bridge-add').click();
  const name = `智慧校园 ${Date.now()}`;
  await page.getByTestId('bridge-name').fill(name);
  await page.getByTestId('bridge-key').fill('-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIDF/KXApm1WQkA1ozO2plDRIp2+k7zAcUYSUKx62PJZb\n-----END PRIVATE KEY-----');
  health.allow((url, status) => url.includes('/Connect/SaveBridgePlatform') && status === 400);
  await page.getByTestId('bridge-save').click();
  await expect(page.getByTestId('bridge-save-error')).toContainText('不是 Ed25519 公钥');
  await page.getByTestId('bridge-key').fill(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  await page.getByTestId('bridge-save').click();
  const row = section.locator('li', { hasText: name });
  await expect(row).toContainText('仅读者');
  const keyId = (await row.getByTestId('bridge-key-id').textContent())!.trim();
  expect(keyId).toMatch(/^bp-/);

  // The integrator's check: valid, and not used up by checking.
  const ticket = makeBridgeTicket(privateKey, { iss: keyId, aud: 'BJSY01', sub: 'student' });
  await section.getByTestId('bridge-check-ticket').fill(ticket);
  await section.getByTestId('bridge-check').click();
  await expect(section.getByTestId('bridge-check-result')).toContainText('李子轩');

  // The platform sends the reader: a browser with no session lands on the personal centre.
  const reader = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const readerPage = await reader.newPage();
  const readerHealth = watchPage(readerPage);
  await readerPage.goto(`${baseURL}/library/#/bridge?ticket=${ticket}&to=${encodeURIComponent('/search/personal')}`);
  await readerPage.waitForURL((u) => u.hash.startsWith('#/search/personal'), { timeout: 30_000 });
  await expect(readerPage.getByTestId('personal-centre')).toContainText('李子轩');
  // The ticket is not left in the history.
  await readerPage.goBack().catch(() => undefined);
  expect(readerPage.url()).not.toContain(ticket.slice(0, 40));
  expect(readerHealth.problems).toEqual([]);
  await reader.close();

  // The same ticket again: the SSO refuses it and says why.
  const replay = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const replayPage = await replay.newPage();
  await replayPage.goto(`${baseURL}/library/#/bridge?ticket=${ticket}`);
  await expect(replayPage.locator('body')).toContainText('该登录凭证已经用过', { timeout: 30_000 });
  await replay.close();

  await page.reload();
  await expect(row).toContainText('最近使用');
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(row).toHaveCount(0);
  expect(health.problems).toEqual([]);
});

test('/bridge without a ticket explains itself and offers the way in', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await page.goto(`${baseURL}/library/#/bridge`);
  await expect(page.getByTestId('bridge-idle')).toBeVisible();
  await expect(page.getByRole('link', { name: '打开检索门户' })).toBeVisible();
  await page.goto(`${baseURL}/library/#/bridge?ticket=not-a-ticket`);
  await expect(page.getByTestId('bridge-error')).toContainText('格式不正确');
  expect(health.problems).toEqual([]);
});
