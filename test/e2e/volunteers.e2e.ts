import { expect, test, type Page } from '@playwright/test';
import { foldDownloadPanel } from '../support/download-panel.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';
import { volunteerCalls } from '../../src/shared/api/volunteers.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, scan } from '../support/gateway-fixtures.ts';

// /volunteer: register a reader as a volunteer for the current term, sign a duty in and out by
// scanning the card, and find the duty and the hours.

async function pickRef(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option }).first().click();
}

test('register a volunteer, sign a duty in and out by card, see it in the log and the hours', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/volunteer');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const card = `VL${tag}`;
  const name = `志愿者${tag}`;
  await gw(page, readerCalls.addReader, { Account: `e2evl${tag}`, Name: name, ReaderID: card, Identity: 'student', Phone: '13800000000' });
  await gw(page, volunteerCalls.addPost, { Name: `上架${tag}`, Sort: 1 });
  const terms = await gw<Array<{ ID: number; Name: string; IsCurrent: boolean }>>(page, volunteerCalls.getTermOptions, {});
  const term = terms.find((x) => x.IsCurrent) ?? terms[0]!;
  await page.reload();

  const screen = page.getByTestId('screen-/volunteer');
  await expect(screen.getByRole('heading', { level: 1, name: '志愿者管理' })).toBeVisible();
  await screen.getByTestId('crud-add').click();
  const dialog = page.getByTestId('kit-form-dialog');
  await dialog.getByTestId('field-ReaderID').fill(card);
  await pickRef(page, 'field-TermID', term.Name);
  await pickRef(page, 'field-PostID', `上架${tag}`);
  await dialog.getByTestId('kit-form-submit').click();
  await expect(dialog).toBeHidden();
  await screen.getByTestId('field-SearchKey').fill(card);
  await screen.getByTestId('kit-search').click();
  await expect(screen.getByRole('row', { name: new RegExp(card) })).toContainText(`上架${tag}`);

  await screen.getByTestId('tab-duties').click();
  await screen.getByTestId('duty-scan').focus();
  await scan(page, card);
  await expect(screen.getByTestId('duty-result')).toContainText(`${name} 开始值班`);
  await scan(page, card);
  await expect(screen.getByTestId('duty-result')).toContainText(`${name} 结束值班`);
  await screen.getByTestId('field-Reader').fill(card);
  await screen.getByTestId('kit-search').click();
  await expect(screen.getByTestId('list-volunteer-duty').getByRole('row', { name: new RegExp(card) })).toContainText(`上架${tag}`);

  await screen.getByTestId('tab-hours').click();
  await screen.getByTestId('field-SearchKey').fill(card);
  await screen.getByTestId('kit-search').click();
  await expect(screen.getByTestId('list-volunteer-hours').getByRole('row', { name: new RegExp(card) })).toContainText(term.Name);
  await foldDownloadPanel(page);
  await screen.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();
  expect(health.problems).toEqual([]);
});
