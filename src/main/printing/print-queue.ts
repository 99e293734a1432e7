import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrintSystem } from './cups.ts';

/**
 * queued → submitting → held → released → done, or cancelled. `submitting`: we asked the system to
 * take the job held; `held`: it has, under `osJob`; `released`: it prints.
 */
export type JobState = 'queued' | 'submitting' | 'held' | 'released' | 'done' | 'cancelled';

export interface PrintJob {
  id: string;
  /** Order of arrival: jobs print in this order. */
  seq: number;
  title: string;
  printer: string;
  copies: number;
  /** How many labels (or cards) it holds, for the print centre. */
  labels: number;
  state: JobState;
  osJob: string | null;
  attempts: number;
  /** Why the job waits (printer missing, stopped …), as the system said it. */
  lastError: string | null;
  createdAt: string;
  doneAt: string | null;
}

export interface QueueOptions {
  /** First retry delay after a failure; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often a released job's state is asked for. */
  pollMs?: number;
}

/** The job's name at the printer: unique, and short enough for lpq's column. */
export const osTitle = (job: Pick<PrintJob, 'id'>) => `lib-${job.id.replace(/-/g, '').slice(0, 16)}`;

/** Writes a file so that after a crash it is either the old or the new one, and on the disk. */
export async function durableWrite(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp`;
  await writeFile(tmp, data);
  const fh = await open(tmp, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
}

/**
 * The label station's durable print queue. A job carries everything it needs (the PDF itself),
 * so it prints with the gateway unreachable. It is journaled to disk before `enqueue` resolves;
 * jobs print one at a time in order; a failing printer is retried with backoff while the job
 * says why it waits; and a job never prints twice, whatever crashes when: it goes to the system
 * held, its system id is journaled, only then is it released (see cups.ts), and recovery at
 * start finishes or undoes whatever a crash interrupted.
 */
export class PrintQueue {
  readonly #dir: string;
  readonly #system: PrintSystem;
  readonly #opts: Required<QueueOptions>;
  readonly #jobs = new Map<string, PrintJob>();
  readonly #listeners = new Set<(jobs: PrintJob[]) => void>();
  #seq = 0;
  #running = false;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;

  private constructor(dir: string, system: PrintSystem, opts: QueueOptions) {
    this.#dir = dir;
    this.#system = system;
    this.#opts = { backoffMs: 1000, maxBackoffMs: 30_000, pollMs: 500, ...opts };
  }

  /** Opens the journal in `dir` (created if new); call `start()` to print. */
  static open(dir: string, system: PrintSystem, opts: QueueOptions = {}): PrintQueue {
    mkdirSync(dir, { recursive: true });
    const q = new PrintQueue(dir, system, opts);
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.json')) continue;
      try {
        const job = JSON.parse(readFileSync(join(dir, f), 'utf8')) as PrintJob;
        q.#jobs.set(job.id, job);
        q.#seq = Math.max(q.#seq, job.seq);
      } catch {
        // A torn temp file never has the .json name; a .json that does not parse is left aside.
      }
    }
    return q;
  }

  list(): PrintJob[] {
    return [...this.#jobs.values()].sort((a, b) => a.seq - b.seq).map((j) => ({ ...j }));
  }

  onChange(l: (jobs: PrintJob[]) => void): () => void {
    this.#listeners.add(l);
    return () => this.#listeners.delete(l);
  }

  #pdf = (id: string) => join(this.#dir, `${id}.pdf`);

  async #save(job: PrintJob, patch: Partial<PrintJob>): Promise<void> {
    Object.assign(job, patch);
    await durableWrite(join(this.#dir, `${job.id}.json`), JSON.stringify(job));
    const all = this.list();
    this.#listeners.forEach((l) => l(all));
  }

  /** Journals the job (its PDF first, then its record); resolves once both are on disk. */
  async enqueue(input: { title: string; printer: string; copies?: number; labels: number; pdf: Uint8Array }): Promise<PrintJob> {
    const id = randomUUID();
    await durableWrite(this.#pdf(id), input.pdf);
    const job: PrintJob = {
      id, seq: ++this.#seq, title: input.title, printer: input.printer, copies: input.copies ?? 1, labels: input.labels,
      state: 'queued', osJob: null, attempts: 0, lastError: null, createdAt: new Date().toISOString(), doneAt: null,
    };
    this.#jobs.set(id, job);
    await this.#save(job, {});
    this.#wake?.();
    return { ...job };
  }

  /** Cancels a job that has not gone to the printer yet (released jobs are the printer's). */
  async cancel(id: string): Promise<boolean> {
    const job = this.#jobs.get(id);
    if (!job || job.state === 'released' || job.state === 'done' || job.state === 'cancelled') return false;
    if (job.osJob) await this.#system.cancel(job.osJob);
    await this.#save(job, { state: 'cancelled', doneAt: new Date().toISOString() });
    return true;
  }

  /** Removes finished jobs' files older than `ms` (the print centre keeps a day of history). */
  async prune(ms: number): Promise<void> {
    const cutoff = Date.now() - ms;
    for (const job of this.list()) {
      if ((job.state === 'done' || job.state === 'cancelled') && job.doneAt && Date.parse(job.doneAt) < cutoff) {
        this.#jobs.delete(job.id);
        await rm(join(this.#dir, `${job.id}.json`), { force: true });
        await rm(this.#pdf(job.id), { force: true });
      }
    }
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => { this.#wake = null; resolve(); }, ms);
      t.unref?.();
      this.#wake = () => { clearTimeout(t); this.#wake = null; resolve(); };
    });
  }

  /** Resolves when every job is done or cancelled (tests, and the app's quit). */
  async drained(timeoutMs = 60_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.list().some((j) => j.state !== 'done' && j.state !== 'cancelled')) {
      if (Date.now() > end) throw new Error('the print queue did not drain');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async #run(): Promise<void> {
    let backoff = this.#opts.backoffMs;
    while (this.#running) {
      const job = this.list().find((j) => j.state !== 'done' && j.state !== 'cancelled');
      if (!job) {
        await this.#sleep(60_000);
        continue;
      }
      try {
        await this.#advance(this.#jobs.get(job.id)!);
        backoff = this.#opts.backoffMs;
      } catch (err) {
        const live = this.#jobs.get(job.id)!;
        await this.#save(live, { attempts: live.attempts + 1, lastError: (err as Error).message });
        await this.#sleep(backoff);
        backoff = Math.min(backoff * 2, this.#opts.maxBackoffMs);
      }
    }
  }

  /** One step of a job, from whatever state the journal says it is in (also after a crash). */
  async #advance(job: PrintJob): Promise<void> {
    const sys = this.#system;
    switch (job.state) {
      case 'queued':
        await this.#save(job, { state: 'submitting' });
        return this.#advance(job);
      case 'submitting': {
        // A crash after the system took the job but before we wrote its id leaves it held there.
        const left = await sys.findPending(job.printer, osTitle(job));
        if (left) await sys.cancel(left);
        const osJob = await sys.submitHeld(job.printer, osTitle(job), this.#pdf(job.id), job.copies);
        await this.#save(job, { state: 'held', osJob, lastError: null });
        return this.#advance(job);
      }
      case 'held': {
        const s = await sys.state(job.printer, job.osJob!);
        if (s === 'held') await sys.release(job.osJob!);
        else if (s === 'unknown') {
          // The system forgot a job it never printed (a reset spool): send it again.
          await this.#save(job, { state: 'submitting', osJob: null });
          return this.#advance(job);
        }
        await this.#save(job, { state: 'released' });
        return this.#advance(job);
      }
      case 'released': {
        for (;;) {
          const s = await sys.state(job.printer, job.osJob!);
          if (s === 'completed' || s === 'unknown') break;
          if (s === 'failed') throw new Error(`the printer failed job ${job.osJob}`);
          if (!this.#running) return;
          await new Promise((r) => setTimeout(r, this.#opts.pollMs));
        }
        await this.#save(job, { state: 'done', doneAt: new Date().toISOString(), lastError: null });
        return;
      }
      default:
        return;
    }
  }
}
