import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HardwareApp } from '../../shared/api/library-info.ts';
import { APP_PLATFORMS } from '../../shared/api/library-info.ts';
import { LIB } from '../../shared/api/contract.ts';
import { compareVersions } from '../../shared/domain/app-version.ts';

export { compareVersions };

/**
 * The apps a school installs on its machines, as the gateway offers them: one folder per app in
 * <data>/releases/, holding what electron-builder publishes (latest.yml for Windows,
 * latest-linux.yml, latest-mac.yml, and the installers they name). An optional app.json gives
 * the app's names ({"Name": "…", "EnName": "…"}); the four apps of this system have them built in.
 * Nothing but the files a latest*.yml lists is ever served.
 */
const KNOWN: Record<string, { Name: string; EnName: string }> = {
  desk: { Name: '流通台客户端', EnName: 'Circulation desk client' },
  'label-station': { Name: '标签打印站', EnName: 'Label printing station' },
  'guide-kiosk': { Name: '导读屏', EnName: 'Reading-guide kiosk' },
  'self-check': { Name: '自助借还机', EnName: 'Self-check machine' },
};
const YML: Record<(typeof APP_PLATFORMS)[number], string> = { windows: 'latest.yml', linux: 'latest-linux.yml', mac: 'latest-mac.yml' };
export const APP_CODE = /^[a-z0-9][a-z0-9-]*$/;

export interface ReleaseFile { version: string; releaseDate: string | null; releaseNotes: string; files: Array<{ url: string; sha512: string; size: number | null }> }

const unquote = (v: string) => v.trim().replace(/^'(.*)'$/s, '$1').replace(/^"(.*)"$/s, '$1');

/**
 * The subset of YAML electron-builder writes in latest*.yml: top-level scalars, a block scalar for
 * releaseNotes (| or |-), and the files list of url/sha512/size maps. Not a YAML parser.
 */
export function parseLatestYml(text: string): ReleaseFile | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const top: Record<string, string> = {};
  const files: ReleaseFile['files'] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /^([A-Za-z0-9_]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, key, value] = m as unknown as [string, string, string];
    if (key === 'files') {
      while (i + 1 < lines.length && /^\s+/.test(lines[i + 1]!)) {
        const l = lines[++i]!;
        const f = /^\s+(-\s+)?([a-zA-Z0-9]+):\s*(.*)$/.exec(l);
        if (!f) continue;
        if (f[1]) files.push({ url: '', sha512: '', size: null });
        const cur = files.at(-1);
        if (!cur) continue;
        if (f[2] === 'url') cur.url = unquote(f[3]!);
        else if (f[2] === 'sha512') cur.sha512 = unquote(f[3]!);
        else if (f[2] === 'size') cur.size = Number.isFinite(Number(f[3])) ? Number(f[3]) : null;
      }
    } else if (/^[|>]-?$/.test(value.trim())) {
      const block: string[] = [];
      while (i + 1 < lines.length && (/^\s+/.test(lines[i + 1]!) || lines[i + 1] === '')) block.push(lines[++i]!.replace(/^ {2}/, ''));
      top[key] = block.join('\n').trim();
    } else top[key] = unquote(value);
  }
  if (!top.version) return null;
  if (!files.length && top.path) files.push({ url: top.path, sha512: top.sha512 ?? '', size: null });
  return { version: top.version, releaseDate: top.releaseDate || null, releaseNotes: top.releaseNotes ?? '', files: files.filter((f) => f.url) };
}

function readNames(dir: string, code: string): { Name: string; EnName: string } {
  const fallback = KNOWN[code] ?? { Name: code, EnName: code };
  try {
    const j = JSON.parse(readFileSync(join(dir, 'app.json'), 'utf8')) as { Name?: unknown; EnName?: unknown };
    return { Name: typeof j.Name === 'string' && j.Name ? j.Name.slice(0, 100) : fallback.Name, EnName: typeof j.EnName === 'string' && j.EnName ? j.EnName.slice(0, 100) : fallback.EnName };
  } catch {
    return fallback;
  }
}

const isHttp = (url: string) => /^https?:\/\//i.test(url);

export function listHardwareApps(dataDir: string): HardwareApp[] {
  const root = join(dataDir, 'releases');
  if (!existsSync(root)) return [];
  const apps: HardwareApp[] = [];
  for (const code of readdirSync(root).sort()) {
    const dir = join(root, code);
    if (!APP_CODE.test(code) || !statSync(dir).isDirectory()) continue;
    const releases = APP_PLATFORMS.flatMap((Platform) => {
      const file = join(dir, YML[Platform]);
      if (!existsSync(file)) return [];
      const r = parseLatestYml(readFileSync(file, 'utf8'));
      return r ? [{ Platform, r }] : [];
    });
    if (!releases.length) continue;
    const latest = releases.reduce((a, b) => (compareVersions(b.r.version, a.r.version) > 0 ? b : a));
    apps.push({
      Code: code,
      ...readNames(dir, code),
      Version: latest.r.version,
      ReleaseDate: latest.r.releaseDate,
      ReleaseNotes: latest.r.releaseNotes.slice(0, 4000),
      // Only each platform's latest version is offered; an older build of one platform says so by its version.
      Downloads: releases.filter((x) => x.r.version === latest.r.version).flatMap(({ Platform, r }) => r.files.map((f) => ({
        Platform,
        FileName: isHttp(f.url) ? decodeURIComponent(f.url.split('/').at(-1) ?? f.url) : f.url,
        Size: f.size,
        Url: isHttp(f.url) ? f.url : `${LIB}/Apps/Download?App=${encodeURIComponent(code)}&File=${encodeURIComponent(f.url)}`,
        Sha512: f.sha512,
      }))),
    });
  }
  return apps;
}

/** The path of a file a latest*.yml of the app names, or null (anything else in the folder stays private). */
export function downloadPath(dataDir: string, app: string, file: string): string | null {
  if (!APP_CODE.test(app)) return null;
  const found = listHardwareApps(dataDir).find((a) => a.Code === app);
  if (!found?.Downloads.some((d) => !isHttp(d.Url) && d.FileName === file)) return null;
  const path = join(dataDir, 'releases', app, file);
  return existsSync(path) ? path : null;
}
