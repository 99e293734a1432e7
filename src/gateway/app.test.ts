import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../shared/api/all-calls.ts';
import { loadConfig, REPO_ROOT, SSO_ASSETS_SUBDIR, type GatewayConfig } from './config.ts';
import { useTestGateway } from './testing/gateway-fixture.ts';

describe('gateway config: files by configuration', () => {
  it('defaults to the repository layout and takes flags before environment variables', () => {
    const plain = loadConfig([], {});
    expect(plain.localesDir).toBe(join(REPO_ROOT, 'locales'));
    expect(plain.ssoAssetsDir).toBe(join(REPO_ROOT, SSO_ASSETS_SUBDIR));
    expect(readFileSync(join(plain.ssoAssetsDir, 'login.js'), 'utf8')).toContain('login');

    const env = { LIB_LOCALES_DIR: '/env/locales', LIB_SSO_ASSETS_DIR: '/env/assets' };
    expect(loadConfig([], env)).toMatchObject({ localesDir: '/env/locales', ssoAssetsDir: '/env/assets' });
    expect(loadConfig(['--locales', '/app/locales', '--sso-assets', '/app/assets'], env)).toMatchObject({
      localesDir: '/app/locales',
      ssoAssetsDir: '/app/assets',
    });
  });
});

describe('gateway built on copied files', () => {
  let dir: string;
  let config: Partial<GatewayConfig> = {};
  // Registered before the gateway's hooks: the files exist before it starts and go after it closes.
  beforeAll(() => {
    // A layout unlike the source tree: the gateway must read what the config points at.
    dir = mkdtempSync(join(tmpdir(), 'lib-files-'));
    const locales = join(dir, 'lang');
    const assets = join(dir, 'sso-files');
    cpSync(join(REPO_ROOT, 'locales'), locales, { recursive: true });
    const sso = JSON.parse(readFileSync(join(locales, 'zh-CN', 'sso.json'), 'utf8')) as { error: { title: string } };
    sso.error.title = '来自配置的标题';
    writeFileSync(join(locales, 'zh-CN', 'sso.json'), JSON.stringify(sso));
    mkdirSync(assets);
    for (const f of ['login.js', 'logout.js']) cpSync(join(REPO_ROOT, SSO_ASSETS_SUBDIR, f), join(assets, f));
    writeFileSync(join(assets, 'sso.css'), '/* configured */');
    const web = join(dir, 'web');
    mkdirSync(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Library</title>');
    config = { localesDir: locales, ssoAssetsDir: assets, webRoot: web };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const t = useTestGateway(() => ({ config }));

  it('serves the SSO page assets and texts from the configured folders', async () => {
    const css = await t.app.inject('/sso/assets/sso.css');
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe('/* configured */');
    const page = await t.app.inject('/sso/interaction/no-such-interaction');
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('来自配置的标题');
  });

  it('documents the /micro contract only at /micro/docs', async () => {
    const doc = await t.app.inject('/micro/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys((doc.json() as { paths: Record<string, unknown> }).paths);
    expect(new Set(paths)).toEqual(new Set(allCalls.map((c) => c.path)));
    // Hidden from the document, still served.
    expect((await t.app.inject('/micro/docs')).statusCode).toBeLessThan(400);
    expect((await t.app.inject('/library/')).statusCode).toBe(200);
    expect((await t.app.inject('/sso/.well-known/openid-configuration')).statusCode).toBe(200);
    expect((await t.app.inject('/micro/test/captcha-answer?CaptchaID=x')).statusCode).toBe(404);
  });
});
