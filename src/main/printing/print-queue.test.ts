import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { osTitle, PrintQueue, type PrintJob } from './print-queue.ts';
import type { OsJobState, PrintSystem } from './cups.ts';

/** A printer in memory: records what printed, can be missing, and keeps held jobs like CUPS. */
function fakeSystem() {
  const jobs = new Map<string, { printer: string; title: string; state: OsJobState }>();
  let n = 0;
  const s = {
    printed: [] as string[],
    missing: false,
    calls: [] as string[],
    jobs,
    async submitHeld(printer: string, title: string) {
      s.calls.push(`submit ${title}`);
      if (s.missing) throw new Error(`The printer or class does not exist: ${printer}`);
      const id = `${printer}-${++n}`;
      jobs.set(id, { printer, title, state: 'held' });
      return id;
    },
    async release(id: string) {
      const j = jobs.get(id)!;
      j.state = 'completed';
      s.printed.push(j.title);
    },
    async findPending(printer: string, title: string) {
      return [...jobs].find(([, j]) => j.printer === printer && j.title === title && (j.state === 'held' || j.state === 'pending'))?.[0] ?? null;
    },
    async cancel(id: string) {
      const j = jobs.get(id);
      if (j && j.state !== 'completed') j.state = 'failed';
      s.calls.push(`cancel ${id}`);
    },
    async state(_p: string, id: string) {
      return jobs.get(id)?.state ?? 'unknown';
    },
    async printers() {
      return ['Labels'];
    },
  };
  return s as typeof s & PrintSystem;
}

const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46]);
let dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'pq-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  dirs = [];
});

describe('print queue', () => {
  it('prints every job once, in order, and keeps them journaled', async () => {
    const sys = fakeSystem();
    const d = dir();
    const q = PrintQueue.open(d, sys, { pollMs: 5 });
    const jobs: PrintJob[] = [];
    for (let i = 0; i < 5; i++) jobs.push(await q.enqueue({ title: `书标 ${i}`, printer: 'Labels', labels: 30, pdf }));
    q.start();
    await q.drained(5000);
    await q.stop();
    expect(sys.printed).toEqual(jobs.map(osTitle));
    expect(PrintQueue.open(d, sys).list().map((j) => j.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('a missing printer: the job waits and says why, retries, and prints once the printer is back', async () => {
    const sys = fakeSystem();
    sys.missing = true;
    const q = PrintQueue.open(dir(), sys, { pollMs: 5, backoffMs: 10, maxBackoffMs: 20 });
    const job = await q.enqueue({ title: 'x', printer: 'Labels', labels: 1, pdf });
    q.start();
    await new Promise((r) => setTimeout(r, 80));
    expect(q.list()[0]).toMatchObject({ state: 'submitting', lastError: 'The printer or class does not exist: Labels' });
    expect(q.list()[0]!.attempts).toBeGreaterThan(1);
    sys.missing = false;
    await q.drained(5000);
    await q.stop();
    expect(sys.printed).toEqual([osTitle(job)]);
  });

  it('after a crash at any step, recovery finishes the job and never prints it twice', async () => {
    for (const crash of ['queued', 'submitting-before', 'submitting-after', 'held-before', 'held-after', 'released'] as const) {
      const sys = fakeSystem();
      const d = dir();
      const job = await PrintQueue.open(d, sys).enqueue({ title: crash, printer: 'Labels', labels: 1, pdf });
      // The journal as a crash at this point leaves it, and the printer's side to match.
      const rec: PrintJob = { ...job };
      if (crash === 'submitting-before') rec.state = 'submitting';
      if (crash === 'submitting-after') {
        rec.state = 'submitting';
        await sys.submitHeld('Labels', osTitle(job), '', 1); // held at the printer, id never journaled
      }
      if (crash.startsWith('held') || crash === 'released') {
        rec.osJob = await sys.submitHeld('Labels', osTitle(job), '', 1);
        rec.state = crash === 'released' ? 'released' : 'held';
        if (crash !== 'held-before') await sys.release(rec.osJob);
      }
      writeFileSync(join(d, `${job.id}.json`), JSON.stringify(rec));
      const q = PrintQueue.open(d, sys, { pollMs: 5 });
      q.start();
      await q.drained(5000);
      await q.stop();
      expect(sys.printed, crash).toEqual([osTitle(job)]);
    }
  });

  it('cancels what has not gone to the printer; a torn journal file is ignored', async () => {
    const sys = fakeSystem();
    const d = dir();
    const q = PrintQueue.open(d, sys, { pollMs: 5 });
    const a = await q.enqueue({ title: 'a', printer: 'Labels', labels: 1, pdf });
    const b = await q.enqueue({ title: 'b', printer: 'Labels', labels: 1, pdf });
    expect(await q.cancel(a.id)).toBe(true);
    writeFileSync(join(d, 'torn.json.tmp'), '{"id":');
    writeFileSync(join(d, 'broken.json'), '{"id":');
    const again = PrintQueue.open(d, sys, { pollMs: 5 });
    again.start();
    await again.drained(5000);
    await again.stop();
    expect(sys.printed).toEqual([osTitle(b)]);
    expect(again.list().map((j) => j.state)).toEqual(['cancelled', 'done']);
    expect(await again.cancel(b.id)).toBe(false);
  });
});
