// Time from navigation to the home dashboard being interactive, in headless Chromium: a signed-in
// tab reloads #/data-analysis and we read performance.now() (ms since navigation start) at the
// moment the live figures are rendered from the gateway's data.
import { chromium } from 'playwright-core';
import { signIn } from '../../test/support/sign-in.ts';

export async function measureHomeInteractive(baseURL: string, runs = 7): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await signIn(page, baseURL, 'admin', 'Admin@2026');
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.reload();
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="figure-TitleCount"]')?.textContent ?? ''), undefined, { polling: 'raf', timeout: 30_000 });
      times.push(await page.evaluate(() => performance.now()));
    }
    return times;
  } finally {
    await browser.close();
  }
}
