import { expect, test } from '@playwright/test';
import { circulationRecordCalls } from '../../src/shared/api/circulation-records.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';
import { recommendationCalls } from '../../src/shared/api/recommendations.ts';
import { foldDownloadPanel, lastJobDone } from '../support/download-panel.ts';
import { gw } from '../support/gateway-fixtures.ts';
import { watchPage } from '../support/page-health.ts';
import { signIn } from '../support/sign-in.ts';

// /statistical-purchasing (issue 11): three readers of one class and a teacher ask for a new book;
// the report counts them under the class's learning stage and under "other readers", charts the
// page and exports the same as .xlsx; then in English.

test('purchase suggestions are counted by learning stage, charted and exported', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/statistical-purchasing');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const classes = await gw<Array<{ ID: number; Name: string }>>(page, circulationRecordCalls.getDeptOptions, {});
  const cls = classes.find((c) => /年级\d+班$/.test(c.Name))!;
  const title = `学段统计书${tag}`;
  for (let i = 1; i <= 3; i++) {
    const card = `SP${tag}${i}`;
    await gw(page, readerCalls.addReader, { Account: `e2esp${tag}${i}`, Name: `学段读者${tag}${i}`, ReaderID: card, Identity: 'student', Phone: '13800000000', DeptID: cls.ID });
    await gw(page, recommendationCalls.addForReader, { ReaderID: card, Title: title, Author: '统计作者' });
  }
  await gw(page, readerCalls.addReader, { Account: `e2esp${tag}t`, Name: `学段教师${tag}`, ReaderID: `SP${tag}T`, Identity: 'teacher', Phone: '13800000000' });
  await gw(page, recommendationCalls.addForReader, { ReaderID: `SP${tag}T`, Title: title, Author: '统计作者' });

  const screen = page.getByTestId('screen-/statistical-purchasing');
  await expect(screen.getByRole('heading', { level: 1, name: '采购统计' })).toBeVisible();
  await screen.getByTestId('field-SearchKey').fill(title);
  await screen.getByTestId('report-run').click();
  const row = screen.getByTestId('report-grid').getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  // 4 readers asked: 3 of one stage, 1 teacher (no stage); none held yet.
  const cells = await row.getByRole('gridcell').allInnerTexts();
  const numbers = cells.slice(3).map(Number);
  expect(numbers.slice(0, 3).sort()).toEqual([0, 0, 3]);
  // Other, asked, pending, bought.
  expect(numbers.slice(3, 7)).toEqual([1, 4, 4, 0]);
  await expect(screen.getByTestId('report-chart')).toBeVisible();

  await foldDownloadPanel(page);
  await screen.getByTestId('kit-export').click();
  expect(await lastJobDone(page)).not.toBe('');

  await page.getByTestId('language-en-US').click();
  await expect(screen.getByRole('heading', { level: 1, name: 'Purchase Statistics' })).toBeVisible();
  await expect(screen.getByRole('columnheader', { name: 'Junior secondary' })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});
