import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { foldDownloadPanel, lastJobDone } from '../support/download-panel.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks, scan } from '../support/gateway-fixtures.ts';
import { circulationPasswordCalls } from '../../src/shared/api/circulation-passwords.ts';
import { circulationVerifyCalls } from '../../src/shared/api/circulation-verify.ts';
import { readerCalls } from '../../src/shared/api/readers.ts';

// Issue 9: borrowing PINs set on /batchpsw2, borrow verification at the lending desk (keyboard
// only), a password reset on /batchpsw, and the family pages. The readers and books are made for
// the test through the gateway; the school's verification is switched off again at the end.

/** Waits until the newest job of the download panel has finished; returns its message. */
/** Ticks one reader on a batch screen: found by card, then its row's checkbox. */
async function tickReader(page: Page, card: string) {
  await page.getByTestId('batch-search').fill(card);
  const row = page.getByTestId('batch-grid').getByRole('row').filter({ hasText: card });
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('batch-ticked')).toHaveText('已勾选 1 位读者');
}

test.afterAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage();
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/data-analysis');
  await gw(page, circulationVerifyCalls.saveVerifySetting, { Mode: 'off' });
  await page.close();
});

test('a borrowing PIN from /batchpsw2, then the desk asks for it before the first loan (keyboard only)', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batchpsw2');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const card = `RV${tag}`;
  const { books } = await readerWithBooks(page, { card, name: `验证读者${tag}`, title: `验证测试书${tag}`, copies: 2 });

  // /batchpsw2: one reader, one fixed PIN, previewed, confirmed, done by the job.
  await page.reload();
  await expect(page.getByTestId('screen-/batchpsw2')).toBeVisible();
  await tickReader(page, card);
  await page.getByTestId('batch-rule-fixed').check();
  await page.getByTestId('batch-secret').fill('2468');
  await page.getByTestId('batch-preview').click();
  await expect(page.getByTestId('batch-preview-result')).toContainText('共选中 1 位读者：将修改 1 位，0 位保持不变。');
  await page.getByTestId('batch-start').click();
  await page.getByTestId('batch-confirm-ok').click();
  await expect(page.getByTestId('batch-started')).toContainText('已开始：1 位读者');
  expect(await lastJobDone(page)).toBe('已修改 1 位；未修改 0 位');

  // The school requires the PIN: set beside combined borrowing.
  await page.evaluate(() => { location.hash = '#/borrow-range-mana'; });
  await page.getByTestId('verify-mode').click();
  await page.getByRole('option', { name: '借阅密码', exact: true }).click();
  await expect(page.getByTestId('verify-mode')).toHaveText('借阅密码');

  // The desk: the card opens the reader and the PIN prompt takes the focus.
  await page.evaluate(() => { location.hash = '#/surrency/borrow'; });
  const box = page.getByTestId('screen-/surrency/borrow').getByTestId('desk-scan');
  await expect(box).toBeFocused();
  await scan(page, card);
  const pin = page.getByTestId('verify-pin');
  await expect(pin).toBeFocused();
  await page.keyboard.type('1111', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verify-problem')).toHaveText('借阅密码错误，还可尝试 4 次');
  await expect(pin).toBeFocused();
  // Esc cancels: the reader stays, unconfirmed; a book is refused with the reason and the prompt comes back.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('verify-prompt')).toHaveCount(0);
  await expect(page.getByTestId('desk-reader-name')).toHaveText(`验证读者${tag}`);
  await expect(page.getByTestId('verify-status')).toHaveText('借书前请先确认读者身份');
  health.allow((url, status) => status === 409 && url.endsWith('/Circulation/LiteratureCirc'));
  await box.focus();
  await scan(page, books[0]!);
  await expect(page.getByTestId('desk-entry-refused').first()).toContainText(`须先用借阅密码或读者证确认身份`);
  await expect(pin).toBeFocused();
  await page.keyboard.type('2468', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verify-prompt')).toHaveCount(0);
  await expect(box).toBeFocused();
  await expect(page.getByTestId('verify-status')).toContainText('已确认身份');
  // Loans go on for the visit.
  await scan(page, books[0]!);
  await scan(page, books[1]!);
  await expect(page.getByTestId('desk-entry-borrow')).toHaveCount(2);
  await gw(page, circulationVerifyCalls.saveVerifySetting, { Mode: 'off' });
  expect(health.problems).toEqual([]);
});

test('/batchpsw resets a reader\'s sign-in password; the family pages show a parent their children\'s loans', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/batchpsw');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const card = `RF${tag}`;
  const { userId, books } = await readerWithBooks(page, { card, name: `家庭孩子${tag}`, title: `家庭测试书${tag}`, copies: 2 });

  await page.reload();
  await expect(page.getByTestId('screen-/batchpsw')).toBeVisible();
  await tickReader(page, card);
  await page.getByTestId('batch-secret').fill('Family#2026');
  await page.getByTestId('batch-preview').click();
  await expect(page.getByTestId('batch-preview-result')).toContainText('将修改 1 位');
  await page.getByTestId('batch-start').click();
  await page.getByTestId('batch-confirm-ok').click();
  expect(await lastJobDone(page)).toBe('已修改 1 位；未修改 0 位');

  // The child borrows both books; the demo parent 李明 is linked to them.
  const parents = await gw<{ List: Array<{ ID: number }> }>(page, circulationPasswordCalls.getReaderChoices, { SearchKey: '李明', Identity: 'parent', Page: 1, Rows: 5 });
  await gw(page, readerCalls.updateStudentParents, { StudentID: userId, ParentIDs: [parents.List[0]!.ID] });
  await page.evaluate(() => { location.hash = '#/surrency/borrow'; });
  await expect(page.getByTestId('screen-/surrency/borrow').getByTestId('desk-scan')).toBeFocused();
  await scan(page, card);
  await scan(page, books[0]!);
  await scan(page, books[1]!);
  await expect(page.getByTestId('desk-entry-borrow')).toHaveCount(2);
  await page.evaluate(() => { location.hash = '#/surrency/return'; });
  await expect(page.getByTestId('screen-/surrency/return').getByTestId('desk-scan')).toBeFocused();
  await scan(page, books[1]!);
  await expect(page.getByTestId('desk-entry-return')).toHaveCount(1);

  // 家长未还图书: found by the child's card, the family opens at once, the child's open loan listed.
  await page.evaluate(() => { location.hash = '#/surrency/parents-no-return'; });
  const open = page.getByTestId('screen-/surrency/parents-no-return');
  await open.getByTestId('family-search').fill(card);
  await page.keyboard.press('Enter');
  await expect(open.getByTestId('family-loans')).toContainText('家长：李明');
  await expect(open.getByTestId(`family-child-${userId}`)).toContainText(`家庭孩子${tag}`);
  await expect(open.getByTestId(`family-loan-${books[0]}`)).toContainText('天后到期');
  await expect(open.getByTestId(`family-loan-${books[1]}`)).toHaveCount(0);

  // 家长借阅记录: both loans, the returned one too; exported as a job.
  await page.evaluate(() => { location.hash = '#/surrency/parents-br-records'; });
  const history = page.getByTestId('screen-/surrency/parents-br-records');
  await history.getByTestId('family-search').fill(card);
  await page.keyboard.press('Enter');
  await expect(history.getByTestId(`family-loan-${books[1]}`)).toContainText('已还');
  await expect(history.getByTestId(`family-loan-${books[0]}`)).toBeVisible();
  await foldDownloadPanel(page);
  await history.getByTestId('kit-export').click();
  expect(await lastJobDone(page)).not.toBe('');
  expect(health.problems).toEqual([]);
});
