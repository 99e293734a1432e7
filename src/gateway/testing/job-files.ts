import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { jobCalls, type Job } from '../../shared/api/jobs.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import type { CallOptions, TestApp } from './test-app.ts';

/** Polls GetProgress until `until` holds (default: the job left state 1); every reply in order. */
export async function pollJob(t: TestApp, dataId: string, token: string, until: (j: Job) => boolean = (j) => j.State !== 1): Promise<Job[]> {
  const seen: Job[] = [];
  for (let i = 0; i < 1000; i++) {
    const j = (await t.call(jobCalls.getProgress, { DataID: dataId }, { token })).json().data as Job;
    seen.push(j);
    if (until(j)) return seen;
    await sleep(10);
  }
  throw new Error('job did not finish');
}

/** Starts the reader export and waits for its end. */
export async function exportReaders(t: TestApp, token: string, input: { SearchKey?: string } = {}, opts: CallOptions = {}): Promise<Job> {
  const dataId = (await t.call(readerCalls.exportReaders, input, { ...opts, token })).json().data.DataID as string;
  return (await pollJob(t, dataId, token)).at(-1)!;
}

export interface Ticket {
  /** The GetTicket reply. */
  res: LightMyRequestResponse;
  url: string;
  /** The binding cookie as a Cookie header value ('' when none was set). */
  cookie: string;
}

/** Asks for a download ticket as a browser would: the reply's binding cookie is kept. */
export async function ticketFor(t: TestApp, dataId: string, opts: CallOptions = {}): Promise<Ticket> {
  const res = await t.call(jobCalls.getTicket, { DataID: dataId }, opts);
  const set = res.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set[0] : set)?.split(';')[0] ?? '';
  return { res, url: res.statusCode === 200 ? (res.json().data.Url as string) : '', cookie };
}

/** Fetches a ticket's URL (GET, no bearer by default, the way a browser download goes). */
export function fetchFile(t: TestApp, url: string, opts: { cookie?: string; token?: string; school?: number } = {}) {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.school != null) headers.schoolid = String(opts.school);
  return t.app.inject({ method: 'GET', url, headers });
}

/** Ticket + file in one go, as the owner's browser does it. */
export async function downloadJobFile(t: TestApp, dataId: string, token: string): Promise<LightMyRequestResponse> {
  const tk = await ticketFor(t, dataId, { token });
  if (tk.res.statusCode !== 200) throw new Error(`GetTicket ${tk.res.statusCode}: ${tk.res.body}`);
  return fetchFile(t, tk.url, { cookie: tk.cookie });
}
