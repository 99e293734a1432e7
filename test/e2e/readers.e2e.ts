import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';

// Readers (/user-transfer) and the card desk (/department/user-transfer) against the real gateway.
async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('读者');
  ws.addRow(['读者证号', '姓名', '身份', '手机号码']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('reader list: search, add with the phone rule, masked phone in the list', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/user-transfer');
  const health = watchPage(page);
  await expect(page.getByTestId('screen-/user-transfer')).toHaveAttribute('data-status', 'built');
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByTestId('crud-add').click();
  await page.getByTestId('field-Name').fill('端到端读者');
  await page.getByTestId('field-ReaderID').fill('E2E0001');
  await page.getByTestId('field-Account').fill('e2e_reader_1');
  await page.getByTestId('field-Phone').fill('12345');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByText('请填写正确的手机号码')).toBeVisible();
  await page.getByTestId('field-Phone').fill('13812345678');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

  await page.getByTestId('field-SearchKey').fill('ddd');
  await page.getByTestId('kit-search').click();
  const row = page.getByRole('row', { name: /E2E0001/ });
  await expect(row).toContainText('端到端读者');
  await expect(row).toContainText('138****5678');
  expect(health.problems).toEqual([]);
});

test('reader import: preview row by row, nothing written until confirmed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/user-transfer');
  const health = watchPage(page);
  await page.getByTestId('kit-import').click();
  await page.getByTestId('import-file').setInputFiles({
    name: '读者.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sheet([['E2E1001', '导入一', '学生', '13900000001'], ['E2E1002', '导入二', '教师', '13900000002'], ['E2E1003', '', '学生', '123']]),
  });
  await page.getByTestId('import-preview-button').click();
  await expect(page.getByTestId('import-count-create')).toContainText('2');
  await expect(page.getByTestId('import-count-reject')).toContainText('1');
  await expect(page.getByTestId('import-preview')).toContainText('请填写正确的手机号码');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-result-summary')).toContainText('2');
  await page.getByTestId('import-close').click();
  await page.getByTestId('field-SearchKey').fill('E2E100');
  await page.getByTestId('kit-search').click();
  await expect(page.getByRole('row', { name: /E2E1002/ })).toContainText('导入二');
  expect(health.problems).toEqual([]);
});

test('card desk: scan a card, report it lost, replace it; the history shows both', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/department/user-transfer');
  const health = watchPage(page);
  await page.getByTestId('desk-search').fill('R2026000006');
  await page.getByTestId('desk-search').press('Enter');
  await expect(page.getByTestId('card-number')).toHaveText('R2026000006');
  await page.getByTestId('desk-lost').click();
  await page.getByTestId('card-dialog-submit').click();
  await expect(page.getByTestId('card-status')).toHaveText('挂失');
  await expect(page.getByTestId('desk-issue')).toBeDisabled();
  await page.getByTestId('desk-replace').click();
  await page.getByTestId('card-no').fill('R2026000006B');
  await page.getByTestId('card-dialog-submit').click();
  await expect(page.getByTestId('card-number')).toHaveText('R2026000006B');
  await expect(page.getByTestId('card-status')).toHaveText('正常');
  await expect(page.getByTestId('card-history')).toContainText('补证');
  await expect(page.getByTestId('card-history')).toContainText('挂失');
  expect(health.problems).toEqual([]);
});
