import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The axe-core that @axe-core/playwright itself depends on (not a dependency of ours).
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = (fromAxePlaywright('axe-core') as { source: string }).source;

/** One axe violation on one page state, flattened for a readable failure message. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** The impacts that fail the suite: all of them (every built route is clean; a new finding is a regression). */
export const FAILING = new Set(['critical', 'serious', 'moderate', 'minor', 'unknown']);

// Transitions would let axe measure a dialog or a fading chip half-way (wrong contrast figures).
const NO_MOTION = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';

/** Call once per document (hash navigations keep it). */
export async function stillMotion(page: Page): Promise<void> {
  await page.addStyleTag({ content: NO_MOTION });
}

/** Waits until the screen has its data: no progress indicator (route chunk, grid, query) is left. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('[role="progressbar"]:visible')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Puts axe-core into every frame that lacks it. AxeBuilder would send and compile its 550 kB
 * source twice per scan and finish each run in a new blank page: seconds per route on a busy
 * machine. Injected once per document, hash navigations reuse it.
 */
async function ensureAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    // A frame that cannot be reached (detached, navigating) is skipped rather than failing the scan.
    const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function').catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE);
  }
}

// AxeBuilder's own source, evaluated before each run: a no-op, since ensureAxe put axe there.
const ALREADY_INJECTED = 'void 0';

/**
 * Runs every axe rule (WCAG 2.x A/AA and best practices) on the page as it is now. Legacy mode runs
 * axe.run in the page itself (our frames are all same-origin); only violations come back, since
 * the details of passing nodes are most of the cost of a run.
 */
export async function scan(page: Page, where: string): Promise<Finding[]> {
  await ensureAxe(page);
  const result = await new AxeBuilder({ page, axeSource: ALREADY_INJECTED })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.map((v) => ({
    where,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    targets: v.nodes.map((n) => n.target.map(String).join(' ')),
  }));
}

/** "route  rule [impact] ×n: target, target …", one line per finding. */
export function describe(findings: readonly Finding[]): string {
  return findings
    .map((f) => `${f.where}  ${f.rule} [${f.impact}] ×${f.targets.length}: ${f.targets.slice(0, 6).join(', ')}${f.targets.length > 6 ? ', …' : ''}`)
    .join('\n');
}

/** Per-place counts by impact ("critical 1 (3 nodes), moderate 2 (2 nodes)"), for the figures. */
export function tally(findings: readonly Finding[]): Map<string, string> {
  const by = new Map<string, Map<string, { rules: number; nodes: number }>>();
  for (const f of findings) {
    const m = by.get(f.where) ?? new Map<string, { rules: number; nodes: number }>();
    const c = m.get(f.impact) ?? { rules: 0, nodes: 0 };
    c.rules += 1;
    c.nodes += f.targets.length;
    m.set(f.impact, c);
    by.set(f.where, m);
  }
  const order = ['critical', 'serious', 'moderate', 'minor', 'unknown'];
  return new Map([...by].map(([w, m]) => [w, order.filter((i) => m.has(i)).map((i) => `${i} ${m.get(i)!.rules} (${m.get(i)!.nodes} nodes)`).join(', ')]));
}
