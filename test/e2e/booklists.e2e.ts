import { expect, test, type Page } from '@playwright/test';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';
import { booklistCalls } from '../../src/shared/api/booklists.ts';
import { catalogueCalls } from '../../src/shared/api/catalogue.ts';
import { searchCalls } from '../../src/shared/api/search.ts';
import { describe, FAILING, scan, settle, stillMotion, type Finding } from '../support/axe-scan.ts';
import { gw, isbn13 } from '../support/gateway-fixtures.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Reading lists (/booklist, issue 9): a librarian makes a list for a stage and a grade, finds two
// catalogue titles and adds them (each with its copies on the shelf), moves the second up, notes
// one, removes one, publishes the list; axe on the screen, its form and the editor in both languages.

async function titles(page: Page, tag: string, names: readonly string[]) {
  const areas = await gw<{ List: Array<{ ID: number }> }>(page, basicSetsCalls.locationList, { Page: 1, Size: 10 });
  for (const [i, name] of names.entries()) {
    await gw(page, catalogueCalls.addItemsCatalogueInfo, {
      Item: { Title: name, ISBN: isbn13(`97873${tag}${i}`), Price: 20, ClassNo: 'I287.5' }, Copies: { Count: i + 1, AreaID: areas.List[0]!.ID },
    });
  }
}

test('a librarian makes a graded reading list: find titles, add, reorder, note, remove, publish', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/booklist');
  const health = watchPage(page);
  const screen = page.getByTestId('screen-/booklist');
  await expect(screen.getByRole('heading', { level: 1, name: '书单' })).toBeVisible();
  const tag = String(Date.now()).slice(-6);
  await titles(page, tag, [`书单甲${tag}`, `书单乙${tag}`]);
  const grades = await gw<Array<{ ID: number; Name: string; LearningStage: string | null }>>(page, booklistCalls.grades, {});
  const grade = grades[0]!;

  await screen.getByTestId('crud-add').first().click();
  const form = page.getByTestId('kit-form-dialog');
  await form.getByTestId('field-Name').fill(`寒假书单${tag}`);
  await form.getByTestId('field-Description').fill('寒假里每周读一本');
  await form.getByRole('combobox', { name: '适用学段' }).click();
  await page.getByRole('option', { name: grade.LearningStage === 'junior' ? '初中' : grade.LearningStage === 'senior' ? '高中' : '小学' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('combobox', { name: '适用年级' }).click();
  await page.getByRole('option', { name: grade.Name, exact: true }).click();
  await page.keyboard.press('Escape');
  await form.getByTestId('kit-form-submit').click();
  await expect(form).toHaveCount(0);

  await screen.getByTestId('field-SearchKey').fill(`寒假书单${tag}`);
  await screen.getByTestId('kit-search').click();
  const row = screen.getByRole('row', { name: new RegExp(`寒假书单${tag}`) });
  await expect(row).toContainText(grade.Name);
  await expect(row).toContainText('草稿');

  // The titles: find in the catalogue, add both.
  await row.getByRole('button', { name: '编辑图书' }).click();
  const editor = page.getByTestId('booklist-editor');
  await expect(editor.getByTestId('booklist-empty')).toBeVisible();
  await editor.getByTestId('booklist-search').fill(tag);
  await editor.getByTestId('booklist-search-submit').click();
  const results = editor.getByTestId('booklist-results');
  await expect(results.getByRole('row')).toHaveCount(2);
  for (const name of [`书单甲${tag}`, `书单乙${tag}`]) {
    await results.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: '加入书单' }).click();
    await expect(page.getByText(`已加入《${name}》`)).toBeVisible();
  }
  await expect(results.getByRole('button', { name: '已在书单中' })).toHaveCount(2);
  const entries = editor.getByTestId('booklist-entries');
  await expect(entries.getByRole('row').nth(2)).toContainText('馆藏 2 册，可借 2 册');

  // Second one up, a note on it, the other removed.
  await editor.getByRole('button', { name: `上移《书单乙${tag}》` }).click();
  await expect(entries.getByRole('row').nth(1)).toContainText(`书单乙${tag}`);
  await entries.getByRole('textbox', { name: `推荐语: 书单乙${tag}` }).fill('适合朗读');
  await entries.getByRole('textbox', { name: `推荐语: 书单乙${tag}` }).press('Enter');
  await expect(page.getByText('推荐语已保存')).toBeVisible();
  await editor.getByRole('button', { name: `移出《书单甲${tag}》` }).click();
  await expect(entries.getByRole('row')).toHaveCount(2);
  await editor.getByTestId('booklist-editor-close').click();
  await expect(row).toContainText('1');

  // Publish it: readers can now read it.
  await row.getByRole('button', { name: '编辑', exact: true }).click();
  await form.getByTestId('field-Published').check();
  await form.getByTestId('kit-form-submit').click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText('已发布');
  const published = await gw<{ List: Array<{ Name: string }> }>(page, booklistCalls.published, { SearchKey: tag });
  expect(published.List.map((l) => l.Name)).toEqual([`寒假书单${tag}`]);
  const seen = await gw<{ List: Array<{ Title: string; Note: string }> }>(page, booklistCalls.publishedEntries, { ListID: (await gw<{ List: Array<{ ID: number }> }>(page, booklistCalls.list, { SearchKey: tag })).List[0]!.ID });
  expect(seen.List).toMatchObject([{ Title: `书单乙${tag}`, Note: '适合朗读' }]);
  expect(health.problems).toEqual([]);
});

test('axe: /booklist with its form and the titles editor, zh-CN and en-US', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/booklist');
  const tag = String(Date.now()).slice(-6);
  await titles(page, tag, [`无障碍书单书${tag}`]);
  const list = await gw<{ ID: number }>(page, booklistCalls.add, { Name: `无障碍书单${tag}`, Stages: ['primary'] });
  const item = (await gw<{ List: Array<{ ID: number }> }>(page, searchCalls.catalogue, { SearchKey: `无障碍书单书${tag}`, Page: 1, Rows: 1 })).List[0]!;
  await gw(page, booklistCalls.addEntries, { ListID: list.ID, ItemIDs: [item.ID], Note: '朗读' });
  await page.reload();
  await stillMotion(page);
  const findings: Finding[] = [];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    const button = page.getByTestId(`language-${lang}`);
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const at = (what: string) => `${lang} /booklist${what ? ` (${what})` : ''}`;
    const row = page.getByRole('row', { name: new RegExp(`无障碍书单${tag}`) });
    await expect(row).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at(''))));

    await page.getByTestId('crud-add').click();
    await expect(page.getByTestId('kit-form-dialog')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('add dialog'))));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

    await page.getByTestId(`booklist-open-${list.ID}`).click();
    const editor = page.getByTestId('booklist-editor');
    await expect(editor.getByTestId('booklist-entries')).toBeVisible();
    await editor.getByTestId('booklist-search').fill(tag);
    await editor.getByTestId('booklist-search-submit').click();
    await expect(editor.getByTestId('booklist-results')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('editor'))));
    await editor.getByTestId('booklist-editor-close').click();
    await expect(editor).toBeHidden();
  }
  const failing = findings.filter((f) => FAILING.has(f.impact));
  expect(describe(failing), 'axe violations (route, rule [impact] ×nodes: targets)').toBe('');
});
