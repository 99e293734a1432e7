import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../lib/i18n.ts';
import { REDIRECTS } from './redirects.ts';
import { screenRegistry } from './screen-registry.ts';
import specRoutes from '../../../test/fixtures/spec/routes.json';

/** routes.json is the spec's list of the product's 225 routes (copy in test/fixtures/spec, checked against shared/spec). */
type SpecRoutes = { redirects: Record<string, string>; routes: { path: string; area: string; group: string; login: boolean }[] };
const spec: SpecRoutes | undefined = specRoutes as SpecRoutes;

describe('screen registry', () => {
  it('finds routes.json', () => {
    expect(spec, 'routes.json not found (shared/spec or test/fixtures)').toBeDefined();
  });

  it('lists exactly the routes of routes.json, each once', () => {
    const paths = screenRegistry.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(spec!.routes.map((r) => r.path).sort());
    expect(paths).toHaveLength(225);
  });

  it('matches login flags, areas and groups', () => {
    const byPath = new Map(screenRegistry.map((e) => [e.path, e]));
    for (const r of spec!.routes) {
      const e = byPath.get(r.path);
      expect({ path: r.path, area: e?.area, group: e?.group, login: e?.login }).toEqual({ path: r.path, area: r.area, group: r.group, login: r.login });
    }
  });

  it('has the redirects of routes.json', () => {
    const { '*': notFound, ...rest } = spec!.redirects;
    expect(REDIRECTS).toEqual(rest);
    expect(notFound).toBe('/404');
  });

  it('marks the shell screens as built and titles every screen', () => {
    // The foundation's screens stay built; later issues add more (spec:coverage counts them).
    const built = screenRegistry.filter((e) => e.status === 'built').map((e) => e.path);
    expect(built).toEqual(
      expect.arrayContaining(['/callback', '/callbacksearch', '/auth', '/searchauth', '/401', '/data-analysis', '/process', '/setting', '/iframe', '/redirect', '/error', '/404']),
    );
    for (const e of screenRegistry) expect(e.titleKey).toBe(`screens:titles.${e.path}`);
  });

  it('every screen module loads and exports a component', async () => {
    const mods = await Promise.all(screenRegistry.map((e) => e.load()));
    for (const m of mods) expect(typeof m.default).toBe('function');
  }, 30_000);

  it('has a title for every registered screen in both languages', () => {
    initI18n('zh-CN');
    for (const lang of ['zh-CN', 'en-US']) {
      const missing = screenRegistry.filter((e) => !i18next.exists(e.titleKey, { lng: lang, fallbackLng: false })).map((e) => e.path);
      expect(missing, `screens.json (${lang}) lacks titles`).toEqual([]);
    }
  });
});
