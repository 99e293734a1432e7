import { expect, test } from '@playwright/test';
import { foldDownloadPanel } from '../support/download-panel.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';
import { signRecordCalls } from '../../src/shared/api/sign-records.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, scan } from '../support/gateway-fixtures.ts';

// /signrecord: a reader scans their card at the station (a scanner burst, keyboard only), a second
// scan is told as a repeat and not counted; the visit is then found in the list with its counts.

test('a reader signs in by card once; the repeat is told; the visit is in the list and the counts', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/signrecord');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const card = `SG${tag}`;
  const depts = await gw<Array<{ ID: number; Name: string }>>(page, signRecordCalls.getDeptOptions, {});
  const cls = depts.find((d) => /年级\d+班$/.test(d.Name))!;
  await gw(page, readerCalls.addReader, { Account: `e2esg${tag}`, Name: `签到读者${tag}`, ReaderID: card, Identity: 'student', Phone: '13800000000', DeptID: cls.ID });
  await page.reload();

  const screen = page.getByTestId('screen-/signrecord');
  await expect(screen.getByRole('heading', { level: 1, name: '签到记录' })).toBeVisible();
  await expect(screen.getByTestId('sign-branch')).not.toHaveValue('');
  await screen.getByTestId('sign-scan').focus();
  await scan(page, card);
  await expect(screen.getByTestId('sign-entry-counted')).toContainText(`签到读者${tag} 签到成功`);
  await expect(screen.getByTestId('sign-entry-counted')).toContainText(cls.Name);
  // The box keeps the focus for the next card.
  await expect(screen.getByTestId('sign-scan')).toBeFocused();
  await scan(page, card);
  await expect(screen.getByTestId('sign-entry-already')).toContainText('不重复计数');
  await expect(screen.getByTestId('sign-count')).toContainText('1');

  await screen.getByTestId('tab-list').click();
  await screen.getByTestId('field-Reader').fill(card);
  await screen.getByTestId('kit-search').click();
  const row = screen.getByTestId('list-sign-record').getByRole('row', { name: new RegExp(card) });
  await expect(row).toContainText(cls.Name);
  await expect(row).toContainText('学生');
  await expect(screen.getByTestId('sign-stats-total')).toContainText('签到人次 1 · 签到人数 1');
  await expect(screen.getByTestId('sign-stats-class')).toContainText(cls.Name);
  await foldDownloadPanel(page);
  await screen.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();
  expect(health.problems).toEqual([]);
});
