import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

const ROLE = 'E2E 升级员';
const PREVIEW = '/micro/library/web1.0/Rollover/Preview';

/** The menu paths the shell got for this session (the side menu renders exactly these). */
async function menuPaths(page: Page): Promise<string[]> {
  return page.evaluate(() => ((JSON.parse(sessionStorage.getItem('lib.menus') ?? '{}') as { Menus?: Array<{ Url: string }> }).Menus ?? []).map((m) => m.Url));
}

/** A call from the page with its own session token: the status the gateway answers. */
async function statusOf(page: Page, path: string): Promise<number> {
  return page.evaluate(async (p) => {
    const token = JSON.parse(sessionStorage.getItem('lib.token') ?? '{}') as { access_token?: string };
    const r = await fetch(p, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` }, body: '{}' });
    return r.status;
  }, path);
}

// Roles end to end: a role is built in the menu tree, assigned by search, and enforced at once;
// a role edit removing a menu takes it out of the user's menu and their calls get 403.
test('roles: build, assign, enforce and revoke', async ({ page, baseURL, browser }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/department/permission/role');
  const health = watchPage(page);
  await expect(page.getByTestId('role-row-admin')).toBeVisible();

  // A role needs a name and a branch.
  await page.getByTestId('role-add').click();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-branch-error')).toContainText('请至少选择一个分馆');
  await page.getByTestId('role-name').fill(ROLE);
  await page.getByTestId('role-branches').getByRole('checkbox').first().check();
  await page.getByTestId('tree-fold-group:people').click();
  await page.getByTestId('tree-/department/dept-upgrade').check();
  await expect(page.getByTestId('tree-group:people')).toHaveAttribute('aria-checked', 'mixed');
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-editor')).toBeHidden();
  await expect(page.getByTestId('roles-table')).toContainText(ROLE);

  // Assign it to the parent account, found by search.
  await page.evaluate(() => { location.hash = '#/permission'; });
  await page.getByTestId('holder-search').fill('parent');
  await page.getByTestId('holder-edit-parent').click();
  await page.getByTestId('holder-editor').getByLabel(ROLE).check();
  await page.getByTestId('holder-save').click();
  await expect(page.getByTestId('holder-row-parent')).toContainText(ROLE);

  // The parent now sees the menu and may call it.
  const ctx = await browser.newContext();
  const parent = await ctx.newPage();
  await signIn(parent, baseURL!, 'parent', 'Parent@2026', '/data-analysis', { fresh: true });
  await expect(parent.getByTestId('side-menu')).toBeVisible();
  expect(await menuPaths(parent)).toContain('/department/dept-upgrade');
  expect(await statusOf(parent, PREVIEW)).toBe(200);

  // The admin takes the menu away: the parent's very next call is refused ...
  await page.evaluate(() => { location.hash = '#/department/permission/role'; });
  await page.getByRole('row', { name: new RegExp(ROLE) }).getByRole('button', { name: '编辑' }).click();
  await page.getByTestId('tree-fold-group:people').click();
  await page.getByTestId('tree-/department/dept-upgrade').uncheck();
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-editor')).toBeHidden();
  expect(await statusOf(parent, PREVIEW)).toBe(403);
  await ctx.close();

  // ... and the next sign-in shows no such menu; opening it is refused.
  const ctx2 = await browser.newContext();
  const again = await ctx2.newPage();
  await signIn(again, baseURL!, 'parent', 'Parent@2026', '/data-analysis', { fresh: true });
  await expect(again.getByTestId('side-menu')).toBeVisible();
  expect(await menuPaths(again)).not.toContain('/department/dept-upgrade');
  await again.evaluate(() => { location.hash = '#/department/dept-upgrade'; });
  await expect(again.getByTestId('screen-/department/dept-upgrade')).toHaveAttribute('data-access', 'denied');
  await ctx2.close();
  expect(health.problems).toEqual([]);
});

test('school-year rollover: preview, apply, undo', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/department/dept-upgrade');
  const health = watchPage(page);
  await page.getByTestId('rollover-preview-btn').click();
  await expect(page.getByTestId('rollover-promoted')).toContainText('一年级1班');
  await expect(page.getByTestId('rollover-promoted')).toContainText('二年级1班');
  await expect(page.getByTestId('rollover-graduating')).toContainText('六年级4班');
  // Permission groups: the small-class group's class keeps it as it moves up, so nobody changes group ...
  await expect(page.getByTestId('rollover-skipped-groups')).toHaveCount(0);
  await expect(page.getByTestId('rollover-groups')).toContainText('(0)');
  // ... until this rollover maps that class to no class group: its readers (students and their parents) fall back to the default group.
  const classMap = page.locator('[data-testid^="group-map-class-"]').first();
  await expect(classMap).toContainText('保持：小班借阅组');
  await classMap.selectOption({ label: '（无）' });
  await expect(page.getByTestId('rollover-group-rows')).toContainText('一年级1班');
  const change = page.getByTestId('rollover-group-changes').locator('tbody tr');
  await expect(change).toHaveText([/^小班借阅组学生默认组\d+$/]);
  const moved = (await change.locator('td').nth(2).textContent())!;
  expect(Number(moved)).toBeGreaterThanOrEqual(25);
  await expect(page.getByTestId('rollover-groups')).toContainText(`(${moved})`);
  await page.getByTestId('rollover-commit').click();
  await expect(page.getByTestId('kit-confirm')).toContainText(`${moved} 名读者的借阅权限组改变`);
  await page.getByTestId('kit-confirm-ok').click();
  await expect(page.getByTestId('rollover-done')).toBeVisible();
  const latest = page.getByTestId('rollover-history').locator('tbody tr').first();
  await expect(latest.getByTestId('rollover-state')).toHaveText('已执行');
  await expect(latest.locator('td').nth(5)).toHaveText(moved);

  // A second preview shows the promoted school (the old 五年级 classes now graduate).
  await page.getByTestId('rollover-preview-btn').click();
  await expect(page.getByTestId('rollover-graduating')).toContainText('六年级1班');
  await expect(page.getByTestId('rollover-promoted')).not.toContainText('一年级1班');

  await latest.getByTestId('rollover-undo').click();
  await page.getByTestId('kit-confirm-ok').click();
  await expect(latest.getByTestId('rollover-state')).toContainText('已撤销');
  await page.getByTestId('rollover-preview-btn').click();
  await expect(page.getByTestId('rollover-promoted')).toContainText('一年级1班');
  // The undo gave the class its group back.
  await expect(page.locator('[data-testid^="group-map-class-"]').first()).toContainText('保持：小班借阅组');
  expect(health.problems).toEqual([]);
});
