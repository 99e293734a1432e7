// `npm run bench`: the budgets of the architecture page that exist so far, each as a figure and a
// ratio to its budget. A benchmark, never a timed test: it reports, it does not fail on a number.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBundledGateway, startGateway } from './gateway-start.ts';
import { measureFirstLoad, measurePortalFirstLoad } from './web-bundle.ts';
import { measureHomeInteractive } from './home-interactive.ts';
import { measureDeskScanUi } from './desk-scan-ui.ts';
import { measurePortalTyping } from './portal-typing-ui.ts';
import { measureReaderImport } from './import-readers.ts';
import { measureCatalogue } from './catalogue-search.ts';
import { measureCirculation } from './circulation.ts';
import { measureRankings } from './charts.ts';
import { measureLedgers } from './ledgers.ts';
import { measureStocktaking } from './stocktaking.ts';
import { measureGate } from './gate.ts';
import { measureStaffRankings } from './charts-staff.ts';
import { measureStatistics } from './statistics.ts';
import { measureStatisticalQuery } from './statistical-query.ts';
import { measureReportExport } from './report-export.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { pct } from './percentile.ts';
import { measureRfidEncode } from './rfid-encode.ts';
import { measurePrintQueue } from './print-queue.ts';
import { createPgTestDatabase, PG_TEST_URL } from '../../src/gateway/testing/pg-test-db.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => pct(xs, 0.95);
const rows: string[][] = [['what', 'figure', 'budget', 'ratio']];
const row = (what: string, value: number, unit: string, budget: number | null) =>
  rows.push([what, `${value.toFixed(unit === 'kB' ? 1 : 0)} ${unit}`, budget == null ? '-' : `${budget} ${unit}`, budget == null ? '-' : (value / budget).toFixed(2)]);

