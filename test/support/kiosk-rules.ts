import { expect, type Page } from '@playwright/test';

/**
 * The kiosk's rules for what is on screen: every button and link at least 44 px high (the
 * on-screen keyboard's keys and a toast's close button included), and no link leaving the kiosk.
 */
export async function expectKioskRules(page: Page): Promise<void> {
  // Measured at rest: a toast or a dialog growing in is scaled down while its transition runs.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  const small = await page.evaluate(() => [...document.querySelectorAll('button, a, [role="button"]')]
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.height < 44; })
    // A toast's button names its message, so a failure says what appeared.
    .map((el) => [(el as HTMLElement).innerText || el.getAttribute('aria-label') || el.tagName, (el.closest('[data-testid="toast"]') as HTMLElement | null)?.innerText]
      .filter(Boolean).join(' in toast: ')));
  expect(small).toEqual([]);
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.filter((h) => !h.startsWith('#/guidescreen'))).toEqual([]);
}
