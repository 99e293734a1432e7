// Typing to results in the portal, in headless Chromium against a gateway holding the catalogue
// fixture (100,000 titles, 200,000 copies): a reader types into /search one key at a time, and we
// time from each keystroke (its event's timestamp) to the first animation frame in which the
// results of the words typed so far are on the screen (the list marked fresh for those words).
// That includes the box's 60 ms typing pause, the request, the search with its facets and the
// render. Each keystroke waits for its results before the next, as a reader reading along would.
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { refreshPlannerStatistics } from '../../src/gateway/db/planner-statistics.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { pct } from './percentile.ts';

async function timedKey(page: Page, key: string, expected: string): Promise<number> {
  await page.evaluate((want) => {
    const w = window as unknown as { benchKey?: Promise<number> };
    w.benchKey = new Promise<number>((resolve) => {
      let at: number | null = null;
      const onKey = (e: Event) => {
        at = e.timeStamp;
        window.removeEventListener('input', onKey, true);
      };
      // The box's input event: the moment the character is in it.
      window.addEventListener('input', onKey, true);
      const done = () => {
        const el = document.querySelector('[data-testid="search-results"]');
        return at != null && el?.getAttribute('data-key') === want && el.getAttribute('data-fresh') === 'true';
      };
      const seen = new MutationObserver(() => {
        if (!done()) return;
        seen.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - at!));
      });
      seen.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-key', 'data-fresh'] });
    });
  }, expected);
  await page.keyboard.type(key);
  return page.evaluate(() => Promise.race([
    (window as unknown as { benchKey: Promise<number> }).benchKey,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no results 10 s after the key')), 10_000)),
  ]));
}

/** Keystroke → results shown, in ms, for every key of a few words typed into the portal's box. */
export async function measurePortalTyping(root: string, titles = 100_000): Promise<{ times: number[]; titles: number }> {
  const t = await makeTestApp({ webRoot: join(root, 'out/renderer'), publicRateLimit: { max: 0, windowMs: 60_000, exemptLoopback: true } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const fixture = await generateCatalogueFixture(t.app.db, { titles });
    refreshPlannerStatistics(t.app.dbHandle);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const page = await browser.newPage({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const code = (await t.app.db.selectFrom('schools').select('code').where('id', '=', 1).executeTakeFirstOrThrow()).code;
    await page.goto(`${address}/library/#/search?school=${code}`);
    const box = page.getByTestId('portal-search-input');
    await box.waitFor();
    const words = [fixture.sample.initials, fixture.sample.zh, fixture.sample.en.toLowerCase(), fixture.sample.isbn.slice(0, 8), 'the'];
    const times: number[] = [];
    // Warm-up: the first search loads the results' chunk.
    await box.fill('a');
    await page.locator('[data-testid="search-results"][data-key="a"][data-fresh="true"]').waitFor();
    for (const w of words) {
      await box.fill('');
      await box.focus();
      let typed = '';
      for (const ch of w) {
        typed += ch;
        times.push(await timedKey(page, ch, typed));
      }
    }
    return { times, titles: fixture.titles };
  } finally {
    await browser.close();
    await t.close();
  }
}

if (import.meta.main) {
  const { times } = await measurePortalTyping(join(import.meta.dirname, '../..'), Number(process.argv[2] ?? 100_000));
  console.log({ keys: times.length, p50: pct(times, 0.5), p95: pct(times, 0.95) });
}
