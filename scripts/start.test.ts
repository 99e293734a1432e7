import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGE, probeElectron, runStart, type StartDeps } from './start.ts';

function deps(over: Partial<StartDeps> & { probes?: (string | null)[] }) {
  const log: string[] = [];
  const notes: string[] = [];
  const calls: string[] = [];
  const probes = over.probes ?? [null];
  const d: StartDeps = {
    probe: () => (calls.push('probe'), probes.length > 1 ? probes.shift()! : probes[0]!),
    install: () => (calls.push('install'), false),
    build: () => (calls.push('build'), 0),
    launch: async (exe, args) => (calls.push(`launch ${exe} ${args.join(' ')}`.trim()), 0),
    note: (n) => notes.push(n),
    log: (l) => log.push(l),
    ...over,
  };
  return { d, log, notes, calls };
}

describe('npm start', () => {
  it('offline: tries the installer once, then prints exactly one clear line and exits non-zero', async () => {
    const { d, log, notes, calls } = deps({});
    expect(await runStart(d)).toBe(1);
    expect(calls).toEqual(['probe', 'install']);
    expect(log).toEqual([OFFLINE_MESSAGE]);
    expect(OFFLINE_MESSAGE).toContain('npm run serve');
    // The attempt shows only as a transient note, cleared before the line is printed.
    expect(notes).toHaveLength(2);
    expect(notes.at(-1)).toBe('');
  });

  it('installer claims success but still no binary: same single line', async () => {
    const { d, log } = deps({ install: () => true });
    expect(await runStart(d)).toBe(1);
    expect(log).toEqual([OFFLINE_MESSAGE]);
  });

  it('binary present: builds then launches with the app flags', async () => {
    const { d, calls } = deps({ probes: ['/e/electron'] });
    expect(await runStart(d, ['--guide'])).toBe(0);
    expect(calls).toEqual(['probe', 'build', 'launch /e/electron --guide']);
  });

  it('installs when online, then builds and launches', async () => {
    const { d, calls, log, notes } = deps({ probes: [null, '/e/electron'], install: () => true });
    expect(await runStart(d)).toBe(0);
    expect(calls).toEqual(['probe', 'probe', 'build', 'launch /e/electron']);
    expect(log).toEqual([]);
    expect(notes.at(-1)).toBe('');
  });

  it('a failed build does not launch', async () => {
    const { d, calls } = deps({ probes: ['/e/electron'], build: () => 2 });
    expect(await runStart(d)).toBe(2);
    expect(calls.some((c) => c.startsWith('launch'))).toBe(false);
  });

  it('probes path.txt + dist without requiring electron', () => {
    const root = mkdtempSync(join(tmpdir(), 'probe-'));
    try {
      expect(probeElectron(root)).toBeNull();
      const pkg = join(root, 'node_modules', 'electron');
      mkdirSync(join(pkg, 'dist'), { recursive: true });
      writeFileSync(join(pkg, 'path.txt'), 'electron');
      expect(probeElectron(root)).toBeNull();
      writeFileSync(join(pkg, 'dist', 'electron'), '');
      expect(probeElectron(root)).toBe(join(pkg, 'dist', 'electron'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
