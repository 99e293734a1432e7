import { chromium } from 'playwright-core';
import { signIn } from './test/support/sign-in.ts';
const base = 'http://127.0.0.1:5581';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
await signIn(page, base, 'admin', 'Admin@2026', '/entry-exit-records');
const go = (r: string) => page.evaluate((x) => { location.hash = `#${x}`; }, r);
const shots: Array<[string, () => Promise<void>]> = [
  ['records', async () => { await go('/entry-exit-records'); await page.waitForTimeout(1500); await page.getByTestId('kit-search').click(); await page.waitForTimeout(1500); }],
  ['records-gates', async () => { await page.getByTestId('gates-panel').scrollIntoViewIfNeeded(); await page.waitForTimeout(500); }],
  ['gate-form', async () => { await page.getByTestId('gate-add').click(); await page.waitForTimeout(800); }],
  ['alarm', async () => { await page.keyboard.press('Escape'); await go('/alarm-record'); await page.waitForTimeout(1500); await page.getByTestId('report-run').click(); await page.waitForTimeout(1500); }],
  ['stat', async () => { await go('/inoutstatistic'); await page.waitForTimeout(1500); await page.getByTestId('report-run').click(); await page.waitForTimeout(2500); }],
  ['stat-chart', async () => { await page.getByTestId('report-chart').scrollIntoViewIfNeeded(); await page.waitForTimeout(800); }],
];
for (const lang of ['zh', 'en']) {
  if (lang === 'en') { await go('/entry-exit-records'); await page.waitForTimeout(800); await page.getByTestId('language-en-US').click(); await page.waitForTimeout(1500); }
  for (const [name, prep] of shots) {
    await prep();
    await page.screenshot({ path: `/tmp/gate-work/${name}-${lang}.png` });
  }
}
await page.getByTestId('language-zh-CN').click();
await page.waitForTimeout(800);
const door = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
await door.goto(`${base}/library/embed#/inoutstatisticiframe?school=BJSY01`);
await door.waitForTimeout(3000);
await door.screenshot({ path: '/tmp/gate-work/door-zh.png' });
const doorEn = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
await doorEn.goto(`${base}/library/embed#/inoutstatisticiframe?school=BJSY01&branch=1`);
await doorEn.waitForTimeout(1500);
await doorEn.getByTestId('language-en-US').click().catch(() => undefined);
await doorEn.waitForTimeout(2000);
await doorEn.screenshot({ path: '/tmp/gate-work/door-en.png' });
await browser.close();