if (!process.argv.includes('--no-build')) {
  const r = spawnSync(process.execPath, [`${root}node_modules/electron-vite/bin/electron-vite.js`, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// 1. Web build first load.
const bundle = measureFirstLoad(join(root, 'out/renderer'));
row('web build first-load JS (gzip)', bundle.gzipTotal / 1024, 'kB', 300);
const portal = measurePortalFirstLoad(join(root, 'out/renderer'));
row(`portal first-load JS before /search shows (gzip; its strings ${(portal.localeGzip / 1024).toFixed(1)} kB)`, portal.gzipTotal / 1024, 'kB', 250);

// Reader import from .xlsx, 5,000 rows: preview + commit through the real gateway (no budget set by the guide).
const imp = await measureReaderImport(5000);
row('import 5,000 readers .xlsx: preview', imp.previewMs, 'ms', null);
row('import 5,000 readers .xlsx: commit (row per transaction)', imp.commitMs, 'ms', null);

// Catalogue at scale (issue 7, section 4): the 100k-title fixture; search at the gateway beside the
// same query on the database; suggestions; scan → copies saved; MARC import beside yaz-marcdump.
async function catalogueRows(c: Record<string, number>, on: string) {
  row(`catalogue fixture${on}: ${c.titles} titles, ${c.copies} copies, a reader with ${c.loans} loans (generate)`, c.fixtureMs!, 'ms', null);
  for (const q of ['chinese', 'english', 'initials', 'isbn']) {
    row(`catalogue search "${q}" at the gateway${on}, p50`, c[`search.${q}.p50`]!, 'ms', 20);
    row(`catalogue search "${q}" at the gateway${on}, p95 (direct on the database: ${c[`search.${q}.direct.p95`]!.toFixed(1)} ms, gateway/direct ${(c[`search.${q}.p95`]! / c[`search.${q}.direct.p95`]!).toFixed(2)}; first call ${Math.round(c[`search.${q}.first`]!)} ms)`, c[`search.${q}.p95`]!, 'ms', 20);
  }
  row(`copy search "chinese" (Search/Collection: title words)${on}, p95`, c['collection.chinese.p95']!, 'ms', 20);
  row(`copy search by barcode (Search/Collection)${on}, p95`, c['collection.barcode.p95']!, 'ms', 20);
  row(`search suggestions (first letters)${on}, p95`, c['suggest.p95']!, 'ms', 10);
  for (const q of ['chinese', 'chinesePhrase', 'english', 'initials', 'isbn', 'callNo', 'broad']) {
    row(`public catalogue search with facets "${q}" (${c[`public.${q}.total`]} titles)${on}, p95`, c[`public.${q}.p95`]!, 'ms', 20);
  }
  row(`public catalogue search with facets, the mix of keys above${on}, p50`, c['public.mix.p50']!, 'ms', 20);
  row(`public catalogue search with facets, the mix of keys above${on}, p95`, c['public.mix.p95']!, 'ms', 20);
  row(`public title detail (CatalogueDetail: copies, places, states)${on}, p95`, c['public.detail.p95']!, 'ms', 20);
  row(`scan ISBN → 3 copies saved at the gateway${on}, p95`, c['scanToSaved.p95']!, 'ms', null);
  row(`MARC import end to end${on}, ${c['marc.records']} records with copies, records/s (yaz-marcdump reads ${Math.round(c['marc.yazPerSec']!)}/s: ratio ${(c['marc.importPerSec']! / c['marc.yazPerSec']!).toFixed(2)})`, c['marc.importPerSec']!, 'rec/s', 10000);
}
{
  const titles = Number(process.env.BENCH_TITLES ?? 100_000);
  await catalogueRows(await measureCatalogue(titles), '');
  // The same on a district's PostgreSQL when one is at hand (LIB_TEST_PG_URL, as for the tests).
  if (PG_TEST_URL) {
    const pgDb = await createPgTestDatabase();
    try {
      await catalogueRows(await measureCatalogue(titles, pgDb.db), ' (PostgreSQL)');
    } finally {
      await pgDb.drop();
    }
  }
}

// The kiosk's borrowing rankings (issue 10): the catalogue fixture plus three years of loans
// (300,000: a busy school's 100,000 a year, as issue 11's bench asks).
{
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.env.BENCH_TITLES ?? 100_000) });
    const r = await measureRankings(t, 300_000);
    for (const [name, what] of [['item', 'titles'], ['class', 'classes (per reader)'], ['dept', 'departments']] as const) {
      for (const period of ['week', 'month', 'year']) {
        row(`borrowing ranking of ${what}, this ${period}, top 100 (${r.loans} loans in three years), p95 (asked again within a minute: ${r[`${name}.${period}.warm.p95`]!.toFixed(1)} ms)`, r[`${name}.${period}.p95`]!, 'ms', 100);
      }
    }
    // The reports' staff rankings on the same loans (interactive: 200 ms budget).
    const s = await measureStaffRankings(t);
    for (const [name, what] of [['readersOfSchool', 'readers of the school'], ['readersOfGrade', 'readers of a grade'], ['readersOfDept', 'readers of a department'], ['locationLoans', 'loans per collection area'], ['clcLoans', 'loans per CLC class']] as const) {
      row(`report ranking of ${what}, this year, top 100, p95`, s[`${name}.p95`]!, 'ms', 200);
    }
    row('holdings per collection area (GetLocationItemSta), p95', s['locationHoldings.p95']!, 'ms', 200);
    // The statistics reports (issue 11 §1) on the same fixture and loans.
    const st = await measureStatistics(t);
    for (const [k, v] of Object.entries(st)) row(`statistics report ${k.replace('.p95', '')}, the last year (of three years of loans), p95 at the gateway`, v, 'ms', 200);
    // The ad-hoc query builder (/statistical-query): the demo's saved questions on the same loans.
    const sq = await measureStatisticalQuery(t);
    for (const [k, v] of Object.entries(sq)) row(`statistical query ${k.replace('.p95', '')}, the last year, p95 at the gateway`, v, 'ms', 200);
    // A report of about 100,000 rows to .xlsx (a job, streamed): time and the memory it adds.
    const x = await measureReportExport(t);
    row(`export of ${x.rows} never-borrowed titles to .xlsx (a job, streamed; ${(x.bytes! / 2 ** 20).toFixed(1)} MB): call to file done`, x.ms!, 'ms', null);
    row(`export of ${x.rows} rows to .xlsx: peak resident memory above the gateway's before it (heap: +${x.peakHeapMb!.toFixed(0)} MB)`, x.peakRssMb!, 'MB', null);
  } finally {
    await t.close();
  }
}

