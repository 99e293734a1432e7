import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { marcCalls as C } from '../../shared/api/marc.ts';
import { uploadCalls as U } from '../../shared/api/upload.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { readMarcXml } from './marcxml.ts';
import { forgetParsed, importParsed, parseMarcFile } from './marc-import.ts';
import { writeIso2709 } from './iso2709-writer.ts';
import { DEFAULT_MARC_RULES } from '../../shared/domain/marc-rules.ts';

const t = useTestGateway();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Uploads `bytes` as `who` in chunks of `size`, resuming from what the server reports. */
async function upload(bytes: Buffer, who: string, size = 64 * 1024, name = 'export.mrc'): Promise<string> {
  const uploadId = `u-${Math.random().toString(36).slice(2, 12)}`;
  const chunks = Math.max(1, Math.ceil(bytes.length / size));
  for (let i = 0; i < chunks; i++) {
    const part = bytes.subarray(i * size, (i + 1) * size);
    await t.data(U.chunk, { UploadID: uploadId, Index: i, Content: part.toString('base64'), Sha256: sha(part) }, who);
  }
  return (await t.data(U.merge, { UploadID: uploadId, Chunks: chunks, Size: bytes.length, Sha256: sha(bytes), FileName: name }, who)).FileID;
}

async function exportFile(input: Record<string, unknown>, who = 'admin'): Promise<Buffer> {
  const { DataID } = await t.data(C.export, input, who);
  await t.app.jobs.settled(DataID);
  const job = await t.db.selectFrom('jobs').selectAll().where('data_id', '=', DataID).executeTakeFirstOrThrow();
  expect(job.state).toBe(2);
  return readFileSync(join(t.app.config.dataDir, job.result_path!));
}

const titlesOf = (school: number, classPrefix: string) =>
  t.db.selectFrom('titles').select(['title', 'isbn', 'class_no']).where('school_id', '=', school).where('class_no', 'like', `${classPrefix}%`).orderBy('isbn').execute();

