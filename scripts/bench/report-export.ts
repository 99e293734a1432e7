import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { statisticsCalls as C } from '../../src/shared/api/statistics.ts';
import { jobCalls, JobState, type Job } from '../../src/shared/api/jobs.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { generateLoanHistory } from './charts.ts';
import { schoolDayOf } from './school-day.ts';

/**
 * A report of about 100,000 rows exported to .xlsx as the administrator asks it (a job, through
 * the download panel's calls): the titles never borrowed in the last year on the catalogue
 * fixture with its loan history (about 98,000 of its 100,000 titles). The time from the call to
 * the job done, the file's size, and the memory: the gateway's peak resident set and heap during
 * the export above what they were before it (sampled every 20 ms), so a list held whole instead
 * of streamed would show.
 */
export async function measureReportExport(t: TestApp, school = 1): Promise<Record<string, number>> {
  const token = await t.tokenFor(school === 1 ? 'admin' : 'admin2');
  const day = await schoolDayOf(t, school);
  const Params = { From: day(Date.now() - 364 * 86_400_000), To: day(Date.now()), Unit: 'title', Page: 1, Rows: 20 };
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const a = performance.now();
  try {
    const r = await t.call(C.export, { Report: 'zeroBook', Params }, { token });
    if (r.statusCode !== 200) throw new Error(`export: ${r.body.slice(0, 200)}`);
    const dataId = r.json().data.DataID as string;
    let job: Job;
    for (;;) {
      job = (await t.call(jobCalls.getProgress, { DataID: dataId }, { token })).json().data as Job;
      if (job.State !== JobState.running) break;
      await sleep(50);
    }
    const ms = performance.now() - a;
    if (job.State !== JobState.done) throw new Error(`export job ended in state ${job.State}: ${job.Message}`);
    const row = await t.app.db.selectFrom('jobs').select('result_path').where('data_id', '=', dataId).executeTakeFirst();
    const bytes = row?.result_path ? statSync(join(t.app.config.dataDir, row.result_path)).size : 0;
    return { rows: job.DataCount, ms, bytes, peakRssMb: (peakRss - before.rss) / 2 ** 20, peakHeapMb: (peakHeap - before.heapUsed) / 2 ** 20, rssMb: peakRss / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.argv[2] ?? 100_000) });
    await generateLoanHistory(t, Number(process.argv[3] ?? 300_000));
    console.log(await measureReportExport(t));
  } finally {
    await t.close();
  }
}
