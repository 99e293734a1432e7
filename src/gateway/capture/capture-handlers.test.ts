import { createServer, type Server } from 'node:http';
import { createServer as createTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureCalls as C } from '../../shared/api/capture.ts';
import { catalogueCalls } from '../../shared/api/catalogue.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { freePort, startZtest, type ZtestServer } from './ztest-server.ts';
import { mapCatalogueToMarc } from '../marc/marc-mapping.ts';
import { recordToMarcXml } from '../marc/marcxml.ts';

const t = useTestGateway();
let ztest: ZtestServer;
let http: Server;
let httpBase = '';
let silent: ReturnType<typeof createTcp>;
let silentPort = 0;
const sruRequests: URLSearchParams[] = [];
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

beforeAll(async () => {
  ztest = await startZtest();
  http = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const isbn = url.searchParams.get('isbn') ?? url.pathname.split('/').pop();
    if (url.pathname.startsWith('/books')) {
      if (url.searchParams.get('key') !== 'k-123') { res.writeHead(401).end(); return; }
      if (isbn !== '9787020002207') { res.writeHead(404).end(); return; }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 0, data: { book: { name: '红楼梦', writer: ['曹雪芹', '高鹗'], press: '人民文学出版社', price: '￥59.70', pubdate: '1996-12', clc: 'I242.4', lexile: '1010L' } } }));
    } else if (url.pathname === '/sru') {
      // An SRU server of a Chinese union catalogue: UNIMARC (CNMARC) records in MARCXML slim,
      // packed as XML or as an escaped string as the request asks.
      sruRequests.push(url.searchParams);
      const hit = url.searchParams.get('query') === 'bath.isbn=9787020002207';
      const record = recordToMarcXml(mapCatalogueToMarc({ title: '红楼梦', parallelTitle: 'Hong lou meng', authors: ['曹雪芹'], publisher: '人民文学出版社', place: '北京', year: '1996', isbn: '9787020002207', price: 59.7, classNumber: 'I242.4', language: 'chi', subjects: ['章回小说'] }, [], 'unimarc', { controlNumber: 'CN001' }), true);
      const data = url.searchParams.get('recordPacking') === 'string' ? record.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : record;
      res.setHeader('content-type', 'text/xml; charset=utf-8');
      res.end(`<?xml version="1.0" encoding="UTF-8"?><zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/"><zs:version>1.2</zs:version><zs:numberOfRecords>${hit ? 1 : 0}</zs:numberOfRecords>${hit ? `<zs:records><zs:record><zs:recordSchema>${url.searchParams.get('recordSchema')}</zs:recordSchema><zs:recordPacking>xml</zs:recordPacking><zs:recordData>${data}</zs:recordData><zs:recordPosition>1</zs:recordPosition></zs:record></zs:records>` : ''}</zs:searchRetrieveResponse>`);
    } else if (url.pathname.startsWith('/cover/')) {
      res.setHeader('content-type', 'image/png');
      res.end(PNG);
    } else if (url.pathname.startsWith('/notimage/')) {
      res.setHeader('content-type', 'image/png');
      res.end('<html>not an image</html>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpBase = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  // Accepts connections and never answers: the timeout must still end the call.
  silent = createTcp(() => undefined);
  silentPort = await freePort();
  await new Promise<void>((r) => silent.listen(silentPort, '127.0.0.1', r));
});
afterAll(async () => {
  await ztest?.stop();
  http?.close();
  silent?.close();
});

const sru = (extra: Record<string, unknown> = {}) => ({ ID: 'sru', Enabled: true, URL: ztest.baseUrl, ApiKey: '', TimeoutMs: 5000, Database: 'Default', RecordSchema: 'marcxml', IsbnIndex: 'isbn', ...extra });

