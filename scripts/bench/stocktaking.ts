import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { stocktakingCalls as C } from '../../src/shared/api/stocktaking.ts';
import { refreshPlannerStatistics } from '../../src/gateway/db/planner-statistics.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { pct } from './percentile.ts';

/**
 * Stocktaking at the gateway on the catalogue fixture: a librarian starts a stocktake of the two
 * largest collection areas (the snapshot of their expected copies), then `scans` scans arrive one
 * after another as from a desk: mostly copies of the areas, some twice, some from other areas, a
 * few unknown labels. Reported: the start, one scan call (p50/p95), the live counts a desk reads
 * again after scans, and the report per area.
 */
export async function measureStocktaking(t: TestApp, scans = 2000, school = 1): Promise<Record<string, number>> {
  const db = t.app.db;
  if (t.app.dbHandle.sqlite) refreshPlannerStatistics(t.app.dbHandle);
  const token = await t.tokenFor('librarian');
  const areas = await db.selectFrom('copies').select(['area_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', school).where('area_id', 'is not', null).groupBy('area_id').orderBy('n', 'desc').limit(2).execute();
  const areaIds = areas.map((a) => a.area_id!);
  const inScope = await db.selectFrom('copies').select('barcode').where('school_id', '=', school).where('area_id', 'in', areaIds).orderBy('id').execute();
  const outside = await db.selectFrom('copies').select('barcode').where('school_id', '=', school).where('area_id', 'not in', areaIds).orderBy('id').limit(2000).execute();
  let a = performance.now();
  const started = await t.call(C.start, { Name: 'bench', AreaIDs: areaIds }, { token, school });
  const startMs = performance.now() - a;
  if (started.statusCode !== 200) throw new Error(started.body.slice(0, 300));
  const id = (JSON.parse(started.body) as { data: { ID: number; Counts: { Expected: number } } }).data;
  let seed = 11;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const times: number[] = [];
  for (let i = 0; i < scans; i++) {
    const r = rnd();
    const code = r < 0.85 ? inScope[Math.floor(rnd() * inScope.length)]!.barcode : r < 0.95 ? outside[Math.floor(rnd() * outside.length)]!.barcode : `NOPE${i}`;
    a = performance.now();
    const res = await t.call(C.scan, { ID: id.ID, Code: code, AreaID: areaIds[i % 2] }, { token, school });
    times.push(performance.now() - a);
    if (res.statusCode !== 200) throw new Error(res.body.slice(0, 300));
  }
  const counts: number[] = [];
  const report: number[] = [];
  for (let i = 0; i < 20; i++) {
    a = performance.now();
    await t.call(C.get, { ID: id.ID }, { token, school });
    counts.push(performance.now() - a);
    a = performance.now();
    await t.call(C.getReport, { ID: id.ID }, { token, school });
    report.push(performance.now() - a);
  }
  return {
    expected: id.Counts.Expected, scans, startMs,
    'scan.p50': pct(times, 0.5), 'scan.p95': pct(times, 0.95), 'counts.p95': pct(counts, 0.95), 'report.p95': pct(report, 0.95),
  };
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.argv[2] ?? 100_000) });
    console.log(await measureStocktaking(t, Number(process.argv[3] ?? 2000)));
  } finally {
    await t.close();
  }
}
