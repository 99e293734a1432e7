import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { JobState } from '../../shared/api/jobs.ts';
import type { Database } from '../db/schema.ts';

export interface JobContext {
  readonly dataId: string;
  readonly signal: AbortSignal;
  setTotal(count: number): Promise<void>;
  /** Records progress, then yields to the event loop (and to the test delay) so polls see it. */
  progress(done: number): Promise<void>;
}

export interface JobSpec {
  schoolId: number;
  userId: number;
  fileName: string;
  operationType: string;
  /** Result file path relative to the data folder. */
  resultPath: string;
  /** Message stored when the job completes. */
  doneMessage: string;
  stoppedMessage: string;
  failedMessage: string;
  run(ctx: JobContext): Promise<void>;
}

const now = () => new Date().toISOString();

/**
 * Runs export/import jobs in-process. Each job is a row in `jobs` that GetProgress polls: state
 * 1 running, 2 done, 3 failed, 4 stopped; progress counts processed rows up to data_count.
 */
export class JobRunner {
  readonly #db: Kysely<Database>;
  readonly #dataDir: string;
  readonly #chunkDelayMs: number;
  readonly #running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(db: Kysely<Database>, dataDir: string, chunkDelayMs: number) {
    this.#db = db;
    this.#dataDir = dataDir;
    this.#chunkDelayMs = chunkDelayMs;
  }

  /** Jobs left "running" by a previous process can never finish: mark them failed. */
  async recoverInterrupted(message: string): Promise<void> {
    await this.#db
      .updateTable('jobs')
      .set({ state: JobState.failed, message, updated_at: now() })
      .where('state', '=', JobState.running)
      .execute();
  }

  async start(spec: JobSpec): Promise<string> {
    const dataId = randomUUID();
    const at = now();
    await this.#db
      .insertInto('jobs')
      .values({
        school_id: spec.schoolId, user_id: spec.userId, data_id: dataId, file_name: spec.fileName,
        operation_type: spec.operationType, progress: 0, data_count: 0, state: JobState.running,
        result_path: null, message: '', created_at: at, updated_at: at,
      })
      .execute();
    const controller = new AbortController();
    const done = this.#execute(dataId, spec, controller.signal).finally(() => this.#running.delete(dataId));
    this.#running.set(dataId, { controller, done });
    return dataId;
  }

  async #execute(dataId: string, spec: JobSpec, signal: AbortSignal): Promise<void> {
    const update = (set: Partial<Database['jobs']>) =>
      this.#db.updateTable('jobs').set({ ...set, updated_at: now() } as never).where('data_id', '=', dataId).execute();
    const ctx: JobContext = {
      dataId,
      signal,
      setTotal: async (count) => {
        await update({ data_count: count });
      },
      progress: async (n) => {
        await update({ progress: n });
        await new Promise((r) => setImmediate(r));
        if (this.#chunkDelayMs > 0) await sleep(this.#chunkDelayMs);
      },
    };
    try {
      // Let the request that started the job answer first.
      await new Promise((r) => setImmediate(r));
      await spec.run(ctx);
      if (signal.aborted) throw signal.reason;
      const row = await this.#db.selectFrom('jobs').select('data_count').where('data_id', '=', dataId).executeTakeFirst();
      await update({ state: JobState.done, progress: row?.data_count ?? 0, result_path: spec.resultPath, message: spec.doneMessage });
    } catch (err) {
      await rm(join(this.#dataDir, spec.resultPath), { force: true }).catch(() => {});
      if (signal.aborted) {
        await update({ state: JobState.stopped, message: spec.stoppedMessage });
      } else {
        console.error(`job ${dataId} failed:`, err);
        await update({ state: JobState.failed, message: spec.failedMessage });
      }
    }
  }

  /** Asks a running job to stop; it ends at its next chunk boundary. */
  stop(dataId: string): boolean {
    const job = this.#running.get(dataId);
    if (!job) return false;
    job.controller.abort(new Error('stopped'));
    return true;
  }

  /** Resolves when the job (if running here) has ended. */
  async settled(dataId: string): Promise<void> {
    await this.#running.get(dataId)?.done;
  }

  /** On shutdown: stop everything and wait, so no write races the closing database. */
  async close(): Promise<void> {
    const all = [...this.#running.values()];
    for (const j of all) j.controller.abort(new Error('shutdown'));
    await Promise.allSettled(all.map((j) => j.done));
  }
}
