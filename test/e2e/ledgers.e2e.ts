import { expect, test, type Page } from '@playwright/test';
import { ledgerCalls, type Balance, type LedgerOptions, type Summary } from '../../src/shared/api/ledgers.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw } from '../support/gateway-fixtures.ts';

// The accession registers (issue 11 §2): a seeded batch's register by copy shows the totals the
// gateway counts, its summary register closes on the same balance, an export starts as a job, the
// print view has the register's layout; then the weeding register in English.

const go = (page: Page, route: string) => page.evaluate((r) => { location.hash = `#${r}`; }, route);
const money = (v: number) => v.toFixed(2);

async function chooseBatch(page: Page, scope: ReturnType<Page['getByTestId']>, batchNo: string) {
  await scope.getByTestId('ledger-batches').fill(batchNo);
  await page.getByRole('option', { name: new RegExp(batchNo) }).first().click();
}

test('a seeded batch\'s registers add up, export and print; the weeding register in English', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/copybatch');
  const health = watchPage(page);
  const options = await gw<LedgerOptions>(page, ledgerCalls.options, { Ledger: 'copybatch' });
  // A demo batch (year-branch-number), accepted: the seed puts a share of the copies in each.
  const batch = options.Batches.find((b) => /^\d{4}-.+-0[12]$/.test(b.BatchNo) && b.State !== 'open')!;
  expect(batch).toBeTruthy();
  const expected = await gw<{ Totals: Balance }>(page, ledgerCalls.copies, { Ledger: 'copybatch', BatchIDs: [batch.ID], Rows: 1 });
  expect(expected.Totals.Copies).toBeGreaterThan(0);

  // 单批次按册账: choose the batch, show it, see the gateway's totals.
  const copies = page.getByTestId('screen-/copybatch');
  await expect(copies.getByRole('heading', { level: 1, name: '单批次按册账' })).toBeVisible();
  await chooseBatch(page, copies, batch.BatchNo);
  await copies.getByTestId('ledger-run').click();
  const totals = copies.getByTestId('ledger-totals');
  await expect(totals).toHaveText(`${expected.Totals.Titles} 种 · ${expected.Totals.Copies} 册 · 金额 ${money(expected.Totals.Value)} 元`);
  await expect(copies.getByTestId('ledger-grid').getByRole('row').nth(1)).toContainText(batch.BatchNo);
  // The export runs as a job in the download panel.
  await copies.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();

  // 财产总账 of the batch's year: the closing balance is the batch's copies (none weeded after the period).
  await go(page, '/ledger');
  const ledger = page.getByTestId('screen-/ledger');
  const year = batch.Day.slice(0, 4);
  await ledger.getByTestId('ledger-from').fill(`${year}-01-01`);
  await ledger.getByTestId('ledger-to').fill(`${year}-12-31`);
  await chooseBatch(page, ledger, batch.BatchNo);
  await ledger.getByTestId('ledger-run').click();
  const summary = await gw<Summary>(page, ledgerCalls.summary, { From: `${year}-01-01`, To: `${year}-12-31`, BatchIDs: [batch.ID] });
  const accession = ledger.getByTestId('ledger-line').first();
  await expect(accession).toContainText(batch.BatchNo);
  await expect(accession).toContainText(String(expected.Totals.Copies));
  await expect(accession).toContainText(money(expected.Totals.Value));
  const closing = ledger.getByTestId('ledger-closing');
  await expect(closing).toContainText('期末结存');
  await expect(closing).toContainText(String(summary.Closing.Copies));
  await expect(closing).toContainText(money(summary.Closing.Value));

  // The print view: the register's title on the page, the school, the closing line.
  await ledger.getByTestId('ledger-print-open').click();
  const print = page.getByTestId('ledger-print');
  await expect(print.getByRole('heading', { level: 2, name: '财产总账（总括登记账）' })).toBeVisible();
  await expect(print).toContainText(options.SchoolName);
  await expect(print).toContainText('期末结存');
  await page.getByTestId('ledger-print-close').click();

  // 剔旧账 in English: this year's weedings with their reasons.
  await go(page, '/weeding');
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const weeding = page.getByTestId('screen-/weeding');
  await expect(weeding.getByRole('heading', { level: 1, name: 'Weeding Ledger' })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await weeding.getByTestId('ledger-from').fill(`${Number(today.slice(0, 4)) - 1}-01-01`);
  await weeding.getByTestId('ledger-to').fill(today);
  await weeding.getByTestId('ledger-run').click();
  const weeded = await gw<{ Total: number; Totals: Balance }>(page, ledgerCalls.weeding, { From: `${Number(today.slice(0, 4)) - 1}-01-01`, To: today, Rows: 1 });
  await expect(weeding.getByTestId('ledger-totals')).toHaveText(`${weeded.Totals.Titles} titles · ${weeded.Totals.Copies} copies · value ${money(weeded.Totals.Value)}`);
  await expect(weeding.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(health.problems).toEqual([]);
});
