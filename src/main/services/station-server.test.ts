import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayAnswers, startStationServer } from './station-server.ts';

const root = mkdtempSync(join(tmpdir(), 'station-'));
const web = join(root, 'renderer');
mkdirSync(join(web, 'assets'), { recursive: true });
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(root, 'secret.txt'), 'not for the window');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the offline station\'s file server', () => {
  it('serves the app under /library/ with its CSP, and nothing else', async () => {
    const s = await startStationServer(web);
    try {
      expect(s.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const index = await fetch(`${s.origin}/library/`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toContain('text/html');
      expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await (await fetch(`${s.origin}/library/assets/app.js`)).text()).toBe('console.log(1)');
      expect((await fetch(`${s.origin}/library/%2e%2e/secret.txt`)).status).toBe(404);
      expect((await fetch(`${s.origin}/library/..%2fsecret.txt`)).status).toBe(404);
      expect((await fetch(`${s.origin}/micro/library/web1.0/Home/Login`)).status).toBe(404);
      expect((await fetch(`${s.origin}/library/`, { method: 'POST' })).status).toBe(405);
      expect(await gatewayAnswers(s.origin)).toBe(true);
    } finally {
      await s.close();
    }
    expect(await gatewayAnswers(s.origin, 500)).toBe(false);
  });
});