describe('MARC import and export', () => {
  it('chunked upload: a damaged chunk is refused, missing chunks are named, the whole is checked; resumable', async () => {
    const bytes = Buffer.from('x'.repeat(1000));
    const part = bytes.subarray(0, 600);
    expect((await t.fail(U.chunk, { UploadID: 'up-12345678', Index: 0, Content: part.toString('base64'), Sha256: sha(Buffer.from('other')) }, 'admin')).status).toBe(400);
    await t.data(U.chunk, { UploadID: 'up-12345678', Index: 0, Content: part.toString('base64'), Sha256: sha(part) }, 'admin');
    expect(await t.data(U.status, { UploadID: 'up-12345678' }, 'admin')).toEqual({ Received: [0], Size: 600 });
    const missing = await t.fail(U.merge, { UploadID: 'up-12345678', Chunks: 2, Size: 1000, Sha256: sha(bytes), FileName: 'a.mrc' }, 'admin', 'en-US');
    expect(missing.message).toContain('Chunks missing: 1');
    const rest = bytes.subarray(600);
    await t.data(U.chunk, { UploadID: 'up-12345678', Index: 1, Content: rest.toString('base64'), Sha256: sha(rest) }, 'admin');
    expect((await t.fail(U.merge, { UploadID: 'up-12345678', Chunks: 2, Size: 999, Sha256: sha(bytes), FileName: 'a.mrc' }, 'admin')).status).toBe(409);
    const merged = await t.data(U.merge, { UploadID: 'up-12345678', Chunks: 2, Size: 1000, Sha256: sha(bytes), FileName: 'a.mrc' }, 'admin');
    // Another school cannot use the file.
    expect((await t.fail(C.post, { FileID: merged.FileID }, 'admin2')).status).toBe(404);
  });

  it('export → yaz-marcdump reads it → re-import into the second school gives the same titles and copies', async () => {
    const iso = await exportFile({ Flavour: 'unimarc', Format: 'iso2709', ClassNo: 'I2', WithCopies: true });
    const source = await titlesOf(1, 'I2');
    expect(source.length).toBeGreaterThan(5);
    const tmp = join(t.app.config.dataDir, 'export-check.mrc');
    writeFileSync(tmp, iso);
    const viaYaz = [...readMarcXml(execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'marcxml', tmp], { maxBuffer: 1 << 28 }))];
    expect(viaYaz.filter((r) => r.ok)).toHaveLength(source.length);

    const fileId = await upload(iso, 'admin2');
    const preview = await t.data(C.post, { FileID: fileId }, 'admin2');
    expect(preview).toMatchObject({ Records: source.length, Broken: 0, Flavours: ['unimarc'] });
    const copiesInFile = preview.Copies;

    const page = await t.data(C.previewTable, { FileID: fileId, Page: 1, Rows: 5 }, 'admin2');
    expect(page.Total).toBe(source.length);
    expect((await t.data(C.previewMarc, { FileID: fileId, Index: 0 }, 'admin2')).Lines[0]).toMatch(/^=LDR {2}/);

    // School 2 may hold some of these ISBNs under another class: those are skipped by the policy.
    const heldBefore = new Set((await t.db.selectFrom('titles').select('isbn').where('school_id', '=', 2).where('isbn', 'in', source.map((x) => x.isbn)).execute()).map((b) => b.isbn));
    const { DataID } = await t.data(C.import, { FileID: fileId, Policy: 'skip' }, 'admin2');
    await t.app.jobs.settled(DataID);
    const job = await t.db.selectFrom('jobs').selectAll().where('data_id', '=', DataID).executeTakeFirstOrThrow();
    expect(job.state).toBe(2);
    const after = await titlesOf(2, '');
    // Every title of school 1 is now in school 2 (those it had already were skipped by ISBN).
    const added = source.filter((s) => !heldBefore.has(s.isbn));
    // Each title school 2 lacked arrives as school 1 catalogued it.
    for (const s of added) expect(after).toContainEqual(s);
    const skipped = source.length - added.length;
    expect(job.message).toContain(`导入书目 ${source.length - skipped} 种`);
    // The copies of the added titles came along, with school 1's barcodes (school 2 uses none of them).
    const expected = await t.db.selectFrom('copies').innerJoin('titles', 'titles.id', 'copies.title_id').select('copies.barcode')
      .where('copies.school_id', '=', 1).where('titles.isbn', 'in', added.map((s) => s.isbn)).orderBy('copies.barcode').execute();
    const arrived = await t.db.selectFrom('copies').innerJoin('titles', 'titles.id', 'copies.title_id').select('copies.barcode')
      .where('copies.school_id', '=', 2).where('titles.isbn', 'in', added.map((s) => s.isbn)).orderBy('copies.barcode').execute();
    expect(arrived.map((c) => c.barcode)).toEqual(expected.map((c) => c.barcode));
    expect(copiesInFile).toBeGreaterThanOrEqual(expected.length);
  });

  it('a title over ISO 2709\'s limits (a summary of 4,000 Chinese characters) is shortened and counted, never the export failed; MARCXML keeps it whole', async () => {
    const title = await t.db.selectFrom('titles').select(['id', 'class_no']).where('school_id', '=', 1).where('class_no', 'like', 'K%').orderBy('id').executeTakeFirstOrThrow();
    const long = '长'.repeat(4000); // 12,000 bytes in UTF-8
    await t.db.updateTable('titles').set({ summary: long }).where('id', '=', title.id).execute();
    try {
      const { DataID } = await t.data(C.export, { Flavour: 'marc21', Format: 'iso2709', ClassNo: title.class_no, WithCopies: false }, { as: 'admin', lang: 'en-US' });
      await t.app.jobs.settled(DataID);
      const job = await t.db.selectFrom('jobs').selectAll().where('data_id', '=', DataID).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: 2, message: expect.stringContaining('shortened: 1;') });
      const iso = readFileSync(join(t.app.config.dataDir, job.result_path!));
      const tmp = join(t.app.config.dataDir, 'export-long.mrc');
      writeFileSync(tmp, iso);
      const viaYaz = [...readMarcXml(execFileSync('yaz-marcdump', ['-i', 'marc', '-o', 'marcxml', tmp], { maxBuffer: 1 << 28 }))];
      const records = await t.db.selectFrom('titles').select((e) => e.fn.countAll().as('n')).where('school_id', '=', 1).where('class_no', '=', title.class_no).executeTakeFirstOrThrow();
      expect(viaYaz.filter((r) => r.ok)).toHaveLength(Number(records.n));
      const one = await t.data(C.byItem, { ItemID: title.id, Flavour: 'marc21', Format: 'iso2709' }, 'librarian');
      expect(Buffer.from(one.Content, 'base64').length).toBeLessThanOrEqual(99999);
      const xml = await t.data(C.byItem, { ItemID: title.id, Flavour: 'marc21', Format: 'marcxml' }, 'librarian');
      expect(xml.Content).toContain(long);
    } finally {
      await t.db.updateTable('titles').set({ summary: '' }).where('id', '=', title.id).execute();
    }
  });

  it('a stopped import started again continues where it stopped, nothing doubled; a second import at once is refused', async () => {
    const iso = await exportFile({ Flavour: 'marc21', Format: 'iso2709', ClassNo: 'G', WithCopies: false });
    const file = await parseMarcFile(iso, DEFAULT_MARC_RULES);
    expect(file.records.length).toBeGreaterThan(6);
    const fileId = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
    const ac = new AbortController();
    const opts = { app: t.app, schoolId: 2, userId: 1, fileId, file, policy: 'merge' as const, withCopies: false, areaId: null, lang: 'zh-CN' as const, chunk: 3 };
    await expect(importParsed(opts, async (done) => { if (done >= 3) ac.abort(new Error('crash')); }, ac.signal)).rejects.toThrow('crash');
    const second = await importParsed(opts, async () => undefined, new AbortController().signal);
    expect(second.counts.committed).toBe(file.records.length);
    expect(second.counts.imported + second.counts.merged).toBe(file.records.length);
    const dup = await t.db.selectFrom('titles').select(['isbn13', (e) => e.fn.countAll().as('n')]).where('school_id', '=', 2).groupBy('isbn13').having((e) => e.fn.countAll(), '>', 1).execute();
    expect(dup.filter((d) => d.isbn13 !== '')).toEqual([]);

    // One import per school at a time.
    const big = await upload(iso, 'admin2');
    await t.data(C.post, { FileID: big }, 'admin2');
    const first = await t.data(C.importCatalogue, { FileID: big, Policy: 'skip' }, 'admin2');
    const refused = await t.fail(C.importCatalogue, { FileID: big, Policy: 'skip' }, 'admin2', 'en-US');
    await t.app.jobs.settled(first.DataID);
    expect(refused).toMatchObject({ status: 409, message: 'Import: one file at a time. Another MARC import of this school is still running' });

    // Two imports asked for at the same moment: one runs, the other is refused (the database
    // holds one running MARC import per school, not only the check before it starts).
    const raced = await upload(iso, 'admin2');
    await t.data(C.post, { FileID: raced }, 'admin2');
    forgetParsed(2, raced); // each request reads the file again: the window between check and start
    const both = await Promise.all([0, 1].map(() => t.call(C.importCatalogue, { FileID: raced, Policy: 'merge' }, 'admin2')));
    const bodies = both.map((r) => r.json() as { code: number; data?: { DataID: string } });
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(1);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await t.app.jobs.settled(bodies.find((b) => b.code === 0)!.data!.DataID);
  });

  it('a broken file: every record reported with its position, nothing half-written; rules round-trip; one title as MARC', async () => {
    const good = await exportFile({ Flavour: 'marc21', Format: 'iso2709', ClassNo: 'O1', WithCopies: false });
    const broken = Buffer.concat([Buffer.from('00xyzbroken-leader-garbage\x1d'), good.subarray(0, good.length - 40)]);
    const fileId = await upload(broken, 'admin');
    const preview = await t.data(C.post, { FileID: fileId }, 'admin');
    expect(preview.Broken + preview.WithProblems).toBeGreaterThan(0);
    const problems = await t.data(C.previewTable, { FileID: fileId, Page: 1, Rows: 50, OnlyProblems: true }, 'admin', );
    expect(problems.List.length).toBeGreaterThan(0);
    expect(problems.List[0]!.Problems[0]!.Message).not.toMatch(/^marc:/);
    const rules = await t.data(C.getRule, {}, 'admin');
    await t.data(C.updateRule, rules, 'admin');
    const title = await t.db.selectFrom('titles').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const one = await t.data(C.byItem, { ItemID: title.id, Flavour: 'unimarc', Format: 'marcxml' }, 'librarian');
    expect(one.Content).toContain('<record');
    expect((await t.fail(C.byItem, { ItemID: title.id, Flavour: 'unimarc', Format: 'marcxml' }, 'admin2')).status).toBe(404);
  });

  it('says each problem in the request language, its facts included: preview table, a broken record, the import report', async () => {
    // A UNIMARC record (UTF-8, leader/09 'a') whose leader length lies and whose title has a byte
    // that is not UTF-8, after 6 bytes too short to be a record and before 1 stray byte.
    const good = writeIso2709({
      leader: '00000nam a2200000   450 ',
      fields: [{ tag: '001', value: 'FACTS-1' }, { tag: '200', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'Bad#Title' }] }],
    });
    good.write('00030', 0, 'latin1');
    good[good.indexOf('#')] = 0xff;
    const bytes = Buffer.concat([Buffer.from('12345\x1d', 'latin1'), good, Buffer.from('X')]);
    const fileId = await upload(bytes, 'admin2', 64 * 1024, 'facts.mrc');
    expect(await t.data(C.post, { FileID: fileId }, 'admin2')).toMatchObject({ Records: 3, Broken: 2 });
    const messages = async (lang: string) => (await t.data(C.previewTable, { FileID: fileId, Page: 1, Rows: 10 }, { as: 'admin2', lang })).List
      .map((r: { Problems: { Code: string; Message: string }[] }) => r.Problems.map((p) => p.Message));

    const zh = await messages('zh-CN');
    expect(zh).toEqual([
      ['过短，不是完整记录（只有 6 字节，容不下头标区和目次区）'],
      ['头标区记录长度错误（已修复）：头标区记为 30，记录实际为 ' + good.length + ' 字节', '存在无法解码的字节（已替换）：200 字段有 1 处无法解码的字节，已替换为“�”'],
      ['最后一条记录之后有非记录字节（共 1 字节）'],
    ]);
    // Not a word of English in what a Chinese cataloguer reads.
    expect(zh.flat().filter((m: string) => /[A-Za-z]/.test(m))).toEqual([]);
    expect(await messages('en-US')).toEqual([
      ['Too short to be a record (its 6 bytes cannot hold a leader and a directory)'],
      [`The leader gives a wrong record length (repaired): 30 in the leader, ${good.length} bytes in the record`, 'Bytes that are not characters (replaced): 1 invalid byte sequence in field 200 became “�”'],
      ['Bytes after the last record that are not a record (1 byte)'],
    ]);

    // A broken record's lines say the same, not its raw code.
    expect((await t.data(C.previewMarc, { FileID: fileId, Index: 0 }, 'admin2')).Lines).toEqual(['过短，不是完整记录（只有 6 字节，容不下头标区和目次区）']);
    expect((await t.data(C.previewMarc, { FileID: fileId, Index: 2 }, { as: 'admin2', lang: 'en-US' })).Lines).toEqual(['Bytes after the last record that are not a record (1 byte)']);

    // The import report names each refused record with the same words.
    const { DataID } = await t.data(C.importCatalogue, { FileID: fileId, Policy: 'skip' }, 'admin2');
    await t.app.jobs.settled(DataID);
    const job = await t.db.selectFrom('jobs').selectAll().where('data_id', '=', DataID).executeTakeFirstOrThrow();
    const report = readFileSync(join(t.app.config.dataDir, job.result_path!), 'utf8');
    expect(report).toContain('第 1 条记录（字节 0，001 —）：过短，不是完整记录（只有 6 字节，容不下头标区和目次区）');
    expect(report).toContain(`第 3 条记录（字节 ${6 + good.length}，001 —）：最后一条记录之后有非记录字节（共 1 字节）`);
    const file = await parseMarcFile(bytes, DEFAULT_MARC_RULES);
    const english = await importParsed({ app: t.app, schoolId: 2, userId: 1, fileId: 'ffffffff-bbbb-cccc-dddd-eeeeeeeeeeee', file, policy: 'skip', withCopies: false, areaId: null, lang: 'en-US' }, async () => undefined, new AbortController().signal);
    expect(english.report).toEqual([
      'Record 1 (byte 0, 001 —): Too short to be a record (its 6 bytes cannot hold a leader and a directory)',
      `Record 3 (byte ${6 + good.length}, 001 —): Bytes after the last record that are not a record (1 byte)`,
    ]);
  });

  it('a file is read as Post was told to read it, also after the gateway forgot it (a restart) and after its import; a finished import starts afresh', async () => {
    // Both title fields: on its own the reader cannot tell the flavour and takes MARC 21 (245);
    // the cataloguer said UNIMARC (200).
    const record = writeIso2709({
      leader: '00000nam a2200000   4500',
      fields: [
        { tag: '001', value: 'FLAV-1' },
        { tag: '010', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '9787111000426' }] },
        { tag: '200', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: '统一书名甲' }] },
        { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: 'Marc Title B' }] },
      ],
    });
    const fileId = await upload(record, 'admin2', 64 * 1024, 'flavour.mrc');
    await t.data(C.post, { FileID: fileId, Flavour: 'unimarc' }, 'admin2');
    const titleOf = async () => (await t.data(C.previewTable, { FileID: fileId, Page: 1, Rows: 5 }, 'admin2')).List[0]!.Title;
    expect(await titleOf()).toBe('统一书名甲');
    forgetParsed(2, fileId);
    expect(await titleOf()).toBe('统一书名甲');
    forgetParsed(2, fileId);
    const { DataID } = await t.data(C.importCatalogue, { FileID: fileId, Policy: 'skip' }, 'admin2');
    await t.app.jobs.settled(DataID);
    const added = await t.db.selectFrom('titles').select('title').where('school_id', '=', 2).where('title', 'in', ['统一书名甲', 'Marc Title B']).execute();
    expect(added.map((x) => x.title)).toEqual(['统一书名甲']);
    // The import let go of the parsed file; the preview reads it again, the same way.
    expect(await titleOf()).toBe('统一书名甲');
    // A finished import is not resumed: the same file imported again, now replacing, starts afresh.
    await t.db.updateTable('titles').set({ title: '改过的书名' }).where('school_id', '=', 2).where('title', '=', '统一书名甲').execute();
    const again = await t.data(C.importCatalogue, { FileID: fileId, Policy: 'replace' }, 'admin2');
    await t.app.jobs.settled(again.DataID);
    const job = await t.db.selectFrom('jobs').select('message').where('data_id', '=', again.DataID).executeTakeFirstOrThrow();
    expect(job.message).toContain('导入书目 0 种，合并 0 种，替换 1 种');
    expect((await t.db.selectFrom('titles').select('title').where('school_id', '=', 2).where('isbn', '=', '9787111000426').execute()).map((x) => x.title)).toEqual(['统一书名甲']);
  });
});
