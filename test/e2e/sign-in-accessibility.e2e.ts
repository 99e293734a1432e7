import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox } from '../support/login-code.ts';
import { watchPage } from '../support/page-health.ts';

// The SSO sign-in page must be usable without seeing the puzzle: axe finds no serious or critical
// violation in either language and either human check, and a keyboard-only user signs in with a
// code e-mailed to the account (read here from the gateway's outbox; no SMTP in the e2e run).

const LANGS = ['zh-CN', 'en-US'] as const;

/** Opens the admin app without a session and lands on the SSO page, in `lang`, captcha loaded. */
async function openSignIn(page: Page, baseURL: string, lang: (typeof LANGS)[number]) {
  const captcha = page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));
  await page.goto(`${baseURL}/library/`);
  await captcha;
  await expect(page.locator('#account')).toBeVisible();
  if (lang !== 'zh-CN') {
    const again = page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));
    await page.locator('a.lang').click();
    await again;
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('#captcha-bg')).toHaveAttribute('src', /^data:image\/png/);
}

async function seriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  // Every finding is printed (the figures of the report); serious and critical ones fail.
  console.log(`axe ${label}: ${violations.length ? violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ') : 'no violations'}`);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

for (const lang of LANGS) {
  test(`sign-in page passes axe with the slider and with the e-mail code (${lang})`, async ({ page, baseURL }) => {
    await openSignIn(page, baseURL!, lang);
    expect(await seriousViolations(page, `${lang} slider`)).toEqual([]);

    await page.locator('#use-code').click();
    await expect(page.locator('#code-panel')).toBeVisible();
    await expect(page.locator('#captcha-panel')).toBeHidden();
    expect(await seriousViolations(page, `${lang} code`)).toEqual([]);

    // With an error and a notice showing (the live regions filled, the send button counting down).
    await page.locator('#code-submit').click();
    await expect(page.locator('#message')).not.toBeEmpty();
    expect(await seriousViolations(page, `${lang} code, error shown`)).toEqual([]);
    await page.locator('#account').fill(`nobody-${lang}`);
    await page.locator('#send-code').click();
    await expect(page.locator('#status')).toContainText(lang === 'zh-CN' ? '若该账号登记了邮箱' : 'If this account has a registered e-mail');
    await expect(page.locator('#send-code')).toBeDisabled();
    expect(await seriousViolations(page, `${lang} code, sent`)).toEqual([]);

    // And back: the slider returns with a fresh challenge, its handle focused.
    const fresh = page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));
    await page.locator('#use-slider').click();
    await fresh;
    await expect(page.locator('#captcha-panel')).toBeVisible();
    await expect(page.locator('#handle')).toBeFocused();
  });
}

test('a keyboard-only user signs in with a code e-mailed to the account', async ({ page, baseURL }) => {
  const health = watchPage(page);
  await openSignIn(page, baseURL!, 'zh-CN');
  const account = page.locator('#account');
  await expect(account).toBeFocused();
  await page.keyboard.type('librarian');
  await page.keyboard.press('Tab');
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type('Library@2026');
  // The alternative comes before the slider in tab order.
  await page.keyboard.press('Tab');
  const useCode = page.locator('#use-code');
  await expect(useCode).toBeFocused();
  await expect(useCode).toHaveAccessibleName('拼图有困难？改用邮箱验证码');
  await page.keyboard.press('Enter');
  await expect(page.locator('#status')).toContainText('已切换到邮箱验证码');
  await expect(page.locator('#send-code')).toBeFocused();

  const since = Date.now() - 1000;
  await page.keyboard.press('Enter');
  await expect(page.locator('#status')).toHaveText('若该账号登记了邮箱，验证码已发送，请查收邮件（10 分钟内有效）');
  const codeField = page.locator('#email-code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAccessibleName('邮箱验证码');
  const code = await codeFromOutbox('librarian@bjsy01.example', since);

  // A wrong code first: the same message as a wrong password, announced in the alert region.
  health.allow((url, status) => url.includes('/Home/Login') && status === 409);
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');

  await codeField.fill('');
  await codeField.focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.hash.startsWith('#/data-analysis'), { timeout: 30_000 });
  await expect(page.getByTestId('screen-/data-analysis')).toBeVisible();
  // The browser logs the refused attempt's 409 itself; nothing else may show up.
  expect(health.problems.filter((p) => !(p.startsWith('console:') && p.includes('409') && p.includes('/Home/Login')))).toEqual([]);
});
