import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The codes on the printer's output of a job (the file cups-pdf wrote for it): its pages
 * rasterised by pdftoppm, each page decoded by zbarimg alone (zbar misses some codes when given
 * many pages at once), the symbology prefix dropped.
 */
function printedCodes(job: { id: string }, opts: { dpi?: number; pages?: number } = {}): string[] {
  const file = readdirSync(OUT!).find((f) => f.startsWith(osTitle(job)));
  expect(file, `no output for print job ${job.id}`).toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), 'printed-'));
  try {
    const range = opts.pages ? ['-f', '1', '-l', String(opts.pages)] : [];
    execFileSync('pdftoppm', ['-r', String(opts.dpi ?? 200), ...range, '-png', join(OUT!, file!), join(dir, 'p')], { stdio: 'ignore' });
    const out = execFileSync('sh', ['-c', `for f in ${dir}/*.png; do zbarimg -q "$f" 2>/dev/null; done; true`], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).map((l) => l.replace(/^[A-Za-z0-9-]+:/, ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let rig: DesktopRig | undefined;
test.afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

test('barcode labels: scanned copies printed through CUPS, shown done in the print centre, every barcode decodes', async ({ page, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  // A sign-in of its own (not a handed-on session): it is the sign-in that tells main who may print.
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/collection', { fresh: true });
  const health = watchPage(page);
  const cells = page.getByTestId('list-copy').locator('[role="row"][data-id] [data-field="Barcode"]');
  await expect(cells.first()).toBeVisible();
  const barcodes = (await cells.allInnerTexts()).slice(0, 3).map((s) => s.trim());

  // Signing in told main who may print here (for the offline label station).
  await expect.poll(() => rig!.settings.get().station).toMatchObject({ name: '林书雅', school: '北京市第一实验学校' });
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
  expect(printedCodes(job).sort()).toEqual([...barcodes].sort());
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

test('label templates: a desk template made, checked against its page, calibrated through CUPS, exported and imported', async ({ page, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/print');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/print')).toHaveAttribute('data-status', 'built');

  await page.getByTestId('template-new-sheet').click();
  const dialog = page.getByTestId('template-dialog');
  await dialog.getByTestId('template-name').fill('书脊 4 × 12');
  await dialog.getByTestId('template-rows').fill('12');
  await dialog.getByTestId('template-cols').fill('5');
  await dialog.getByTestId('template-labelW').fill('48');
  await dialog.getByTestId('template-labelH').fill('22');
  await dialog.getByTestId('template-top').fill('10');
  await dialog.getByTestId('template-left').fill('8');
  await dialog.getByTestId('template-save').click();
  // 8 + 5 × 48 = 248 mm: wider than A4.
  await expect(dialog.getByTestId('template-problem')).toHaveText('“书脊 4 × 12”的标签排不下：边距、标签和间距合计超出了纸张的宽度或高度');
  await dialog.getByTestId('template-cols').fill('4');
  await dialog.getByTestId('template-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('template-row-书脊 4 × 12');
  await expect(row).toContainText('48 × 22 mm');
  await expect(row).toContainText('48');
  await row.getByLabel('水平偏移（毫米）').fill('1.5');
  await row.getByLabel('打印机').click();
  await page.getByRole('option', { name: PRINTER! }).click();
  await stillMotion(page);
  const findings = await scan(page, 'zh-CN /print (templates)');
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');

  // The calibration page: one numbered outline per label position, through the real spooler.
  await row.getByTestId('template-calibrate-书脊 4 × 12').click();
  await expect(page.getByTestId('template-message')).toHaveText('校准页已加入打印队列，见上方打印队列。');
  const job = rig.queue.list().at(-1)!;
  expect(job.labels).toBe(48);
  await expect(page.getByTestId(`print-state-${job.seq}`)).toHaveText('已完成', { timeout: 30_000 });
  const file = readdirSync(OUT!).find((f) => f.startsWith(osTitle(job)));
  expect(file).toBeTruthy();
  // The spooler turns text into pictures of glyphs (label-pdf.test.ts reads the numbers in our
  // own PDF); here the page is rasterised and the first label's corner found where the template
  // and the 1.5 mm offset put it: 9.5 mm from the left, 10 mm from the top.
  const dir = mkdtempSync(join(tmpdir(), 'calibration-'));
  try {
    execFileSync('pdftoppm', ['-r', '100', '-gray', '-singlefile', join(OUT!, file!), join(dir, 'page')], { stdio: 'ignore' });
    const pgm = readFileSync(join(dir, 'page.pgm'));
    const [w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!.slice(1).map(Number) as [number, number];
    const data = pgm.subarray(pgm.length - w * h);
    let top = h;
    let left = w;
    for (let y = 0; y < h / 4; y++) for (let x = 0; x < w / 4; x++) if (data[y * w + x]! < 128) { top = Math.min(top, y); left = Math.min(left, x); }
    expect(Math.abs(left - (9.5 / 25.4) * 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(top - (10 / 25.4) * 100)).toBeLessThanOrEqual(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Export, then import at "another desk" (the same browser after the styles are cleared).
  const download = page.waitForEvent('download');
  await page.getByTestId('template-export').click();
  const path = await (await download).path();
  await page.evaluate(() => localStorage.removeItem('lib.label-styles'));
  await page.reload();
  await expect(page.getByTestId('template-row-书脊 4 × 12')).toHaveCount(0);
  await page.getByTestId('template-import-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"templates": []}') });
  await expect(page.getByTestId('template-message')).toHaveText('该文件不是本系统导出的标签样式文件，未做任何更改');
  await page.getByTestId('template-import-file').setInputFiles(path);
  await expect(page.getByTestId('template-message')).toHaveText('已导入 1 个模板及其偏移量和打印机');
  await expect(page.getByTestId('template-row-书脊 4 × 12').getByLabel('水平偏移（毫米）')).toHaveValue('1.5');

  // The print screens offer it, with its offsets.
  await page.evaluate(() => { location.hash = '#/callnumprint/common'; });
  await page.getByLabel('标签纸').click();
  await page.getByRole('option', { name: '书脊 4 × 12' }).click();
  await expect(page.getByLabel('水平偏移（毫米）')).toHaveValue('1.5');
  await page.getByTestId('language-en-US').click();
  await page.evaluate(() => { location.hash = '#/print'; });
  await expect(page.getByRole('heading', { name: 'Label templates' })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});

test('pre-printing: a range reserved and printed at the desk through CUPS, the same range viewable without signing in, a typed range printed offline', async ({ page, browser, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/preprint');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/preprint')).toHaveAttribute('data-status', 'built');
  await page.getByTestId('preprint-count').fill('6');
  await page.getByLabel('备注').fill('e2e 预印');
  await page.getByTestId('preprint-reserve').click();
  await expect(page.getByTestId('preprint-message')).toContainText('已加入打印队列：6 张标签');
  const row = page.getByTestId('preprint-list').locator('tbody tr').first();
  await expect(row).toContainText('e2e 预印');
  const range = (await row.locator('td').nth(1).innerText()).split('–').map((s) => s.trim());
  const job = rig.queue.list().at(-1)!;
  await expect.poll(() => rig!.queue.list().find((j) => j.id === job.id)?.state, { timeout: 30_000 }).toBe('done');
  await stillMotion(page);
  const findings = await scan(page, 'zh-CN /preprint');
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');

  const decoded = printedCodes(job).sort();
  expect(decoded).toHaveLength(6);
  expect(decoded[0]).toBe(range[0]);
  expect(decoded[5]).toBe(range[1]);

  // The printable sheet, opened in a browser with no session at all.
  await row.getByRole('button', { name: '打印页' }).click();
  await expect(page.getByTestId('preprint-view-summary')).toContainText('6 张标签');
  const url = page.url();
  const anonymous = await browser.newContext();
  const other = await anonymous.newPage();
  await other.goto(url);
  await expect(other.getByTestId('preprint-view-summary')).toHaveText(`6 张标签，${range[0]} – ${range[1]}，共 1 页`);
  await expect(other.getByTestId('preprint-sheet')).toHaveCount(1);
  await expect(other.getByRole('img', { name: range[0] })).toBeVisible();
  await other.goto(url.replace(/token=[^&]+/, 'token=not-a-token'));
  await expect(other.getByTestId('preprint-view-error')).toHaveText('打印数据无效或已过期，请重新选择');
  await anonymous.close();

  // With the gateway out of reach, a typed range still prints (no gateway call).
  await page.goBack();
  await page.route('**/micro/**', (r) => r.abort());
  await page.getByTestId('typed-prefix').fill('pre-');
  await page.getByTestId('typed-width').fill('3');
  await page.getByTestId('typed-first').fill('998');
  await page.getByTestId('typed-count').fill('3');
  await expect(page.getByTestId('typed-summary')).toHaveText('条码段最后一个号码的位数超过了设定的位数');
  await expect(page.getByTestId('typed-print')).toBeDisabled();
  await page.getByTestId('typed-width').fill('4');
  await expect(page.getByTestId('typed-summary')).toHaveText('3 张标签：PRE-0998 – PRE-1000');
  await page.getByTestId('typed-print').click();
  await expect(page.getByTestId('typed-message')).toContainText('已加入打印队列：3 张标签');
  await page.unroute('**/micro/**');
  expect(health.problems.filter((p) => !p.includes('micro'))).toEqual([]);
});

test('batch labels (/pltplot) and scan-to-print (/callnumprint/plugin): copies found by class, spine and barcode jobs, one spine label per scan', async ({ page, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/pltplot');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/pltplot')).toHaveAttribute('data-status', 'built');
  await page.getByTestId('batch-filter-class').fill('h319');
  await page.getByTestId('batch-find').click();
  const found = page.getByTestId('batch-found');
  await expect(found).toContainText('找到');
  const [, total, first] = /找到 (\d+) 册：\s*(\S+)/.exec(await found.innerText())!;
  const count = Number(total);
  expect(count).toBeGreaterThan(0);
  await page.getByLabel('条码标签').check();
  await page.getByTestId('batch-print').click();
  await expect(page.getByTestId('batch-message')).toHaveCount(2);
  await expect(page.getByTestId('batch-message').first()).toHaveText(`书标：已加入打印队列：${count} 张`);
  await stillMotion(page);
  const findings = await scan(page, 'zh-CN /pltplot');
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');
  const [spineJob, barcodeJob] = rig.queue.list().slice(-2);
  expect(spineJob!.labels).toBe(count);
  await expect.poll(() => rig!.queue.list().find((j) => j.id === barcodeJob!.id)?.state, { timeout: 30_000 }).toBe('done');
  // The first sheet: 30 labels, each a barcode.
  expect(printedCodes(barcodeJob!, { pages: 1 })).toHaveLength(Math.min(30, count));

  // Scan-to-print on a roll: each scan one spine label.
  await page.evaluate(() => { location.hash = '#/callnumprint/plugin'; });
  await expect(page.getByTestId('screen-/callnumprint/plugin')).toHaveAttribute('data-status', 'built');
  await page.getByLabel('标签纸').click();
  await page.getByRole('option', { name: 'Roll 50 × 30 mm' }).click();
  await expect(page.getByTestId('scan-print-sheet-warning')).toHaveCount(0);
  const box = page.getByTestId('scan-print-box');
  const before = rig.queue.list().length;
  await box.fill(first!);
  await box.press('Enter');
  await expect(page.getByTestId('scan-print-list')).toContainText('书标已加入打印队列');
  await expect(box).toBeFocused();
  await box.fill('NO-SUCH-COPY');
  await box.press('Enter');
  await expect(page.getByTestId('scan-print-list').locator('li').first()).toContainText('这些条码都不在馆藏中');
  expect(rig.queue.list().length).toBe(before + 1);
  expect(rig.queue.list().at(-1)!.labels).toBe(1);
  // What the screen said follows a language switch.
  await page.getByTestId('language-en-US').click();
  await expect(page.getByTestId('scan-print-list').locator('li').first()).toContainText('None of these barcodes is in the collection');
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});

test('reader cards (/userprint): a class found, cards printed through CUPS on the CR80 template, every card number decodes from its QR code', async ({ page, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/userprint');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/userprint')).toHaveAttribute('data-status', 'built');
  await page.getByTestId('cards-search').fill('张');
  await page.getByTestId('cards-find').click();
  const rows = page.getByTestId('cards-list').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Three readers: all unticked, then the first three ticked.
  await page.getByLabel('全选').uncheck();
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    await rows.nth(i).click();
    numbers.push((await rows.nth(i).locator('td').nth(2).innerText()).trim());
  }
  await page.getByLabel('标签纸').click();
  await page.getByRole('option', { name: 'Card CR80 (85.6 × 54 mm)' }).click();
  await expect(page.getByTestId('cards-summary')).toContainText('已选 3 /');
  await stillMotion(page);
  const findings = await scan(page, 'zh-CN /userprint');
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');
  await page.getByTestId('cards-print').click();
  await expect(page.getByTestId('cards-message')).toHaveText('已加入打印队列：3 张读者证');
  const job = rig.queue.list().at(-1)!;
  await expect.poll(() => rig!.queue.list().find((j) => j.id === job.id)?.state, { timeout: 30_000 }).toBe('done');
  expect(printedCodes(job, { dpi: 300 }).sort()).toEqual([...numbers].sort());
  await page.getByTestId('language-en-US').click();
  await expect(page.getByTestId('cards-message')).toHaveText('Queued for printing: 3 cards');
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});

test('the offline label station: the remote gateway down, the desk opens on the print centre for the last printing user and still prints', async ({ page, baseURL }) => {
  test.skip(!PRINTER || !OUT, 'needs CUPS with a PDF printer: LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh)');
  let back = false;
  rig = await installDesktopBridge(page, `${baseURL}/library/`, 'admin', {
    offline: { user: { name: '林书雅', school: '北京市第一实验学校', at: '2026-11-26T07:00:00.000Z' }, since: '2026-11-26T08:00:00.000Z' },
    retry: async () => back,
  });
  // Every gateway call fails: nothing on this screen may need one.
  const calls: string[] = [];
  await page.route('**/micro/**', (r) => {
    calls.push(r.request().url());
    return r.abort();
  });
  await page.goto(`${baseURL}/library/`);
  await expect(page.getByTestId('offline-station')).toBeVisible();
  await expect(page.getByTestId('offline-station-banner')).toContainText('本机继续作为标签打印站工作');
  await expect(page.getByTestId('offline-station-banner')).toContainText('林书雅');
  await expect(page.getByRole('heading', { name: '打印中心' })).toBeVisible();
  await stillMotion(page);
  const findings = await scan(page, 'zh-CN offline label station');
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');

  await page.getByTestId('typed-prefix').fill('OFF-');
  await page.getByTestId('typed-width').fill('4');
  await page.getByTestId('typed-first').fill('1');
  await page.getByTestId('typed-count').fill('2');
  await page.getByTestId('typed-print').click();
  await expect(page.getByTestId('typed-message')).toContainText('已加入打印队列：2 张标签');
  const job = rig.queue.list().at(-1)!;
  await expect(page.getByTestId(`print-state-${job.seq}`)).toHaveText('已完成', { timeout: 30_000 });

  await page.getByTestId('offline-station-retry').click();
  await expect(page.getByTestId('offline-station-still-down')).toHaveText('服务器仍然无法连接。');
  await page.getByTestId('language-en-US').click();
  await expect(page.getByTestId('offline-station-banner')).toContainText('This computer goes on as a label station');
  back = true;
  await page.getByTestId('offline-station-retry').click();
  await expect(page.getByTestId('offline-station-still-down')).toHaveCount(0);
  expect(calls).toEqual([]);
});
