import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATE_PRESETS } from '../../shared/domain/printing/label-template.ts';
import { findLabelFont } from './label-font.ts';
import { renderLabels } from './label-pdf.ts';
import { osTitle, PrintQueue, type PrintJob } from './print-queue.ts';
import { cups } from './cups.ts';

// A real CUPS with a PDF printer (scripts/ci/provision-cups.sh, run by .ci/run, prints the two
// values for LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT).
const PRINTER = process.env.LIB_TEST_PRINTER?.trim();
const OUT = process.env.LIB_TEST_PRINT_OUT?.trim();
const font = findLabelFont();
const skip = !PRINTER || !OUT || !font;
if (skip) console.info('CUPS print tests skipped: set LIB_TEST_PRINTER and LIB_TEST_PRINT_OUT (scripts/ci/provision-cups.sh prints them)');

const work = mkdtempSync(join(tmpdir(), 'cups-queue-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const worker = join(import.meta.dirname, 'testing', 'queue-worker.ts');

function journal(dir: string): PrintJob[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as PrintJob);
}

describe.skipIf(skip)('printing through CUPS', () => {
  it('200 labels in 20 jobs, the station killed half-way and started again: every label printed exactly once, with no gateway', async () => {
    const dir = join(work, 'queue');
    const queue = PrintQueue.open(dir, cups);
    const jobs: PrintJob[] = [];
    for (let j = 0; j < 20; j++) {
      const values = Array.from({ length: 10 }, (_, i) => `Q${String(j * 10 + i).padStart(6, '0')}`);
      const pdf = await renderLabels(values.map((value) => ({ kind: 'barcode', value, format: 'CODE128' })), { template: TEMPLATE_PRESETS[0]!, font: font! });
      jobs.push(await queue.enqueue({ title: `labels ${j}`, printer: PRINTER!, labels: 10, pdf }));
    }
    // First run: killed with SIGKILL once a few jobs are through.
    const first = spawn(process.execPath, [worker, dir], { stdio: 'ignore' });
    for (let i = 0; i < 600 && journal(dir).filter((j) => j.state === 'done').length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const doneBefore = journal(dir).filter((j) => j.state === 'done').length;
    expect(doneBefore).toBeGreaterThan(0);
    expect(doneBefore).toBeLessThan(20);
    // Second run: finishes what is left.
    const second = spawn(process.execPath, [worker, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    second.stdout!.on('data', (b) => (out += String(b)));
    const code = await new Promise((r) => second.once('exit', r));
    expect(code).toBe(0);
    expect(out).toContain('drained');
    // Each job came out of the printer exactly once (cups-pdf writes one file per job, named by its title).
    await new Promise((r) => setTimeout(r, 500));
    const files = readdirSync(OUT!);
    for (const job of jobs) expect(files.filter((f) => f.startsWith(`${osTitle(job)}_`) || f === `${osTitle(job)}.pdf`), job.title).toHaveLength(1);
    // And the labels on them decode: every one of the 200 values, once.
    const printed = jobs.map((job) => join(OUT!, files.find((f) => f.startsWith(osTitle(job)))!));
    const values: string[] = [];
    for (const [k, file] of printed.entries()) {
      execFileSync('pdftoppm', ['-r', '150', '-png', file, join(work, `p${k}`)], { stdio: 'ignore' });
    }
    const pngs = readdirSync(work).filter((f) => f.endsWith('.png')).map((f) => join(work, f));
    const decoded = execFileSync('sh', ['-c', `zbarimg -q ${pngs.join(' ')} 2>/dev/null || true`], { encoding: 'utf8' });
    values.push(...decoded.split('\n').filter(Boolean).map((l) => l.replace(/^CODE-128:/, '')));
    expect(values.sort()).toEqual(Array.from({ length: 200 }, (_, i) => `Q${String(i).padStart(6, '0')}`));
  }, 120_000);
});