// The accession registers (issue 11 §2): the fixture's copies in 36 batches over three years, 2% weeded.
// Stocktaking (issue 11): a stocktake of the fixture's two largest areas, scans one after another as from a desk.
{
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.env.BENCH_TITLES ?? 100_000) });
    const r = await measureLedgers(t);
    const on = `${r.copies} copies, ${r.weeded} weeded`;
    row(`summary register: rebuilding the kept lines of all ${r.copies} copies once after bulk writes (an upgrade, a large import)`, r.rebuildMs!, 'ms', null);
    row(`summary register (财产总账) of a year, ${on}, p95`, r['summary.year.p95']!, 'ms', 200);
    row(`summary register of three years, ${on}, p95`, r['summary.3years.p95']!, 'ms', 200);
    row(`summary register: building the lines of a scope of several branches once (staff limited to 2 of 3)`, r.scopeBuildMs!, 'ms', null);
    row(`summary register of a year for staff limited to 2 of 3 branches, p95`, r['summary.severalBranches.year.p95']!, 'ms', 200);
    row(`storage register (入库账) of a year, first page of 50 with totals, p95`, r['store.year.p95']!, 'ms', 200);
    row(`register by title of three batches, first page with totals, p95`, r['titles.3batches.p95']!, 'ms', 200);
    row(`weeding register of a year, first page with totals, p95`, r['weeding.year.p95']!, 'ms', 200);
    const s = await measureStocktaking(t, 2000);
    row(`stocktake start: snapshot of ${s.expected} expected copies (two areas)`, s.startMs!, 'ms', null);
    row(`stocktake scan at the gateway (one call; ${s.scans} scans, 10% other areas, 5% unknown), p50`, s['scan.p50']!, 'ms', null);
    row(`stocktake scan at the gateway (one call; ${s.scans} scans, 10% other areas, 5% unknown), p95`, s['scan.p95']!, 'ms', 15);
    row(`stocktake live counts (${s.expected} expected), p95`, s['counts.p95']!, 'ms', 200);
    row(`stocktake report per area (${s.expected} expected), p95`, s['report.p95']!, 'ms', 200);
  } finally {
    await t.close();
  }
}

// Security gates (issue 11): controllers' batches ingested through the gateway, and the statistic
// and the door's counts on three years of a busy school's gate events.
{
  const t = await makeTestApp({});
  try {
    const g = await measureGate(t, { perDay: Number(process.env.BENCH_GATE_PER_DAY ?? 300) });
    row(`gate events ingested at the gateway, batches of 500 from two gates (on ${g.history} events of three years)`, g['ingest.perSec']!, 'events/s', null);
    row('gate batch of 500 events at the gateway, p95', g['ingest.batch.p95']!, 'ms', null);
    row('entries/exits statistic per hour over a month (/inoutstatistic), p95', g['stat.hour.month.p95']!, 'ms', 200);
    row('entries/exits statistic per day over a year (/inoutstatistic), p95', g['stat.day.year.p95']!, 'ms', 200);
    row('entries/exits statistic per month over three years (/inoutstatistic), p95', g['stat.month.3years.p95']!, 'ms', 200);
    row('door counts without sign-in (/inoutstatisticiframe), p95', g['door.p95']!, 'ms', 200);
  } finally {
    await t.close();
  }
}

// The circulation desk (issue 9): 8 desks lending and returning at once on the same fixture.
{
  const titles = Number(process.env.BENCH_TITLES ?? 100_000);
  const c = await measureCirculation(titles);
  const on = ` (8 desks, ${c['desk.transactions']} lends and returns, ${c['desk.refused']} refused)`;
  row(`desk lend/return at the gateway${on}, p50`, c['desk.p50']!, 'ms', null);
  row(`desk lend/return at the gateway${on}, p95 (the same writes direct on the database: ${c['direct.p95']!.toFixed(2)} ms)`, c['desk.p95']!, 'ms', 15);
  row(`desk lend/return at the gateway${on}, p99`, c['desk.p99']!, 'ms', null);
  row(`desk lend/return throughput at the gateway (direct on the database: ${Math.round(c['direct.perSec']!)}/s, ratio ${(c['desk.perSec']! / c['direct.perSec']!).toFixed(2)})`, c['desk.perSec']!, 'tx/s', 500);
  row(`desk scans the card of a reader with ${c['fixture.loansOfOneReader']} loans, p95`, c['reader400.p95']!, 'ms', null);
}

// Labels (issue 8): 5000 Code 128 labels with CJK text to one PDF, beside pdf-lib used naively.
// Ours in a process of its own whose heap may not exceed the budget (200 MB: it fails if it needs
// more); the naive rendering in another, unlimited one.
const labelRun = (nodeFlags: string[], flags: string[]) => {
  const r = spawnSync(process.execPath, [...nodeFlags, join(root, 'scripts/bench/labels.ts'), '--json', ...flags], { encoding: 'utf8', maxBuffer: 1 << 24 });
  return r.status === 0 ? (JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, number> | null) : null;
};
const ours = labelRun(['--max-old-space-size=200'], ['--ours']);
const naiveRun = labelRun([], []);
if (ours && naiveRun) {
  row(`5000 labels to PDF (naive pdf-lib: ${Math.round(naiveRun.naiveMs!)} ms, ratio ${(ours.ms! / naiveRun.naiveMs!).toFixed(2)}; ${Math.round(ours.bytes! / 1024)} kB; last page ${ours.decodedLastPage}/${ours.onLastPage} barcodes decode)`, ours.ms!, 'ms', 1500);
  row('5000 labels to PDF within a 200 MB heap limit (--max-old-space-size=200): peak resident memory', ours.peakMb!, 'MB', null);
} else {
  row('5000 labels to PDF: FAILED within a 200 MB heap limit, or no CJK font', 0, 'ms', 1500);
}

