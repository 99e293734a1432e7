import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { describe, FAILING, scan, stillMotion } from '../support/axe-scan.ts';
import { installDesktopBridge, type DesktopRig } from '../support/desktop-bridge.ts';
import { osTitle } from '../../src/main/printing/print-queue.ts';

// Barcode labels (issue 8) from the desk: scanned barcodes → the desktop app makes the PDF and
// queues it → a real CUPS prints it (a PDF printer) → the print centre shows it done, and every
// barcode on the printed page decodes. window.lib is backed by the real main-process handlers.
const PRINTER = process.env.LIB_TEST_PRINTER?.trim();
const OUT = process.env.LIB_TEST_PRINT_OUT?.trim();

let rig: DesktopRig | undefined;
test.afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

test('barcode labels: scanned copies printed through CUPS, shown done in the print centre, every barcode decodes', async ({ page, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/collection');
  const health = watchPage(page);
  const cells = page.getByTestId('list-copy').locator('[role="row"][data-id] [data-field="Barcode"]');
  await expect(cells.first()).toBeVisible();
  const barcodes = (await cells.allInnerTexts()).slice(0, 3).map((s) => s.trim());

  await page.evaluate(() => { location.hash = '#/barcodeprint'; });
  await expect(page.getByTestId('screen-/barcodeprint')).toHaveAttribute('data-status', 'built');
  await page.getByTestId('print-barcodes').fill([...barcodes, 'NOT-A-COPY'].join('\n'));
  await expect(page.getByTestId('print-summary')).toHaveText('标签 4 张 · 1 页');
  await page.getByLabel('打印机').click();
  await page.getByRole('option', { name: PRINTER! }).click();
  await page.getByTestId('print-go').click();
  await expect(page.getByTestId('print-result')).toContainText('已加入打印队列：3 张（1 个条码不在馆藏中）');

  await page.getByRole('link', { name: '查看打印中心' }).click();
  await expect(page.getByTestId('screen-/print')).toHaveAttribute('data-status', 'built');
  const job = rig.queue.list().at(-1)!;
  await expect(page.getByTestId(`print-state-${job.seq}`)).toHaveText('已完成', { timeout: 30_000 });
  await stillMotion(page);
  const findings = await scan(page, 'zh-CN /print (a job done)');
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');

  // What came out of the printer: one file for the job, its three barcodes readable.
  const file = readdirSync(OUT!).find((f) => f.startsWith(osTitle(job)));
  expect(file).toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), 'printed-'));
  try {
    execFileSync('pdftoppm', ['-r', '200', '-png', join(OUT!, file!), join(dir, 'p')], { stdio: 'ignore' });
    const decoded = execFileSync('sh', ['-c', `zbarimg -q ${dir}/*.png 2>/dev/null || true`], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(decoded.map((l) => l.replace(/^CODE-128:/, '')).sort()).toEqual([...barcodes].sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(health.problems).toEqual([]);
});

test('the print screens in a plain browser say the browser cannot print, in both languages', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/callnum-offprint');
  await expect(page.getByTestId('print-browser-note')).toHaveText('您的浏览器不支持此功能');
  await expect(page.getByTestId('print-go')).toBeDisabled();
  await page.getByTestId('language-en-US').click();
  await expect(page.getByRole('heading', { name: 'Spine labels from any position of a partly used sheet' })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
});
