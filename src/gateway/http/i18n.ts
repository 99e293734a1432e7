import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/domain/ui-constants.ts';

type Tree = { [k: string]: string | Tree };

export interface Translator {
  /** Translates "ns:dotted.key" with {{param}} interpolation; falls back to zh-CN, then the key. */
  t(lang: Language, key: string, params?: Record<string, unknown>): string;
  /** The raw namespace object (seed reads screens.json through it). */
  namespace(lang: Language, ns: string): Tree;
}

function lookup(tree: Tree | undefined, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (node == null || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Loads every locales/<lang>/<ns>.json once; the files are small and read at start-up only. */
export function loadTranslator(localesDir: string): Translator {
  const data = new Map<Language, Map<string, Tree>>();
  for (const lang of LANGUAGES) {
    const nsMap = new Map<string, Tree>();
    const dir = join(localesDir, lang);
    if (existsSync(dir)) {
      for (const f of readdirSync(dir)) {
        if (!f.endsWith('.json')) continue;
        try {
          nsMap.set(f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Tree);
        } catch {
          // A half-written file of another team must not take the gateway down.
        }
      }
    }
    data.set(lang, nsMap);
  }
  const raw = (lang: Language, key: string) => {
    const i = key.indexOf(':');
    if (i < 0) return undefined;
    return lookup(data.get(lang)?.get(key.slice(0, i)), key.slice(i + 1));
  };
  return {
    t(lang, key, params) {
      // A parameter { $t: 'ns:key' } is itself translated: a refusal can name a state or an
      // action in the reader's language ("copy T00000012 is borrowed (circulation); it cannot be
      // deleted"); with `params`, a whole reason ("无法连接「SRU」（连接被拒绝）").
      const fill = (k: string, ps: Record<string, unknown> | undefined, depth: number): string => {
        const text = raw(lang, k) ?? raw(DEFAULT_LANGUAGE, k) ?? k;
        if (!ps) return text;
        const value = (v: unknown): string => {
          const nested = v && typeof v === 'object' ? (v as { $t?: unknown; params?: Record<string, unknown> }) : null;
          if (nested && typeof nested.$t === 'string') return depth < 3 ? fill(nested.$t, nested.params, depth + 1) : nested.$t;
          return String(v);
        };
        return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in ps ? value(ps[name]) : m));
      };
      return fill(key, params, 0);
    },
    namespace: (lang, ns) => data.get(lang)?.get(ns) ?? {},
  };
}

/** Picks zh-CN or en-US from Accept-Language (by q-value); zh-CN when neither is asked for. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((r) => /^\s*q=([\d.]+)/.exec(r)?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag.startsWith('en')) return 'en-US';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return DEFAULT_LANGUAGE;
}