describe('capture by ISBN', () => {
  it('an unconfigured source is refused at once, naming it, in both languages', async () => {
    const started = Date.now();
    expect(await t.fail(C.ddw, { ISBN: '9787020002207' }, 'admin', 'zh-CN')).toMatchObject({ status: 409, message: '未配置数据源「当当网」，请先在编目规则中设置其地址' });
    expect((await t.fail(C.marc, { ISBN: '9787020002207' }, 'admin', 'en-US')).message).toBe('The data source “SRU / Z39.50 server” is not configured; set its address in the cataloguing rules');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('SRU: a record from the Z39.50 test server becomes a draft with the ISBN asked for', async () => {
    await t.data(C.saveSource, sru(), 'admin');
    const r = await t.data(C.marc, { ISBN: '9787020002207' }, 'librarian');
    expect(r).toMatchObject({ Found: true, Source: 'sru', Item: { Title: 'How to program a computer', Author: 'Jack Collins', ISBN: '9787020002207', Language: 'en', BookNo: '' } });
    expect(r.Item!.ISBNHyphenated).toBe('978-7-02-000220-7');
    // The lookup of the cataloguing screens finds it through the same source.
    expect(await t.data(C.any, { ISBN: '9787020002207' }, 'librarian')).toMatchObject({ Found: true, Source: 'sru' });
  });

  it('SRU with UNIMARC (CNMARC) records: the Chinese record becomes a draft; a miss is "not found"', async () => {
    await t.data(C.saveSource, sru({ URL: `${httpBase}/sru`, RecordSchema: 'unimarc', IsbnIndex: 'bath.isbn', Database: '' }), 'admin');
    const r = await t.data(C.marc, { ISBN: '978-7-02-000220-7' }, 'librarian');
    expect(r).toMatchObject({ Found: true, Source: 'sru', Item: { Title: '红楼梦', ParallelTitle: 'Hong lou meng', Author: '曹雪芹', Publisher: '人民文学出版社', ISBN: '9787020002207', ClassNo: 'I242.4', Language: 'zh', Price: 59.7 } });
    expect(sruRequests.at(-1)?.get('recordSchema')).toBe('unimarc');
    expect((await t.data(C.marc, { ISBN: '9787020024759' }, 'librarian')).Found).toBe(false);
    await t.data(C.saveSource, sru(), 'admin');
  });

  it('a silent server times out and an absent one is unreachable: a 503 naming the source, never a hang', async () => {
    await t.data(C.saveSource, sru({ URL: `http://127.0.0.1:${silentPort}`, TimeoutMs: 600 }), 'admin');
    const started = Date.now();
    const slow = await t.fail(C.marc, { ISBN: '9787020002207' }, 'admin', 'zh-CN');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow.status).toBe(503);
    // The reason is said in the reader's language too, not in the log's English.
    expect(slow.message).toBe('「SRU / Z39.50 服务器」响应超时（0.6 秒内没有完整的回答）');
    const gone = await freePort();
    await t.data(C.saveSource, sru({ URL: `http://127.0.0.1:${gone}` }), 'admin');
    expect((await t.fail(C.marc, { ISBN: '9787020002207' }, 'admin', 'en-US')).message).toBe('Cannot reach “SRU / Z39.50 server” (the connection was refused); check its address or the network');
    expect((await t.fail(C.marc, { ISBN: '9787020002207' }, 'admin', 'zh-CN')).message).toBe('无法连接「SRU / Z39.50 服务器」（连接被拒绝），请检查地址或网络');
  });

  it('a JSON source by address, key and mapping; the key is never sent back; 404 is "not found"', async () => {
    await t.data(C.saveSource, {
      ID: 'ddw', Enabled: true, URL: `${httpBase}/books?isbn={isbn}&key={key}`, ApiKey: 'k-123', TimeoutMs: 3000,
      Root: 'data.book', Mapping: { Title: 'name', Author: 'writer', Publisher: 'press' },
    }, 'admin');
    const sources = await t.data(C.getSources, {}, 'librarian');
    const ddw = sources.find((s) => s.ID === 'ddw')!;
    expect(ddw).toMatchObject({ Configured: true, HasApiKey: true });
    expect(JSON.stringify(sources)).not.toContain('k-123');
    const r = await t.data(C.ddw, { ISBN: '7-02-000220-X' }, 'librarian');
    expect(r.Item).toMatchObject({ Title: '红楼梦', Author: '曹雪芹; 高鹗', Publisher: '人民文学出版社', Price: 59.7, PubYear: 1996, ClassNo: 'I242.4', Source: 'ddw' });
    const none = await t.data(C.ddw, { ISBN: '9787111111115' }, 'librarian', );
    expect(none).toMatchObject({ Found: false, Item: null });
    expect(none.Message).toContain('当当网');
    // Saving again with a blank key keeps it; ClearApiKey removes it.
    await t.data(C.saveSource, { ID: 'ddw', Enabled: true, URL: `${httpBase}/books?isbn={isbn}&key={key}`, ApiKey: '', TimeoutMs: 3000, Root: 'data.book', Mapping: { Title: 'name' } }, 'admin');
    expect((await t.data(C.ddw, { ISBN: '9787020002207' }, 'librarian')).Found).toBe(true);
    await t.data(C.saveSource, { ID: 'ddw', Enabled: true, URL: `${httpBase}/books?isbn={isbn}&key={key}`, ApiKey: '', ClearApiKey: true, TimeoutMs: 3000 }, 'admin');
    expect((await t.fail(C.ddw, { ISBN: '9787020002207' }, 'librarian')).status).toBe(503);
  });

  it('Lexile measures and covers: an image is stored for the school, anything else is refused', async () => {
    await t.data(C.saveSource, { ID: 'lexile', Enabled: true, URL: `${httpBase}/books`, ApiKey: 'k-123', TimeoutMs: 3000, Root: 'data.book' }, 'admin');
    expect(await t.data(C.lexile, { ISBN: '9787020002207' }, 'librarian')).toMatchObject({ Found: true, Lexile: '1010L' });
    await t.data(C.saveSource, { ID: 'cover-zh', Enabled: true, URL: `${httpBase}/cover/{isbn}.png`, ApiKey: '', TimeoutMs: 3000 }, 'admin');
    const cover = await t.data(C.coverZh, { ISBN: '9787020002207' }, 'librarian');
    expect(cover.Cover).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(cover.CoverUrl).toContain('/Upload/GetImage?School=1');
    await t.data(C.saveSource, { ID: 'cover-en', Enabled: true, URL: `${httpBase}/notimage/{isbn}`, ApiKey: '', TimeoutMs: 3000 }, 'admin');
    expect(await t.fail(C.coverEn, { ISBN: '9787020002207' }, 'librarian', 'en-US')).toMatchObject({ status: 503, message: '“English covers” did not return a JPEG or PNG image of at most 2 MB' });
  });

  it('the union catalogue copies another school\'s record (catalogue fields only) and lists who holds it', async () => {
    const area2 = (await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 2).orderBy('id').executeTakeFirstOrThrow()).id;
    await t.data(catalogueCalls.addItemsCatalogueInfo, {
      Item: { Title: '联合目录测试', Author: '某作者', Publisher: '某出版社', ISBN: '9791000000084', Price: 12.5, ClassNo: 'G624', Summary: '简介' },
      Copies: { Count: 2, AreaID: area2 },
    }, 'admin2');
    const r = await t.data(C.union, { ISBN: '9791000000084' }, 'librarian');
    expect(r).toMatchObject({ Found: true, Source: 'union', Item: { Title: '联合目录测试', ClassNo: 'G624', BookNo: '', Summary: '简介' } });
    expect(r.Holders).toEqual([{ School: expect.any(String), Copies: 2 }]);
    const list = await t.data(C.searchUnion, { Page: 1, Rows: 10, SearchKey: '联合目录' }, 'librarian');
    expect(list.List).toEqual([expect.objectContaining({ ISBN: '9791000000084', Schools: 1, Copies: 2, Mine: false })]);
    // The school's own titles are not "captured" from itself.
    expect((await t.data(C.union, { ISBN: '9791000000084' }, 'admin2')).Found).toBe(false);
  });

  it('only cataloguers capture and only rule editors configure', async () => {
    expect((await t.fail(C.marc, { ISBN: '9787020002207' }, 'student')).status).toBe(403);
    expect((await t.fail(C.saveSource, sru(), 'student')).status).toBe(403);
    expect((await t.fail(C.saveSource, { ...sru(), URL: 'file:///etc/passwd' }, 'admin')).status).toBe(400);
  });

  it('students cannot read the source settings (addresses may hold tokens) or search the union catalogue', async () => {
    expect((await t.fail(C.getSources, {}, 'student')).status).toBe(403);
    expect((await t.fail(C.searchUnion, { Rows: 10 }, 'student')).status).toBe(403);
    expect((await t.data(C.getSources, {}, 'librarian')).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!PG_TEST_URL)('capture sources on PostgreSQL', () => {
  const pg = useTestGateway({ postgres: true });

  it('sources saved at the same moment all keep their settings', async () => {
    const ids = ['ddw', 'zgtsw', 'ocrc', 'lanree', 'shtsg', 'scholastic', 'syzn'] as const;
    const saved = await Promise.all(ids.map((ID) => pg.call(C.saveSource, { ID, Enabled: true, URL: `http://127.0.0.1:9/${ID}/{isbn}`, ApiKey: '', TimeoutMs: 5000 }, 'admin')));
    expect(saved.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const sources = await pg.data(C.getSources, {}, 'admin');
    expect(ids.filter((id) => !sources.find((s) => s.ID === id)?.Configured)).toEqual([]);
  });
});