// The label station's queue through a real CUPS printer, when one is set up (as for the tests).
if (process.env.LIB_TEST_PRINTER) {
  const q = await measurePrintQueue(process.env.LIB_TEST_PRINTER);
  if (q) row(`print queue through CUPS: 20 jobs of 30 labels, enqueue to all done (${Math.round(q.jobsPerMin)} jobs, ${Math.round(q.labelsPerMin)} labels a minute)`, q.ms, 'ms', null);
}

// Devices (issue 8): encode + verify one tag through the device service and serial driver to the
// simulator over a socat pty (no budget in the architecture page; reported as a figure).
for (const type of ['3m-810', 'feig'] as const) {
  const r = await measureRfidEncode(type);
  row(`RFID encode + verify one tag, ${type} simulator over a pty, p50`, r.p50, 'ms', null);
  row(`RFID encode + verify one tag, ${type} simulator over a pty, p95`, r.p95, 'ms', null);
}

// 2. Gateway start on the demo data: the first start seeds; later starts are what users wait for.
const dataDir = mkdtempSync(join(tmpdir(), 'library-bench-'));
try {
  const first = await startGateway(root, dataDir);
  await first.stop();
  row('gateway first start incl. demo seed (from source)', first.ms, 'ms', null);
  // Both ways, alternating so neither gets the warmer disk cache: from source (`node
  // src/gateway/server.ts`) and as the desktop ships it (the bundled utility-process entry).
  const ways = { source: startGateway, bundled: startBundledGateway } as const;
  const figures = { source: { ms: [] as number[], rss: [] as number[] }, bundled: { ms: [] as number[], rss: [] as number[] } };
  for (let i = 0; i < 5; i++) {
    for (const way of ['source', 'bundled'] as const) {
      const g = await ways[way](root, dataDir);
      figures[way].ms.push(g.ms);
      if (g.rssMb != null) figures[way].rss.push(g.rssMb);
      await g.stop();
    }
  }
  const label = { source: 'from source: node src/gateway/server.ts', bundled: 'as shipped: bundled out/main/gateway-process.js' };
  for (const way of ['bundled', 'source'] as const) {
    row(`gateway start on demo data, ${label[way]} (median of 5)`, median(figures[way].ms), 'ms', 500);
    if (figures[way].rss.length) row(`gateway RSS after start, ${label[way]} (median)`, median(figures[way].rss), 'MB', 150);
  }

  // 3. Navigation → home dashboard interactive (test hooks on: the bench signs in via the slider).
  if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    const g = await startGateway(root, dataDir, { LIB_TEST_HOOKS: '1' });
    try {
      const times = await measureHomeInteractive(`${g.url}`);
      row('navigation → home dashboard interactive (median of 7)', median(times), 'ms', null);
      row('navigation → home dashboard interactive (p95)', p95(times), 'ms', null);
      // The desk in the browser: a scanner's Enter → the book's row on screen (after the home figure: it raises a group's quota).
      const desk = await measureDeskScanUi(`${g.url}`);
      for (const [what, xs] of [['scan a book → its loan row in the reader\'s table at /surrency/borrow', desk.borrow], ['scan a book → its line in the desk log at /surrency/return', desk.ret]] as const) {
        row(`${what}, in Chromium (${xs.length} scans), p50`, pct(xs, 0.5), 'ms', 100);
        row(`${what}, in Chromium (${xs.length} scans), p95`, p95(xs), 'ms', 100);
      }
    } finally {
      await g.stop();
    }
    // The portal in the browser on the catalogue fixture: each keystroke → its results on screen.
    const typing = await measurePortalTyping(root);
    row(`portal /search: a keystroke → its results shown, ${typing.titles} titles, in Chromium (${typing.times.length} keys), p50`, pct(typing.times, 0.5), 'ms', 150);
    row(`portal /search: a keystroke → its results shown, ${typing.titles} titles, in Chromium (${typing.times.length} keys), p95`, p95(typing.times), 'ms', 150);
  } else {
    rows.push(['navigation → home dashboard interactive', 'skipped: no Chromium', '-', '-']);
    rows.push(['desk scan → row shown at /surrency/borrow and /return', 'skipped: no Chromium', '-', '-']);
    rows.push(['portal: a keystroke → its results shown', 'skipped: no Chromium', '-', '-']);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
