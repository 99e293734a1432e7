import type { BrowserContext, Page, Response } from 'playwright-core';

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

interface CachedSession { at: number; cookies: Awaited<ReturnType<BrowserContext['cookies']>>; session: Record<string, string> }
/** Per worker: one real sign-in per account, then its session is handed to the next tests. */
const sessions = new Map<string, CachedSession>();
// Below the gateway's 15-minute access token, so a handed-on session never needs a refresh
// (a refresh rotates the token, and a second test refreshing the old one would be refused).
const REUSE_MS = 10 * 60_000;
const SEEDED = 'e2e.session-seeded';

/**
 * Opens an admin route signed in as `account`. The first call per account and worker completes
 * the real SSO page (account, password, slider captcha); later calls reuse that session: the SSO
 * cookie and the tab's sessionStorage are put into the new page before it loads. A test that signs
 * out, or that tests the sign-in itself, passes `{ fresh: true }` and gets a session of its own.
 */
export async function signIn(page: Page, baseURL: string, account: string, password: string, target = '/data-analysis', opts: { fresh?: boolean } = {}) {
  const cached = opts.fresh ? undefined : sessions.get(account);
  if (cached && Date.now() - cached.at < REUSE_MS) {
    await page.context().addCookies(cached.cookies);
    // Once per tab: after a sign-out or a reload the tab keeps what it has.
    await page.addInitScript(([entries, flag]) => {
      if (sessionStorage.getItem(flag)) return;
      for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
      sessionStorage.setItem(flag, '1');
    }, [cached.session, SEEDED] as const);
    await page.goto(`${baseURL}/library/#${target}`);
    await page.waitForURL((url) => url.hash.startsWith(`#${target}`), { timeout: 30_000 });
    return;
  }
  const captcha = nextCaptcha(page);
  await page.goto(`${baseURL}/library/#${target}`);
  await completeSsoLogin(page, baseURL, captcha, account, password);
  await page.waitForURL((url) => url.hash.startsWith(`#${target}`), { timeout: 30_000 });
  if (opts.fresh) return;
  // The app writes its session keys as it starts; wait for them before copying.
  await page.waitForFunction(() => Object.keys(sessionStorage).length > 0);
  const session = await page.evaluate(async () => {
    const entries = Object.fromEntries(Object.keys(sessionStorage).filter((k) => k !== 'lib.tabs').map((k) => [k, sessionStorage.getItem(k) ?? '']));
    // A desktop page's token is main's (window.lib.auth): its access token is enough for the reuse window.
    const auth = (window as unknown as { lib?: { auth?: { current(): Promise<{ ok: boolean; data: unknown }> } } }).lib?.auth;
    if (auth && !entries['lib.token']) {
      const current = await auth.current();
      if (current.ok && current.data) entries['lib.token'] = JSON.stringify(current.data);
    }
    return entries;
  });
  sessions.set(account, { at: Date.now(), cookies: await page.context().cookies(), session });
}
