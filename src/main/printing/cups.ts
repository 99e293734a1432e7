import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type OsJobState = 'held' | 'pending' | 'processing' | 'completed' | 'failed' | 'unknown';

/** What the print queue needs of the operating system's printing. */
export interface PrintSystem {
  /** Submits a file held (not printing yet); resolves with the system's job id. */
  submitHeld(printer: string, title: string, file: string, copies: number): Promise<string>;
  release(jobId: string): Promise<void>;
  /** A held or pending job of ours by its unique title, if the system still has it. */
  findPending(printer: string, title: string): Promise<string | null>;
  cancel(jobId: string): Promise<void>;
  state(printer: string, jobId: string): Promise<OsJobState>;
  printers(): Promise<string[]>;
}

async function sh(cmd: string, args: string[]): Promise<string> {
  try {
    return (await run(cmd, args, { timeout: 15_000 })).stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string; code?: string };
    throw new Error(e.code === 'ENOENT' ? `${cmd} is not installed (CUPS)` : (e.stderr || e.message).trim());
  }
}

/**
 * CUPS (Linux, macOS) through its command-line tools. Jobs go in held (`lp -H hold`) and are
 * released once the queue has journaled their id: a crash between the two leaves a held job
 * that recovery finds by its title and cancels, so nothing prints twice.
 */
export const cups: PrintSystem = {
  async submitHeld(printer, title, file, copies) {
    const out = await sh('lp', ['-d', printer, '-t', title, '-n', String(copies), '-H', 'hold', file]);
    const m = /request id is (\S+)/.exec(out);
    if (!m) throw new Error(`lp did not say the job id: ${out.trim()}`);
    return m[1]!;
  },
  async release(jobId) {
    await sh('lp', ['-i', jobId, '-H', 'resume']);
  },
  async findPending(printer, title) {
    // lpq lists pending and held jobs with their titles ("File(s)").
    const out = await sh('lpq', ['-P', printer]).catch(() => '');
    for (const line of out.split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (cols.length >= 4 && cols[3] === title) return `${printer}-${cols[2]}`;
    }
    return null;
  },
  async cancel(jobId) {
    await sh('cancel', [jobId]).catch(() => undefined);
  },
  async state(printer, jobId) {
    const listed = (out: string) => out.split('\n').some((l) => l.split(/\s+/)[0] === jobId);
    if (listed(await sh('lpstat', ['-W', 'completed', '-o', printer]).catch(() => ''))) return 'completed';
    const pending = await sh('lpstat', ['-l', '-o', printer]).catch(() => '');
    if (!listed(pending)) return 'unknown';
    const block = pending.slice(pending.indexOf(jobId));
    if (/job-hold-until-specified/.test(block.split('\n').slice(0, 4).join('\n'))) return 'held';
    return /now printing|processing/i.test(block.split('\n').slice(0, 4).join('\n')) ? 'processing' : 'pending';
  },
  async printers() {
    const out = await sh('lpstat', ['-e']).catch(() => '');
    return out.split('\n').map((s) => s.trim()).filter(Boolean);
  },
};
