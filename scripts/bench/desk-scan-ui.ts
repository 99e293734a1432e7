// Scan-to-row at the circulation desk, in headless Chromium against a gateway with test hooks on:
// a barcode scanner (a keyboard wedge: the code typed in a burst, then Enter) scans a book, and we
// time from the Enter keystroke (its event's timestamp) to the first animation frame after the
// book's row is in the page. At the borrow desk the row is the new loan in the reader's loans
// table (the reader opened by scanning their card first); at the return desk it is the book's line
// in the desk's log. Each scan is waited for before the next, so none queues behind another.
import { chromium, type Page } from 'playwright-core';
import { signIn } from '../../test/support/sign-in.ts';
import { gw, readerWithBooks, scan } from '../../test/support/gateway-fixtures.ts';
import { borrowRulesCalls } from '../../src/shared/api/borrow-rules.ts';
import type { GroupRow } from '../../src/shared/api/borrow-rules.ts';

const WARMUP = 2;

/**
 * Types `code` as a scanner does and resolves with the milliseconds from the Enter keydown to the
 * first frame in which `selector` matches. The watcher is armed in the page before the first key.
 */
async function timedScan(page: Page, code: string, selector: string): Promise<number> {
  await page.evaluate((sel) => {
    if (document.querySelector(sel)) throw new Error(`${sel} is there before the scan`);
    const w = window as unknown as { benchScan?: Promise<number> };
    w.benchScan = new Promise<number>((resolve) => {
      let enterAt: number | null = null;
      const onKey = (e: KeyboardEvent) => {
        if (e.key !== 'Enter') return;
        enterAt = e.timeStamp;
        window.removeEventListener('keydown', onKey, true);
      };
      window.addEventListener('keydown', onKey, true);
      const seen = new MutationObserver(() => {
        if (!document.querySelector(sel)) return;
        seen.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - enterAt!));
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
  }, selector);
  // delay 3 ms between keys: well inside the desk's 35 ms gap for a scanner burst (scanner-bursts.ts).
  await page.keyboard.type(code, { delay: 3 });
  await page.keyboard.press('Enter');
  return page.evaluate(() => Promise.race([
    (window as unknown as { benchScan: Promise<number> }).benchScan,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error('no row 10 s after the scan')), 10_000)),
  ]));
}

/**
 * `scans` books lent at /surrency/borrow to one reader (quota raised so none is refused), then the
 * same books returned at /surrency/return; two warm-up scans of each are not counted.
 */
export async function measureDeskScanUi(baseURL: string, scans = 50): Promise<{ borrow: number[]; ret: number[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, baseURL, 'admin', 'Admin@2026', '/surrency/borrow');
    const tag = String(Date.now()).slice(-6);
    const card = `RDB${tag}`;
    const { books } = await readerWithBooks(page, { card, name: `基准读者${tag}`, title: `基准测试书${tag}`, copies: scans + WARMUP });
    // The reader is in the small-class group (5 books): raise its quota so the bench measures lending, not refusals.
    const groups = await gw<{ List: GroupRow[] }>(page, borrowRulesCalls.getGroups, { Page: 1, Size: 50 });
    const small = groups.List.find((g) => g.Name === '小班借阅组')!;
    await gw(page, borrowRulesCalls.updateGroup, { ...small, MaxLoans: 1000, ByResourceType: small.ByResourceType.map((r) => ({ ...r, MaxLoans: 1000 })) });

    await page.reload();
    const borrowScreen = '[data-testid="screen-/surrency/borrow"]';
    await page.locator(`${borrowScreen} [data-testid="desk-scan"]`).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset.testid === 'desk-scan');
    await scan(page, card);
    await page.locator(`${borrowScreen} [data-testid="desk-reader-name"]`).waitFor();
    const borrow: number[] = [];
    for (const [i, b] of books.entries()) {
      const ms = await timedScan(page, b, `${borrowScreen} [data-testid="desk-loan-${b}"]`);
      if (i >= WARMUP) borrow.push(ms);
    }

    await page.evaluate(() => { location.hash = '#/surrency/return'; });
    const returnScreen = '[data-testid="screen-/surrency/return"]';
    await page.locator(`${returnScreen} [data-testid="desk-scan"]`).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.closest('[data-testid="screen-/surrency/return"]') != null);
    const ret: number[] = [];
    for (const [i, b] of books.entries()) {
      const ms = await timedScan(page, b, `${returnScreen} [data-testid="desk-entry-return"][data-barcode="${b}"]`);
      if (i >= WARMUP) ret.push(ms);
    }
    return { borrow, ret };
  } finally {
    await browser.close();
  }
}
