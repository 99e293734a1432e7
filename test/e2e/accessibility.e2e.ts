import { expect, test, type Page } from '@playwright/test';
import { screenRegistry } from '../../src/renderer/app/screen-registry.ts';
import { signIn } from '../support/sign-in.ts';
import { describe, FAILING, scan, settle, stillMotion, tally, type Finding } from '../support/axe-scan.ts';

// axe-core on every built route in both languages (signed in once, as the demo administrator who
// may open every admin screen), on the built pages that open without a session, and on the kit's
// dialogs; any serious or critical violation fails, listed with route, rule and node targets.
// The screen registry says which routes are built (and the frame's data-status must agree), so a
// screen is held to this the moment it is built, with no list to update here.
const LANGS = ['zh-CN', 'en-US'] as const;
const BOUNCING = new Set(['/auth', '/redirect']); // with a session these go on to /data-analysis
// Without a session these start the SSO sign-in (another page, scanned by its own suite).
const LEAVES_APP = new Set(['/auth', '/searchauth']);

// Planned screens are one shared component (PlannedScreen) inside their area's layout: the first
// of each area (admin shell, public, portal, guide), in Chinese, keeps them honest without
// scanning 190 copies of the same notice.
function withPlannedSample<T extends { status: string; area: string }>(entries: readonly T[]): T[] {
  const areas = new Set<string>();
  return entries.filter((e) => e.status === 'built' || (!areas.has(e.area) && areas.add(e.area)));
}
const signedIn = withPlannedSample(screenRegistry.filter((e) => !BOUNCING.has(e.path)));
const noSession = withPlannedSample(screenRegistry.filter((e) => !e.login && !LEAVES_APP.has(e.path)));

/** Opens a route by hash, checks its status against the registry, waits for its data and scans it. */
async function scanRoute(page: Page, e: (typeof screenRegistry)[number], where: string, findings: Finding[]): Promise<void> {
  await go(page, e.path);
  const root = page.getByTestId(`screen-${e.path}`);
  await expect(root, where).toBeVisible();
  await expect(root, where).toHaveAttribute('data-status', e.status);
  await settle(page);
  findings.push(...(await scan(page, `${where}${e.status === 'planned' ? ' (planned)' : ''}`)));
}

function report(findings: readonly Finding[], scanned: number) {
  const failing = findings.filter((f) => FAILING.has(f.impact));
  const figures = [...tally(findings)].map(([w, s]) => `  ${w}: ${s}`).join('\n');
  console.log(`axe: ${scanned} page states scanned, ${failing.length} findings${figures ? `\n${figures}` : ''}`);
  expect(describe(failing), 'axe violations of any impact (route, rule [impact] ×nodes: targets)').toBe('');
}

async function go(page: Page, path: string) {
  await page.evaluate((p) => { location.hash = `#${p}`; }, path);
}

async function switchLanguage(page: Page, lang: string) {
  await go(page, '/data-analysis');
  await expect(page.getByTestId('screen-/data-analysis')).toBeVisible();
  const button = page.getByTestId(`language-${lang}`);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The kit's CRUD screen with its dialogs open: entry form, import, detail drawer, delete confirm. */
async function scanCrudDialogs(page: Page, lang: string): Promise<Finding[]> {
  const out: Finding[] = [];
  const at = (what: string) => `${lang} /user-transfer (${what})`;
  await go(page, '/user-transfer');
  await expect(page.getByTestId('crud-reader')).toBeVisible();
  await settle(page);

  await page.getByTestId('crud-add').click();
  await expect(page.getByTestId('kit-form-dialog')).toBeVisible();
  await settle(page);
  out.push(...(await scan(page, at('add dialog'))));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

  await page.getByTestId('kit-import').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  out.push(...(await scan(page, at('import dialog'))));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const first = page.getByRole('row').nth(1);
  await first.getByRole('gridcell').first().click();
  await expect(page.getByTestId('kit-detail')).toBeVisible();
  await settle(page);
  out.push(...(await scan(page, at('detail'))));
  await page.getByTestId('kit-detail-close').click();
  await expect(page.getByTestId('kit-detail')).toBeHidden();

  // A reader with loans cannot be deleted (disabled button); any other one opens the confirm.
  await page.locator('[data-testid^="crud-delete-"]:not([disabled])').first().click();
  await expect(page.getByTestId('kit-confirm')).toBeVisible();
  out.push(...(await scan(page, at('delete confirm'))));
  await page.getByTestId('kit-confirm-cancel').click();
  await expect(page.getByTestId('kit-confirm')).toBeHidden();
  return out;
}

// One test per language, each with time in proportion to the routes it scans (about 0.6 s a
// route on an idle 2-core machine; three times that on a busy one): the suite grows with every
// screen built and must not fail for being larger.
for (const lang of LANGS) {
  test(`axe: every built route signed in, ${lang}, and the kit dialogs`, async ({ page, baseURL }) => {
    test.setTimeout(60_000 + signedIn.length * 2_000);
    await signIn(page, baseURL!, 'admin', 'Admin@2026');
    await stillMotion(page);
    const findings: Finding[] = [];
    let scanned = 0;
    await switchLanguage(page, lang);
    for (const [i, e] of signedIn.entries()) {
      if (e.status === 'planned' && lang !== 'zh-CN') continue;
      // The tab strip grows with every visit; trimming it keeps the pages comparable.
      if (i % 20 === 0) await page.evaluate(() => sessionStorage.removeItem('lib.tabs'));
      await scanRoute(page, e, `${lang} ${e.path}`, findings);
      scanned += 1;
    }
    const dialogs = await scanCrudDialogs(page, lang);
    findings.push(...dialogs);
    scanned += 4;
    report(findings, scanned);
  });
}

test('axe: the built pages that open without a session, zh-CN and en-US', async ({ browser, baseURL }) => {
  test.setTimeout(60_000 + noSession.length * 2 * 2_000);
  const findings: Finding[] = [];
  let scanned = 0;
  for (const lang of LANGS) {
    const context = await browser.newContext({ locale: lang, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto('/library/#/404');
    await expect(page.getByTestId('screen-/404')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await stillMotion(page);
    // The portal and the kiosk ask for the school first (a fresh device), then remember it.
    await go(page, '/search');
    await expect(page.getByTestId('school-picker')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, `${lang} /search (school picker, no session)`)));
    scanned += 1;
    await go(page, '/search?school=BJSY01');
    await expect(page.getByTestId('portal-school-name')).not.toHaveText('');
    for (const e of noSession) {
      if (e.status === 'planned' && lang !== 'zh-CN') continue;
      await scanRoute(page, e, `${lang} ${e.path} (no session)`, findings);
      scanned += 1;
    }
    await context.close();
  }
  report(findings, scanned);
});
