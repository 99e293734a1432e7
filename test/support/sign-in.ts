import type { Page, Response } from 'playwright-core';

/** Resolves with the next captcha challenge the SSO login page fetches. Call before navigating. */
export function nextCaptcha(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes('/Home/ImageCaptCha'));
}

/**
 * Completes the real SSO login page: account, password and the slider captcha, dragged with the
 * mouse to the gap. The gap is never sent to the browser, so the test asks the gateway's
 * test-only hook (present only with LIB_TEST_HOOKS=1) where it is.
 */
export async function completeSsoLogin(page: Page, baseURL: string, captcha: Promise<Response>, account: string, password: string) {
  const body = (await (await captcha).json()) as { data: { CaptchaID: string } };
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  const answer = await page.request.get(`${baseURL}/micro/test/captcha-answer?CaptchaID=${body.data.CaptchaID}`);
  const { X } = (await answer.json()) as { X: number };

  // Slider pixels = image pixels / (natural width / shown width).
  const scale = await page.locator('#captcha-bg').evaluate((img: HTMLImageElement) =>
    img.naturalWidth && img.clientWidth ? img.naturalWidth / img.clientWidth : 1,
  );
  const box = (await page.locator('#handle').boundingBox())!;
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  await page.mouse.move(x0 + X / scale / 2, y, { steps: 5 });
  await page.mouse.move(x0 + X / scale, y, { steps: 5 });
  await page.mouse.up();
}

/** Opens an admin route without a session, signs in through the SSO and lands back on it. */
export async function signIn(page: Page, baseURL: string, account: string, password: string, target = '/data-analysis') {
  const captcha = nextCaptcha(page);
  await page.goto(`${baseURL}/library/#${target}`);
  await completeSsoLogin(page, baseURL, captcha, account, password);
  await page.waitForURL((url) => url.hash.startsWith(`#${target}`), { timeout: 30_000 });
}
