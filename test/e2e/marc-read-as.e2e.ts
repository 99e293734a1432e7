import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { writeIso2709 } from '../../src/gateway/marc/iso2709-writer.ts';

// The MARC preview says how the file was read, and the cataloguer can read it again as another
// format: a record with both a MARC 21 (245) and a CNMARC (200) title leaves the reader guessing
// MARC 21; read as CNMARC, the preview shows the 200 title. Nothing is imported.
test('MARC import preview: read as detected, then read again as CNMARC', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/resource-mana/resource/marc-catalog-import');
  const health = watchPage(page);
  const record = writeIso2709({
    leader: '00000nam a2200000   4500',
    fields: [
      { tag: '001', value: 'READ-AS-1' },
      { tag: '200', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: '统一书名甲' }] },
      { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: 'Marc Title B' }] },
    ],
  });
  await page.getByTestId('marc-file').setInputFiles({ name: 'read-as.mrc', mimeType: 'application/marc', buffer: record });
  const summary = page.getByTestId('marc-summary');
  await expect(page.getByTestId('marc-read-as')).toHaveText('读出为：MARC 21，UTF-8');
  await expect(summary.getByRole('table')).toContainText('Marc Title B');

  await summary.getByRole('combobox', { name: 'MARC 格式' }).click();
  await page.getByRole('option', { name: 'CNMARC (UNIMARC)' }).click();
  await page.getByTestId('marc-reread').click();
  await expect(page.getByTestId('marc-read-as')).toHaveText('读出为：CNMARC (UNIMARC)，UTF-8');
  await expect(summary.getByRole('table')).toContainText('统一书名甲');
  await expect(summary.getByRole('table')).not.toContainText('Marc Title B');
  expect(health.problems).toEqual([]);
});
