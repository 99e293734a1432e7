import { expect, test, type Page } from '@playwright/test';
import { searchCalls } from '../../src/shared/api/search.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw } from '../support/gateway-fixtures.ts';

// /search-mana: a hot word pinned in the table shows in the portal preview; a catalogue search
// that found nothing is listed under the zero-hit words for purchasing.

const cell = (page: Page, rowId: string | number, field: string) => page.locator(`[data-id="${rowId}"] [data-field="${field}"] input`);

test('pin a hot word and find the zero-hit searches for purchasing', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/search-mana');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const missing = `馆里没有的书${tag}`;
  await gw(page, searchCalls.catalogue, { Page: 1, Rows: 10, SearchKey: missing });

  const screen = page.getByTestId('screen-/search-mana');
  await expect(screen.getByRole('heading', { level: 1, name: '检索门户管理' })).toBeVisible();
  await screen.getByTestId('lookup-add').click();
  await cell(page, '__new__', 'Word').fill(`热词${tag}`);
  await cell(page, '__new__', 'Word').press('Enter');
  await expect(screen.getByRole('gridcell', { name: `热词${tag}` })).toBeVisible();
  await expect(screen.getByTestId('portal-hot-words')).toContainText(`热词${tag}`);

  await screen.getByTestId('tab-words').click();
  await screen.getByTestId('field-SearchKey').fill(missing);
  await screen.getByTestId('field-ZeroHit').check();
  await screen.getByTestId('kit-search').click();
  const row = screen.getByTestId('list-search-word').getByRole('row', { name: new RegExp(missing) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('1');

  await screen.getByTestId('tab-log').click();
  await screen.getByTestId('field-SearchKey').fill(missing);
  await screen.getByTestId('kit-search').click();
  await expect(screen.getByTestId('list-search-log').getByRole('row', { name: new RegExp(missing) })).toContainText('教师');
  expect(health.problems).toEqual([]);
});
