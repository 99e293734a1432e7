import { describe, expect, it } from 'vitest';

/** Every namespace file in locales/: same keys in zh-CN and en-US, no empty strings. */
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

function flatten(obj: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = obj;
  }
  return out;
}

const byLang: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, content] of Object.entries(files)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (m) (byLang[m[1]!] ??= {})[m[2]!] = flatten(content);
}

describe('locales', () => {
  it('has exactly zh-CN and en-US', () => {
    expect(Object.keys(byLang).sort()).toEqual(['en-US', 'zh-CN']);
  });

  it('has the same namespaces in both languages', () => {
    expect(Object.keys(byLang['en-US'] ?? {}).sort()).toEqual(Object.keys(byLang['zh-CN'] ?? {}).sort());
  });

  for (const ns of Object.keys(byLang['zh-CN'] ?? {}).sort()) {
    it(`${ns}: same keys, no empty strings`, () => {
      const zh = byLang['zh-CN']![ns]!;
      const en = byLang['en-US']?.[ns] ?? {};
      expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
      for (const [lang, table] of [['zh-CN', zh], ['en-US', en]] as const) {
        const bad = Object.entries(table).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
        expect(bad.map(([k]) => `${lang}:${ns}:${k}`)).toEqual([]);
      }
    });
  }
});
