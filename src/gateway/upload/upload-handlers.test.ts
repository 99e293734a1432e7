import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readerCalls } from '../../shared/api/readers.ts';
import { uploadCalls } from '../../shared/api/upload.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { mergeChunks, readUploaded, receivedChunks, saveChunk, uploadedPath } from './chunk-store.ts';

const t = useTestGateway();

// The smallest valid PNG signature + IHDR start is enough for the type sniffing.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('uploadImage (reader photo)', () => {
  it('stores one PNG per school, serves it through a signed address, and links it to a reader', async () => {
    const res = await t.data(uploadCalls.uploadImage, { FileName: 'me.png', Content: PNG.toString('base64') }, 'admin');
    expect(res).toMatchObject({ FileID: expect.stringMatching(/\.png$/), Url: expect.stringContaining('/Upload/GetImage?School=1&') });
    const { FileID, Url } = res;
    const img = await t.app.inject({ method: 'GET', url: Url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: Url.replace('School=1', 'School=2') })).statusCode).toBe(403);

    const reader = await t.data(readerCalls.addReader, { Account: 'photo1', Name: '照片', ReaderID: 'PH1', Identity: 'other', Phone: '13512345678', Photo: FileID }, 'admin');
    expect(reader).toMatchObject({ Photo: FileID, PhotoUrl: expect.stringContaining(FileID) });
    // School 2 cannot link school 1's file.
    expect((await t.fail(readerCalls.addReader, { Account: 'photo2', Name: '照片', ReaderID: 'PH2', Identity: 'other', Phone: '13512345678', Photo: FileID }, 'admin2')).status).toBe(404);
  });

  it('refuses what is not a JPEG/PNG or is over 2 MB, and roles without the key', async () => {
    expect(await t.fail(uploadCalls.uploadImage, { FileName: 'x.png', Content: Buffer.from('<svg/>').toString('base64') }, 'admin')).toMatchObject({ status: 400, message: '只能上传一张 JPEG 或 PNG 图片' });
    expect((await t.fail(uploadCalls.uploadImage, { FileName: 'x.gif', Content: PNG.toString('base64') }, 'admin')).status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await t.fail(uploadCalls.uploadImage, { FileName: 'x.png', Content: big.toString('base64') }, 'admin', 'en-US')).toMatchObject({ status: 400, message: 'The image must not exceed 2 MB' });
    for (const account of ['teacher', 'student']) {
      expect((await t.fail(uploadCalls.uploadImage, { FileName: 'me.png', Content: PNG.toString('base64') }, account)).status).toBe(403);
    }
  });
});

describe('chunked uploads (MARC import)', () => {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('two overlapping merges of one upload never fail with 500, and leave one whole file', async () => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const UploadID = randomUUID();
      const parts = Array.from({ length: 150 }, (_, i) => Buffer.alloc(8192, (i + attempt) % 251));
      for (const [Index, part] of parts.entries()) await t.data(uploadCalls.chunk, { UploadID, Index, Content: part.toString('base64'), Sha256: sha(part) }, 'librarian');
      const whole = Buffer.concat(parts);
      const input = { UploadID, Chunks: parts.length, Size: whole.length, Sha256: sha(whole), FileName: 'x.mrc' };
      const first = t.call(uploadCalls.merge, input, 'librarian');
      await new Promise((r) => setTimeout(r, attempt * 3));
      const second = t.call(uploadCalls.merge, input, 'librarian');
      const codes = (await Promise.all([first, second])).map((r) => r.statusCode);
      expect(codes.every((c) => c < 500), String(codes)).toBe(true);
      expect(codes).toContain(200);
    }
  });

  it('only roles that import MARC may upload chunks; an upload\'s chunks are capped at the whole-file limit', async () => {
    const part = Buffer.from('hello');
    const chunk = { UploadID: randomUUID(), Index: 0, Content: part.toString('base64'), Sha256: sha(part) };
    for (const who of ['student', 'teacher', 'parent']) {
      expect((await t.fail(uploadCalls.chunk, chunk, who)).status).toBe(403);
      expect((await t.fail(uploadCalls.merge, { UploadID: chunk.UploadID, Chunks: 1, Size: 5, Sha256: sha(part), FileName: 'x.mrc' }, who)).status).toBe(403);
    }
    expect((await t.data(uploadCalls.chunk, chunk, 'librarian')).Size).toBe(5);
    // The cap counts every chunk held; a chunk sent again replaces itself and is counted once.
    const dir = t.app.config.dataDir;
    const id = randomUUID();
    expect(await saveChunk(dir, 1, id, 0, Buffer.alloc(6), 10)).toEqual({ ok: true });
    expect(await saveChunk(dir, 1, id, 0, Buffer.alloc(6), 10)).toEqual({ ok: true });
    expect(await saveChunk(dir, 1, id, 1, Buffer.alloc(5), 10)).toEqual({ ok: false, tooLarge: true });
    expect(await receivedChunks(dir, 1, id)).toEqual({ indexes: [0], size: 6 });
  });

  it('the sweep removes a merged file after a day without use, not a day after its merge: reading it counts as a use', async () => {
    const dir = t.app.config.dataDir;
    const merged = async (fill: number) => {
      const id = randomUUID();
      const bytes = Buffer.alloc(100, fill);
      await saveChunk(dir, 1, id, 0, bytes, 1000);
      const r = await mergeChunks(dir, 1, id, 1, { size: 100, sha256: sha(bytes), fileName: `f${fill}.mrc` });
      if (!r.ok) throw new Error('merge failed');
      return r.fileId;
    };
    const used = await merged(1);
    const unused = await merged(2);
    // Both merged two days ago.
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const id of [used, unused]) for (const f of [`${id}.bin`, `${id}.json`]) await utimes(join(uploadedPath(dir, 1, id)!, '..', f), old, old);
    expect((await readUploaded(dir, 1, used))!.equals(Buffer.alloc(100, 1))).toBe(true);
    // A new upload's first chunk sweeps the school's folder.
    await saveChunk(dir, 1, randomUUID(), 0, Buffer.alloc(1), 1000);
    expect(uploadedPath(dir, 1, used)).not.toBeNull();
    expect(uploadedPath(dir, 1, unused)).toBeNull();
  });
});
