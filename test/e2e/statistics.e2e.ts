import { expect, test, type Page } from '@playwright/test';
import { statisticsCalls } from '../../src/shared/api/statistics.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';

// The demo school keeps China's time (UTC+8) and so does a school's browser: the forms' default
// "today" is the browser's day, the gateway counts days in the school's. A browser left on UTC
// would end the period a day early between 16:00 and 24:00 UTC, before a reader registered now.
test.use({ timezoneId: 'Asia/Shanghai' });

// The statistics of issue 11 §1: each report runs with its default period and shows its table;
// a new reader who borrowed nothing is on their class's zero-borrowing list, which prints; the
// CLC report sets the collection beside the regulation, in Chinese and in English; a head
// teacher sees only their own class.

const go = (page: Page, route: string) => page.evaluate((r) => { location.hash = `#${r}`; }, route);

async function run(page: Page, route: string, rows = true) {
  await go(page, route);
  const screen = page.getByTestId(`screen-${route}`);
  await screen.getByTestId('report-run').click();
  const grid = screen.getByTestId('report-grid');
  await expect(rows ? grid.getByRole('row').nth(1) : grid).toBeVisible();
  return screen;
}

test('the CLC structure beside the regulation, every report, and a class\'s zero-borrowing list printed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/data-report/classify5');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const classes = await gw<Array<{ ID: number; Name: string }>>(page, statisticsCalls.getOptions, { Kind: 'dept' });
  const cls = classes.find((c) => /年级\d+班$/.test(c.Name))!;
  const name = `零借阅${tag}`;
  await readerWithBooks(page, { card: `ZB${tag}`, name, title: `统计测试书${tag}`, copies: 1, deptId: cls.ID });

  // 五大部类: the five parts, the per-student figure against the regulation, the chart, the export.
  const c5 = await run(page, '/data-report/classify5');
  await expect(c5.getByRole('heading', { level: 1, name: '中图法五大部类统计' })).toBeVisible();
  await expect(c5.getByTestId('classify-per-student')).toContainText('规程要求不少于');
  await expect(c5.getByTestId('report-grid').getByRole('row', { name: /社会科学/ })).toBeVisible();
  await expect(c5.getByTestId('report-chart')).toBeVisible();
  await c5.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();

  const c22 = await run(page, '/data-report/classify22');
  await expect(c22.getByTestId('report-grid').getByRole('row', { name: /^I 文学/ })).toBeVisible();

  // 零借阅读者 of the new reader's class: they are on it, and the list prints.
  await go(page, '/zero-borrow-person');
  const zp = page.getByTestId('screen-/zero-borrow-person');
  await zp.getByRole('combobox', { name: '部门/班级' }).click();
  await page.getByTestId(`option-DeptID-${cls.ID}`).click();
  await zp.getByTestId('report-run').click();
  await expect(zp.getByTestId('report-grid').getByRole('row', { name: new RegExp(name) })).toContainText(cls.Name);
  // The print dialog is the browser's: kept shut here, so the sheet stays for the test to read.
  await page.evaluate(() => { window.print = () => undefined; });
  await zp.getByTestId('report-print').click();
  const print = page.getByTestId('report-print-sheet');
  await expect(print).toContainText(name);
  await expect(print).toContainText(cls.Name);

  // The other reports run on the demo data.
  for (const route of ['/zero-borrow-book', '/dept-borrowstatistic', '/class-borrowstatistic', '/collection-statistic', '/resourcecicr', '/circulate-statistic']) {
    const s = await run(page, route);
    if (route !== '/zero-borrow-book') await expect(s.getByTestId('report-chart')).toBeVisible();
  }
  const cb = page.getByTestId('screen-/circulate-statistic');
  await expect(cb.getByRole('columnheader', { name: '借阅次数' })).toBeVisible();

  // In English.
  await go(page, '/data-report/classify5');
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const en = page.getByTestId('screen-/data-report/classify5');
  await expect(en.getByRole('heading', { level: 1, name: 'Collection by the five CLC parts' })).toBeVisible();
  await en.getByTestId('report-run').click();
  await expect(en.getByTestId('classify-per-student')).toContainText('per student');
  await expect(en.getByTestId('report-grid').getByRole('row', { name: /Natural sciences/ })).toBeVisible();
  await page.getByTestId('language-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(health.problems).toEqual([]);
});

test('a head teacher sees only their own class', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'teacher', 'Teacher@2026', '/class-borrowstatistic', { fresh: true });
  const classes = await gw<Array<{ ID: number; Name: string }>>(page, statisticsCalls.getOptions, { Kind: 'dept' });
  expect(classes).toHaveLength(1);
  const screen = await run(page, '/class-borrowstatistic');
  const rows = screen.getByTestId('report-grid').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(classes[0]!.Name.replace(/^.*年级/, ''));
  // Their class's list (it may be empty: every student of the demo class borrows).
  await run(page, '/zero-borrow-person', false);
  const data = await gw<{ List: Array<{ ClassName: string }> }>(page, statisticsCalls.zeroBorrowReaders, { From: '2026-01-01', To: '2026-12-31', Page: 1, Rows: 1000 });
  expect([...new Set(data.List.map((r) => r.ClassName))].every((c) => c === classes[0]!.Name)).toBe(true);
});
