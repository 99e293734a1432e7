import { createServer, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARC_RULES } from '../../shared/domain/marc-rules.ts';
import { mapMarcToCatalogue } from '../marc/marc-mapping.ts';
import { searchSru, SruError, sruUrl } from './sru-client.ts';
import { freePort, startZtest, type ZtestServer } from './ztest-server.ts';
import { REASON_KEYS } from './capture-reason.ts';

let ztest: ZtestServer;
beforeAll(async () => { ztest = await startZtest(); });
afterAll(async () => { await ztest?.stop(); });

async function sruError(p: Promise<unknown>): Promise<SruError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof SruError) return e;
    throw e;
  }
  throw new Error('expected an SruError');
}

describe('searchSru against yaz-ztest', () => {
  it('reads MARCXML records and the hit count', async () => {
    const r = await searchSru({ baseUrl: ztest.baseUrl, database: 'Default', query: 'computer', recordSchema: 'marcxml', maximumRecords: 3, timeoutMs: 5000 });
    expect(r.total).toBe(23);
    expect(r.records).toHaveLength(3);
    expect(r.problems).toEqual([]);
    const first = r.records[0]!;
    expect(first.flavour).toBe('marc21');
    expect(first.controlNumber).toBe('11224466');
    const mapped = mapMarcToCatalogue(first.record, DEFAULT_MARC_RULES.marc21);
    expect(mapped.item.title).toBe('How to program a computer');
    expect(mapped.item.authors).toEqual(['Jack Collins']);
    expect(mapped.item.language).toBe('eng');
  });

  it('answers an ISBN query with its canned records (yaz-ztest does not search)', async () => {
    const r = await searchSru({ baseUrl: ztest.baseUrl, database: 'Default', query: 'isbn=9787020002207', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 5000 });
    expect(r.total).toBe(5);
    expect(r.records).toHaveLength(1);
    expect(mapMarcToCatalogue(r.records[0]!.record, DEFAULT_MARC_RULES.marc21).item.title).toBe('How to program a computer');
  });

  it('reads records packed as escaped strings', async () => {
    const r = await searchSru({ baseUrl: ztest.baseUrl, database: 'Default', query: 'computer', recordSchema: 'marcxml', recordPacking: 'string', version: '1.1', maximumRecords: 2, startRecord: 2, timeoutMs: 5000 });
    expect(r.records).toHaveLength(2);
    expect(r.records.every((x) => x.record.fields.some((f) => f.tag === '245'))).toBe(true);
  });

  it('turns a schema the server cannot deliver into a diagnostic error', async () => {
    const e = await sruError(searchSru({ baseUrl: ztest.baseUrl, database: 'Default', query: 'isbn=9787020002207', recordSchema: 'unimarc', maximumRecords: 1, timeoutMs: 5000 }));
    expect(e.kind).toBe('diagnostic');
    expect(e.diagnostics[0]?.uri).toBe('info:srw/diagnostic/1/63');
  });

  it('reports an unknown database as a bad response with its status', async () => {
    const e = await sruError(searchSru({ baseUrl: ztest.baseUrl, database: 'Nope', query: 'x', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 5000 }));
    expect(e.kind).toBe('badResponse');
    expect(e.status).toBe(404);
  });
});

describe('searchSru failures', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets: Socket[] = [];
  let junk: Server;
  let junkPort = 0;
  beforeAll(async () => {
    // Accepts and never answers: only the deadline ends the wait.
    silent = createServer((s) => { sockets.push(s); });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentPort = (silent.address() as { port: number }).port;
    // Answers 200 with something that is not SRU.
    junk = createServer((s) => {
      s.once('data', () => s.end('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\n\r\n<html><body>login</body></html>'));
    });
    await new Promise<void>((r) => junk.listen(0, '127.0.0.1', r));
    junkPort = (junk.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
    await new Promise((r) => junk.close(r));
  });

  it('says unreachable when nothing listens', async () => {
    const port = await freePort();
    const e = await sruError(searchSru({ baseUrl: `http://127.0.0.1:${port}`, query: 'x', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 3000 }));
    expect(e.kind).toBe('unreachable');
    expect(e.message).toContain('ECONNREFUSED');
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    const e = await sruError(searchSru({ baseUrl: `http://127.0.0.1:${silentPort}`, query: 'x', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 300 }));
    expect(e.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops when the caller aborts', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const e = await sruError(searchSru({ baseUrl: `http://127.0.0.1:${silentPort}`, query: 'x', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 5000, signal: ac.signal }));
    expect(e.kind).toBe('aborted');
  });

  it('refuses an answer that is not SRU', async () => {
    const e = await sruError(searchSru({ baseUrl: `http://127.0.0.1:${junkPort}`, query: 'x', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 3000 }));
    expect(e.kind).toBe('badResponse');
    expect(e.message).toContain('<html>');
  });

  it('builds the request URL of each SRU version', () => {
    expect(sruUrl({ baseUrl: 'http://h:1/sru/', database: 'Default', query: 'isbn=1', recordSchema: 'marcxml', maximumRecords: 5, timeoutMs: 1 }))
      .toBe('http://h:1/sru/Default?version=1.2&operation=searchRetrieve&query=isbn%3D1&maximumRecords=5&recordSchema=marcxml&recordPacking=xml');
    expect(sruUrl({ baseUrl: 'http://h:1', query: 'a', recordSchema: 'unimarc', maximumRecords: 1, version: '2.0', timeoutMs: 1 })).toContain('recordXMLEscaping=xml');
  });
});

describe('capture reasons', () => {
  it('every reason a failure can give is said in both languages, and a failure carries one', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const reasons = (JSON.parse(readFileSync(`locales/${lang}/capture.json`, 'utf8')) as { reason: Record<string, string> }).reason;
      expect(REASON_KEYS.filter((k) => !reasons[k]), lang).toEqual([]);
    }
    const e = await sruError(searchSru({ baseUrl: `http://127.0.0.1:${await freePort()}`, query: 'x', recordSchema: 'marcxml', maximumRecords: 1, timeoutMs: 3000 }));
    expect(e.reason).toEqual({ $t: 'capture:reason.refused' });
  });
});
