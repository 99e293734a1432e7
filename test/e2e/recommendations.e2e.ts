import { expect, test, type Page } from '@playwright/test';
import { basicSetsCalls } from '../../src/shared/api/basic-sets.ts';
import { catalogueCalls } from '../../src/shared/api/catalogue.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';
import { recommendationCalls } from '../../src/shared/api/recommendations.ts';
import { describe, FAILING, scan, settle, stillMotion, type Finding } from '../support/axe-scan.ts';
import { gw, isbn13 } from '../support/gateway-fixtures.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Purchase suggestions (/recommendation, issue 9): two readers ask for the same book (one typed in
// by the librarian through the screen), the staff list shows one line with both readers and the
// copies held; the librarian processes it with a reply, and abandons another with a reason, from
// the bulk bar; axe on the screen, its dialogs and the readers drawer in both languages.

async function reader(page: Page, tag: string, n: number) {
  const card = `RS${tag}${n}`;
  await gw(page, readerCalls.addReader, { Account: `e2ers${tag}${n}`, Name: `荐购读者${tag}${n}`, ReaderID: card, Identity: 'student', Phone: '13800000000' });
  return { card, name: `荐购读者${tag}${n}` };
}

test('staff see one line per book, who asked and what is held, and process or abandon them', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/recommendation');
  const health = watchPage(page);
  const screen = page.getByTestId('screen-/recommendation');
  await expect(screen.getByRole('heading', { level: 1, name: '荐购管理' })).toBeVisible();
  const tag = String(Date.now()).slice(-6);
  const [a, b] = [await reader(page, tag, 1), await reader(page, tag, 2)];
  // A book the school holds two copies of, suggested again by reader a.
  const isbn = isbn13(`97872${tag}1`);
  const areas = await gw<{ List: Array<{ ID: number }> }>(page, basicSetsCalls.locationList, { Page: 1, Size: 10 });
  await gw(page, catalogueCalls.addItemsCatalogueInfo, { Item: { Title: `已有的书${tag}`, ISBN: isbn, Price: 20, ClassNo: 'I287.5' }, Copies: { Count: 2, AreaID: areas.List[0]!.ID } });
  await gw(page, recommendationCalls.addForReader, { ReaderID: a.card, Title: `荐购新书${tag}`, Author: '作者甲', Reason: '同学推荐' });
  await gw(page, recommendationCalls.addForReader, { ReaderID: a.card, Title: `已有的书${tag}`, ISBN: isbn });

  // Reader b's paper slip, typed in on the screen: the same book, its title written differently.
  await screen.getByTestId('recommendation-add').click();
  const form = page.getByTestId('kit-form-dialog');
  await form.getByTestId('field-ReaderID').fill(b.card);
  await form.getByTestId('field-Title').fill(` 荐购新书${tag}！`);
  await form.getByTestId('field-Author').fill('作者甲');
  await form.getByTestId('kit-form-submit').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(`已为 ${b.name} 登记荐购`)).toBeVisible();

  await screen.getByTestId('field-SearchKey').fill(tag);
  await screen.getByTestId('kit-search').click();
  const grid = screen.getByTestId('list-recommendation-group');
  const line = grid.getByRole('row', { name: new RegExp(`荐购新书${tag}`) });
  await expect(line.locator('[data-field="Count"]')).toHaveText('2');
  await expect(line.locator('[data-field="Held"]')).toHaveText('未入藏');
  const heldLine = grid.getByRole('row', { name: new RegExp(`已有的书${tag}`) });
  await expect(heldLine.locator('[data-field="Held"]')).toHaveText('2 册（可借 2）');

  // Who asked: both readers, with the reason.
  await line.getByRole('gridcell').nth(1).click();
  const drawer = page.getByTestId('recommendation-readers');
  await expect(drawer).toContainText(a.name);
  await expect(drawer).toContainText(b.name);
  await expect(drawer).toContainText('同学推荐');
  await drawer.getByTestId('readers-close').click();
  await expect(drawer).toHaveCount(0);

  // Process the new book from the bulk bar, with a reply.
  await line.getByRole('checkbox').check();
  await expect(screen.getByTestId('recommendation-bulk')).toContainText('已选 1 种图书（2 条荐购）');
  await screen.getByTestId('bulk-process').click();
  const dialog = page.getByRole('dialog', { name: '处理荐购：1 种图书' });
  await dialog.getByTestId('handle-reply').fill('已订购，下月到馆');
  await dialog.getByTestId('handle-confirm').click();
  await expect(page.getByText('已处理 2 条荐购')).toBeVisible();
  await expect(line).toHaveCount(0);

  // Abandon the held one: the reason is asked for.
  await heldLine.getByRole('button', { name: '放弃' }).click();
  const abandon = page.getByRole('dialog', { name: '放弃荐购：1 种图书' });
  await abandon.getByRole('combobox', { name: /放弃原因/ }).click();
  await page.getByRole('option', { name: '馆内已有' }).click();
  await abandon.getByTestId('handle-confirm').click();
  await expect(page.getByText('已放弃 1 条荐购')).toBeVisible();

  // The processed tab shows the reply; the reader sees it too.
  await screen.getByRole('tab', { name: '已处理' }).click();
  await expect(grid.getByRole('row', { name: new RegExp(`荐购新书${tag}`) })).toContainText('已订购，下月到馆');
  await screen.getByRole('tab', { name: '已放弃' }).click();
  await expect(grid.getByRole('row', { name: new RegExp(`已有的书${tag}`) })).toContainText('馆内已有');
  expect(health.problems).toEqual([]);
});

test('axe: /recommendation with its dialogs and the readers drawer, zh-CN and en-US', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/recommendation');
  const tag = String(Date.now()).slice(-6);
  const r = await reader(page, tag, 9);
  await gw(page, recommendationCalls.addForReader, { ReaderID: r.card, Title: `无障碍检查书${tag}`, Reason: '检查' });
  await page.reload();
  await stillMotion(page);
  const findings: Finding[] = [];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    const button = page.getByTestId(`language-${lang}`);
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const at = (what: string) => `${lang} /recommendation${what ? ` (${what})` : ''}`;
    const row = page.getByRole('row', { name: new RegExp(`无障碍检查书${tag}`) });
    await expect(row).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at(''))));

    await page.getByTestId('recommendation-add').click();
    await expect(page.getByTestId('kit-form-dialog')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('add dialog'))));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

    // From the row's own button: content under a modal is inert, and a chosen row under the backdrop
    // only confuses axe's contrast arithmetic.
    await row.getByRole('button', { name: lang === 'zh-CN' ? '放弃' : 'Abandon', exact: true }).click();
    await expect(page.getByTestId('handle-confirm')).toBeVisible();
    await settle(page);
    findings.push(...(await scan(page, at('abandon dialog'))));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('handle-confirm')).toBeHidden();

    await row.getByRole('gridcell').nth(1).click();
    await expect(page.getByTestId('recommendation-readers')).toContainText(r.name);
    await settle(page);
    findings.push(...(await scan(page, at('readers'))));
    await page.getByTestId('readers-close').click();
    await expect(page.getByTestId('recommendation-readers')).toBeHidden();
  }
  const failing = findings.filter((f) => FAILING.has(f.impact));
  expect(describe(failing), 'axe violations (route, rule [impact] ×nodes: targets)').toBe('');
});
