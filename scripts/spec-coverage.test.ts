import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('spec:coverage --json', () => {
  it('prints the architecture page format with consistent counts', () => {
    const out = execFileSync(process.execPath, ['scripts/spec-coverage.ts', '--json'], { cwd: root, encoding: 'utf8' });
    const r = JSON.parse(out) as {
      routes: { total: number; built: number; planned: string[] };
      endpoints: { total: number; implemented: number; missing: string[] };
      extra: number;
    };
    expect(Object.keys(r).sort()).toEqual(['endpoints', 'extra', 'routes']);
    expect(r.routes.total).toBe(225);
    expect(r.routes.built + r.routes.planned.length).toBe(225);
    expect(r.routes.planned).not.toContain('/data-analysis');
    expect(r.endpoints.total).toBe(147);
    expect(r.endpoints.implemented + r.endpoints.missing.length).toBe(147);
    expect(r.endpoints.missing).not.toContain('POST /micro/library/web1.0/Config/GetProgress');
    expect(r.extra).toBeGreaterThanOrEqual(0);
  });
});
