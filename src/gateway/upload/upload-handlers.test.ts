import { describe, expect, it } from 'vitest';
import { readerCalls } from '../../shared/api/readers.ts';
import { uploadCalls } from '../../shared/api/upload.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

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
