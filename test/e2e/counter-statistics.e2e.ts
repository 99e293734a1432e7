import { expect, test } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { operationLogCalls } from '../../src/shared/api/operation-log.ts';
import { foldDownloadPanel, lastJobDone } from '../support/download-panel.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';
import { watchPage } from '../support/page-health.ts';
import { signIn } from '../support/sign-in.ts';

// /counter-statistics (issue 11): the admin lends two books and returns one at the desk's call;
// the report counts them on the admin's line, charts it and exports; then in English.

test('a desk’s loans and returns are counted per workstation and staff member', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/counter-statistics');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const { userId, books } = await readerWithBooks(page, { card: `CS${tag}`, name: `柜台读者${tag}`, title: `柜台统计书${tag}`, copies: 2 });
  const screen = page.getByTestId('screen-/counter-statistics');
  await expect(screen.getByRole('heading', { level: 1, name: '工作量统计' })).toBeVisible();
  // Per staff member: one line for the admin, whichever address the calls came from.
  await screen.getByRole('combobox', { name: '统计方式' }).click();
  await page.getByTestId('option-GroupBy-staff').click();
  // The admin's figures so far (other tests lend as the admin too), through the same call.
  const mine = async () => (await gw<Array<{ UserAccount: string; Borrow: number; Return: number; Total: number }>>(page, operationLogCalls.counterStatistics, { GroupBy: 'staff', User: 'admin' }))
    .find((r) => r.UserAccount === 'admin') ?? { Borrow: 0, Return: 0, Total: 0 };
  const before = await mine();
  for (const b of books) await gw(page, circulationCalls.literatureCirc, { UserID: userId, Barcode: b });
  await gw(page, circulationCalls.literatureReturn, { Barcode: books[0] });
  await screen.getByTestId('field-User').fill('admin');
  await screen.getByTestId('report-run').click();
  const row = screen.getByTestId('report-grid').getByRole('row', { name: /admin/ });
  await expect(row).toBeVisible();
  // Loans, returns, renewals, undos, refusals, total.
  const cells = (await row.getByRole('gridcell').allInnerTexts()).slice(3, 9).map(Number);
  expect([cells[0], cells[1], cells[5]]).toEqual([before.Borrow + 2, before.Return + 1, before.Total + 3]);
  await expect(screen.getByTestId('report-chart')).toBeVisible();

  await foldDownloadPanel(page);
  await screen.getByTestId('kit-export').click();
  expect(await lastJobDone(page)).not.toBe('');

  await page.getByTestId('language-en-US').click();
  await expect(screen.getByRole('heading', { level: 1, name: 'Workload Statistics' })).toBeVisible();
  await expect(screen.getByRole('columnheader', { name: 'Loans' })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});
