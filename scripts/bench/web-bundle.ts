// First-load JS of the web build, from its manifest (.vite/manifest.json): what a browser loads
// before a screen shows, gzip-compressed. The admin: the entry with its static imports and the
// staff routes' chunk (the admin shell and the staff half of the registry, which main.tsx loads
// alongside start-up on any staff path) (300 kB budget). The portal: the entry, the portal's frame, the /search screen and
// the feature strings it waits for, in one language (250 kB budget).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export interface BundleFigure { files: { file: string; raw: number; gzip: number }[]; gzipTotal: number; rawTotal: number }

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/**
 * The files of `chunks` (manifest keys, relative to src/renderer) and their static imports, plus
 * the entry's; then those of `strings` (locale files), whose share is reported as `localeGzip`.
 */
function measure(webRoot: string, chunks: readonly string[], strings: readonly string[] = []): BundleFigure & { localeGzip: number } {
  const manifest = JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const walk = (key: string) => {
    const m = manifest[key];
    if (!m) throw new Error(`${key} is not a chunk of the build`);
    if (files.has(m.file)) return;
    files.add(m.file);
    for (const i of m.imports ?? []) walk(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  walk(entry);
  for (const k of chunks) walk(k);
  const before = new Set(files);
  for (const k of strings) walk(k);
  const sized = [...files].filter((f) => f.endsWith('.js')).map((file) => {
    const buf = readFileSync(join(webRoot, file));
    return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
  return {
    files: sized,
    rawTotal: sized.reduce((s, f) => s + f.raw, 0),
    gzipTotal: sized.reduce((s, f) => s + f.gzip, 0),
    localeGzip: sized.filter((f) => !before.has(f.file)).reduce((s, f) => s + f.gzip, 0),
  };
}

export function measureFirstLoad(webRoot: string): BundleFigure {
  return measure(webRoot, ['app/staff-routes.tsx']);
}

/** The portal's strings are the namespace its screens name (portal.screens.ts), in one language. */
export function measurePortalFirstLoad(webRoot: string, lang = 'zh-CN'): BundleFigure & { localeGzip: number } {
  return measure(webRoot, ['app/shell/portal-layout.tsx', 'features/search/portal-search-screen.tsx'], [`../../locales/${lang}/search.json`]);
}
