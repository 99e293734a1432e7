import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestGateway } from '../testing/gateway-fixture.ts';

describe('web app hosting', () => {
  const t = useTestGateway();

  it('redirects / and the OAuth return paths into the hash router, keeping the query', async () => {
    expect((await t.app.inject('/')).headers.location).toBe('/library/');
    const cb = await t.app.inject('/library/callback?code=abc&state=x%20y');
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/library/#/callback?code=abc&state=x%20y');
    expect((await t.app.inject('/library/search')).headers.location).toBe('/library/#/search');
    const cs = await t.app.inject('/library/callbacksearch?code=1');
    expect(cs.headers.location).toBe('/library/#/callbacksearch?code=1');
  });

  it('answers 503 with a build hint when the web build is missing', async () => {
    const res = await t.app.inject({ url: '/library/', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect(res.body).toContain('The web app is not built yet');
  });
});

describe('web app hosting with a build', () => {
  let web: string;
  // Registered before the gateway's hooks: the folder exists before it starts and goes after it closes.
  beforeAll(() => {
    web = mkdtempSync(join(tmpdir(), 'lib-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Library</title>');
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    mkdirSync(join(web, '.vite'));
    writeFileSync(join(web, '.vite', 'manifest.json'), '{}');
  });
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  const t = useTestGateway(() => ({ config: { webRoot: web } }));

  it('serves index.html at /library/ and long-caches hashed assets', async () => {
    const index = await t.app.inject('/library/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Library</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    // Scripts from our origin only; the app is never framed by another site (clickjacking).
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(index.headers['x-frame-options']).toBe('DENY');
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    // Only the embed document may be framed (the door's counts, /inoutstatisticiframe).
    const embed = await t.app.inject('/library/embed');
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('<title>Library</title>');
    expect(embed.headers['content-security-policy']).toContain("script-src 'self'");
    expect(embed.headers['content-security-policy']).not.toContain('frame-ancestors');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const asset = await t.app.inject('/library/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/library')).headers.location).toBe('/library/');
  });

  it('does not serve the build\'s own bookkeeping (dot folders such as .vite/)', async () => {
    expect((await t.app.inject('/library/.vite/manifest.json')).statusCode).toBe(404);
  });
});
