// First-load JS of the web build: the scripts index.html loads before the first screen
// (entry + modulepreloads), gzip-compressed, against the 300 kB budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

export interface BundleFigure { files: { file: string; raw: number; gzip: number }[]; gzipTotal: number; rawTotal: number }

export function measureFirstLoad(webRoot: string): BundleFigure {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]!);
  const files = [...refs].map((ref) => {
    const buf = readFileSync(join(webRoot, ref.replace(/^\.?\//, '')));
    return { file: ref, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
  return {
    files,
    rawTotal: files.reduce((s, f) => s + f.raw, 0),
    gzipTotal: files.reduce((s, f) => s + f.gzip, 0),
  };
}
