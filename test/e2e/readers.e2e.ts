import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
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

/** A real 2×2 PNG (signature, IHDR, IDAT, IEND with their CRCs), made here rather than shipped. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0); ihdr.writeUInt32BE(2, 4); ihdr[8] = 8; ihdr[9] = 2;
  const raw = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function addReader(page: Page, fields: Record<string, string>, identity?: string) {
  await page.getByTestId('crud-add').click();
  for (const [k, v] of Object.entries(fields)) await page.getByTestId(`field-${k}`).fill(v);
  if (identity) {
    await page.getByTestId('field-Identity').locator('..').getByRole('combobox').click();
    await page.getByTestId(`option-Identity-${identity}`).click();
  }
}

test('reader form: photo upload, a linked parent in the detail, the child in the parent\'s detail', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/user-transfer');
  const health = watchPage(page);
  await addReader(page, { Name: '端到端家长', ReaderID: 'E2EP001', Account: 'e2e_parent_1', Phone: '13800000011' }, 'parent');
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

  await addReader(page, { Name: '端到端学生', ReaderID: 'E2ES001', Account: 'e2e_student_1', Phone: '13800000012' });
  await page.getByTestId('photo-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByTestId('photo-remove')).toBeVisible();
  await expect(page.getByTestId('photo-field').getByTestId('reader-photo-img')).toHaveJSProperty('naturalWidth', 2);
  await page.getByTestId('kit-form-submit').click();
  await expect(page.getByTestId('kit-form-dialog')).toBeHidden();

  await page.getByTestId('field-SearchKey').fill('E2ES001');
  await page.getByTestId('kit-search').click();
  await page.getByRole('row', { name: /E2ES001/ }).getByText('端到端学生').click();
  const detail = page.getByTestId('reader-detail');
  await expect(detail.getByTestId('reader-photo-img')).toHaveJSProperty('naturalWidth', 2);
  await expect(detail.getByTestId('reader-roles-link')).toHaveAttribute('href', '#/permission');
  await detail.getByTestId('parents-edit').click();
  await detail.getByTestId('parent-search').fill('E2EP001');
  await page.getByRole('option', { name: /端到端家长/ }).click();
  await detail.getByTestId('parents-save').click();
  await expect(detail.getByTestId('reader-parents')).toContainText('端到端家长 · E2EP001');
  await page.getByTestId('kit-detail-close').click();
  await expect(detail).toBeHidden();

  await page.getByTestId('field-SearchKey').fill('E2EP001');
  await page.getByTestId('kit-search').click();
  await page.getByRole('row', { name: /E2EP001/ }).getByText('端到端家长').click();
  await expect(page.getByTestId('reader-detail').getByTestId('reader-children')).toContainText('端到端学生 · E2ES001');
  expect(health.problems).toEqual([]);
});

test('public card status check: no sign-in, a full match only, in both languages', async ({ page, baseURL }) => {
  const health = watchPage(page);
  // "No matching card" is the gateway's 404 (the status rule), shown as a message, not breakage.
  health.allow((url, status) => url.includes('/ReaderCard/PublicStatus') && status === 404);
  await page.goto(`${baseURL}/library/#/department/user-transferr?schoolcode=BJSY01`);
  await expect(page.getByTestId('screen-/department/user-transferr')).toHaveAttribute('data-status', 'built');
  await expect(page.getByTestId('card-check-SchoolCode')).toHaveValue('BJSY01');
  await page.getByTestId('card-check-CardNo').fill('E2ES001');
  await page.getByTestId('card-check-Name').fill('别人');
  await page.getByTestId('card-check-submit').click();
  await expect(page.getByTestId('card-check-error')).toHaveText('没有找到匹配的读者证，请核对填写的信息');
  await page.getByTestId('card-check-Name').fill('端到端学生');
  await page.getByTestId('card-check-submit').click();
  await expect(page.getByTestId('card-check-name')).toHaveText('端***生');
  await expect(page.getByTestId('card-check-status')).toHaveText('正常');
  await expect(page.getByTestId('card-check-loans')).toHaveText('0');
  await expect(page.getByTestId('card-check-result')).not.toContainText('13800000012');
  await page.getByTestId('language-en-US').click();
  await expect(page.getByTestId('card-check-status')).toHaveText('Active');
  await expect(page.getByText('Reader card status')).toBeVisible();
  expect(health.problems.filter((p) => !p.startsWith('console: Failed to load resource'))).toEqual([]);
});
