import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// The foundation's main path: real SSO page with slider captcha → /data-analysis → language
// switch changes the shell → export job → the floating download panel reaches 100 % with a link.
test('sign in, switch language, export the reader list and download it', async ({ page, baseURL }) => {
  const health = watchPage(page);

  await signIn(page, baseURL!, 'admin', 'Admin@2026');
  await expect(page.getByTestId('screen-/data-analysis')).toBeVisible();
  await expect(page.getByTestId('school-name')).toHaveText('北京市第一实验学校');
  await expect(page.getByTestId('figure-TitleCount')).not.toHaveText('');

  // Language switch: the shell (school name, menu, tab titles) changes at once.
  const firstMenu = page.getByTestId('side-menu').locator('[data-testid^="menu-group-"]').first();
  const zhMenu = await firstMenu.innerText();
  await page.getByTestId('language-en-US').click();
  await expect(page.getByTestId('school-name')).toHaveText('Beijing No.1 Experimental School');
  await expect(firstMenu).not.toHaveText(zhMenu);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  // Remembered: a reload opens in English at once (the English shell strings are not bundled but
  // loaded before the first render).
  const englishMenu = await firstMenu.innerText();
  await page.reload();
  await expect(page.getByTestId('school-name')).toHaveText('Beijing No.1 Experimental School');
  await expect(firstMenu).toHaveText(englishMenu);

  // Export → panel polls until Progress equals DataCount → 100 % and an active link.
  await page.getByTestId('export-readers').click();
  const panel = page.getByTestId('download-panel');
  await expect(panel).toBeVisible();
  const row = panel.locator('[data-testid^="job-row-"]').first();
  await expect(row).toHaveAttribute('data-percent', '100', { timeout: 60_000 });
  const link = panel.locator('[data-testid^="job-download-"]').first();
  await expect(link).toBeVisible();
  // No lasting address in the page: the click asks for a single-use ticket, then the browser downloads.
  expect(await link.getAttribute('href')).toBeNull();
  const ticket = page.waitForResponse((r) => r.url().includes('/Download/GetTicket'));
  const download = page.waitForEvent('download');
  await link.click();
  const { data } = (await (await ticket).json()) as { data: { Url: string } };
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(readFileSync((await file.path())!).subarray(0, 2).toString()).toBe('PK');
  // The ticket is spent: the same address, even from this browser, serves nothing more.
  const again = await page.request.get(new URL(data.Url, page.url()).toString());
  expect(again.status()).toBe(401);

  expect(health.problems).toEqual([]);
});

test('a wrong password gets a clear message and no session', async ({ page, baseURL }) => {
  const captcha = page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));
  await page.goto(`${baseURL}/library/`);
  const body = (await (await captcha).json()) as { data: { CaptchaID: string } };
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill('wrong-password');
  const { X } = (await (await page.request.get(`${baseURL}/micro/test/captcha-answer?CaptchaID=${body.data.CaptchaID}`)).json()) as { X: number };
  const handle = page.locator('#handle');
  await handle.focus();
  // Keyboard path of the slider: Shift+→ moves 10 px, → 1 px, Enter submits.
  const scale = await page.locator('#captcha-bg').evaluate((img: HTMLImageElement) => img.naturalWidth / img.clientWidth);
  const px = Math.round(X / scale);
  for (let i = 0; i < Math.floor(px / 10); i++) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < px % 10; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.locator('#message')).toContainText('账号或密码');
  expect(page.url()).toContain('/sso/');
});
