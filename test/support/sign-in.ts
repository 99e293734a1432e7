import type { Page } from 'playwright-core';

/**
 * Signs in through the real SSO login page: account, password and the slider captcha, dragged
 * with the mouse to the gap position. The gap is never sent to the browser, so the test asks the
 * gateway's test-only hook (present only with LIB_TEST_HOOKS=1) where it is.
 */
export async function signIn(page: Page, baseURL: string, account: string, password: string, target = '/data-analysis') {
  const captcha = page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));
  await page.goto(`${baseURL}/library/#${target}`);
  const body = (await (await captcha).json()) as { data: { CaptchaID: string } };
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  const answer = await page.request.get(`${baseURL}/micro/test/captcha-answer?CaptchaID=${body.data.CaptchaID}`);
  const { X } = (await answer.json()) as { X: number };

  // Slider pixels = image pixels / (natural width / shown width).
  const scale = await page.locator('#captcha-bg').evaluate((img: HTMLImageElement) =>
    img.naturalWidth && img.clientWidth ? img.naturalWidth / img.clientWidth : 1,
  );
  const handle = page.locator('#handle');
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  await page.mouse.move(x0 + X / scale / 2, y, { steps: 5 });
  await page.mouse.move(x0 + X / scale, y, { steps: 5 });
  await page.mouse.up();
  await page.waitForURL((url) => url.hash.startsWith(`#${target}`), { timeout: 30_000 });
}
