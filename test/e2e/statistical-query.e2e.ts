import { expect, test } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { statisticalQueryCalls as C } from '../../src/shared/api/statistical-query.ts';
import { foldDownloadPanel, lastJobDone } from '../support/download-panel.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';
import { watchPage } from '../support/page-health.ts';
import { signIn } from '../support/sign-in.ts';

// /statistical-query (issue 11): the librarian's own question — loans of this school year, only
// one class, grouped by class — answered in a table and a chart, exported as a job through the
// download panel, kept in the address (a reload shows it again), and the same in English.

test('loans of this school year grouped by class: the table counts them, the export is a job, the link keeps the query', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/statistical-query');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);

  // A reader of our own in a class, who borrows two books now.
  const options = await gw<{ Classes: Array<{ ID: number; Name: string }> }>(page, C.options, {});
  const cls = options.Classes.find((c) => /年级\d+班$/.test(c.Name)) ?? options.Classes[0]!;
  const { userId, books } = await readerWithBooks(page, { card: `SQ${tag}`, name: `查询读者${tag}`, title: `统计查询书${tag}`, copies: 2, deptId: cls.ID });
  for (const b of books) await gw(page, circulationCalls.literatureCirc, { UserID: userId, Barcode: b });

  const screen = page.getByTestId('screen-/statistical-query');
  await expect(screen.getByRole('heading', { level: 1, name: '统计查询' })).toBeVisible();
  await screen.getByTestId('sq-subject-loans').click();
  await screen.getByRole('button', { name: '本学年' }).click();

  // Condition: class is ours.
  await screen.getByTestId('sq-add-all').click();
  const cond = screen.getByTestId('sq-all-0');
  await cond.getByRole('combobox', { name: '字段' }).click();
  await page.getByRole('option', { name: '班级', exact: true }).click();
  await cond.getByRole('combobox', { name: '值' }).click();
  await page.getByRole('option', { name: cls.Name, exact: true }).click();
  // Grouped by class, counting loans and readers.
  await screen.getByRole('combobox', { name: '分组维度一' }).click();
  await page.getByRole('option', { name: '班级/部门' }).click();
  await screen.getByTestId('sq-measure-Readers').check();
  await screen.getByTestId('sq-run').click();

  // The figures the gateway gives for the same question (its own tests check them against SQL); ours are among them.
  const from = await screen.getByTestId('sq-from').inputValue();
  const to = await screen.getByTestId('sq-to').inputValue();
  const expected = await gw<{ List: Array<{ Class: string; Loans: number; Readers: number }> }>(page, C.run, {
    Subject: 'loans', From: from, To: to, Conditions: [{ Field: 'klass', Op: 'eq', Values: [String(cls.ID)] }], GroupBy: ['Class'], Measures: ['Loans', 'Readers'],
  });
  expect(expected.List).toHaveLength(1);
  expect(expected.List[0]!.Loans).toBeGreaterThanOrEqual(2);
  const row = screen.getByTestId('sq-grid').getByRole('row', { name: new RegExp(cls.Name) });
  await expect(row).toBeVisible();
  const cells = await row.getByRole('gridcell').allInnerTexts();
  expect(cells.map((c) => c.replace(/,/g, ''))).toEqual([cls.Name, String(expected.List[0]!.Loans), String(expected.List[0]!.Readers)]);
  await expect(screen.getByTestId('report-chart')).toBeVisible();

  // Export: a job in the download panel.
  await foldDownloadPanel(page);
  await screen.getByTestId('kit-export').click();
  expect(await lastJobDone(page)).not.toBe('');

  // The query is in the address: a reload runs it again.
  expect(new URL(page.url().replace('#', '')).searchParams.get('q')).toContain('"GroupBy":["Class"]');
  await page.reload();
  await expect(screen.getByTestId('sq-grid').getByRole('row', { name: new RegExp(cls.Name) })).toBeVisible();

  // Saved for the school under a name, opened again from the list (it runs at once), then deleted.
  const name = `各班借阅${tag}`;
  await screen.getByTestId('sq-save').click();
  await page.getByTestId('sq-save-name').fill(name);
  await page.getByTestId('sq-save-confirm').click();
  await expect(page.getByText('查询已保存')).toBeVisible();
  await screen.getByTestId('sq-subject-readers').click();
  await screen.getByTestId('sq-saved').click();
  await page.getByRole('menuitem', { name: new RegExp(name) }).click();
  await expect(screen.getByTestId('sq-subject-loans')).toHaveAttribute('aria-pressed', 'true');
  await expect(screen.getByTestId('sq-grid').getByRole('row', { name: new RegExp(cls.Name) })).toBeVisible();
  await screen.getByTestId('sq-saved').click();
  await page.getByRole('button', { name: `删除 ${name}` }).click();
  await expect(page.getByText('已删除')).toBeVisible();
  await page.keyboard.press('Escape');

  // In English: the headers and the words of the builder.
  await page.getByTestId('language-en-US').click();
  await expect(screen.getByRole('heading', { level: 1, name: 'Statistical Query' })).toBeVisible();
  await expect(screen.getByRole('columnheader', { name: 'Class / department' })).toBeVisible();
  await expect(screen.getByRole('columnheader', { name: 'Loans' })).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Run query' })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});

test('a bad value is refused with a clear message, never a server error', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/statistical-query');
  const screen = page.getByTestId('screen-/statistical-query');
  await screen.getByTestId('sq-subject-copies').click();
  await screen.getByTestId('sq-add-all').click();
  const cond = screen.getByTestId('sq-all-1');
  await cond.getByRole('combobox', { name: '字段' }).click();
  await page.getByRole('option', { name: '中图法分类号' }).click();
  await cond.getByTestId('sq-all-1-value').fill('12');
  await screen.getByTestId('sq-run').click();
  // Checked before it is sent, naming the condition; the gateway refuses it the same way.
  await expect(screen.getByTestId('sq-problems')).toContainText('条件（全部满足）第 2 条（中图法分类号）：分类号应以字母开头');
  const refused = await gw(page, C.run, { Subject: 'copies', From: '2026-01-01', To: '2026-01-31', Conditions: [{ Field: 'clc', Op: 'startsWith', Values: ['12'] }] }).then(() => '', (e: Error) => e.message);
  expect(refused).toMatch(/分类号应以字母开头/);
});
