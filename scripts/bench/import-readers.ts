import { readerCalls } from '../../src/shared/api/readers.ts';
import { xlsxBase64 } from '../../src/gateway/import/xlsx-fixture.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';

/**
 * Imports 5,000 new readers from one .xlsx through the real gateway (app.inject on a fresh demo
 * school, SQLite): preview (parse, validate, decide) and commit (one transaction per row), timed apart.
 */
export async function measureReaderImport(rows = 5000): Promise<{ previewMs: number; commitMs: number; created: number; bytes: number }> {
  const t = await makeTestApp();
  try {
    const token = await t.tokenFor('admin');
    const identities = ['学生', '教师', '家长', '其他'];
    const data = Array.from({ length: rows }, (_, i) => [
      `B${String(i + 1).padStart(6, '0')}`, `测试读者${i + 1}`, identities[i % 4], i % 4 === 0 ? '一年级1班' : '',
      i % 2 ? '男' : '女', `139${String(i).padStart(8, '0')}`, '', '2030-08-31',
    ]);
    const content = await xlsxBase64(['读者证号', '姓名', '身份', '部门/班级', '性别', '手机号码', '电子邮箱', '有效期至'], data);
    const t0 = performance.now();
    const preview = (await t.call(readerCalls.importPreview, { FileName: 'readers.xlsx', Content: content }, { token })).json();
    const t1 = performance.now();
    if (preview.code !== 0 || preview.data.Summary.Create !== rows) throw new Error(`preview failed: ${JSON.stringify(preview).slice(0, 300)}`);
    const commit = (await t.call(readerCalls.importCommit, { Token: preview.data.Token }, { token })).json();
    const t2 = performance.now();
    return { previewMs: t1 - t0, commitMs: t2 - t1, created: commit.data.Summary.Created as number, bytes: Math.round((content.length * 3) / 4) };
  } finally {
    await t.close();
  }
}

if (import.meta.main) console.log(await measureReaderImport());
