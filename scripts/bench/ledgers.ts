import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { ledgerCalls as L } from '../../src/shared/api/ledgers.ts';
import { refreshPlannerStatistics } from '../../src/gateway/db/planner-statistics.ts';
import { refreshLedgerLines } from '../../src/gateway/ledgers/ledger-lines.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { generateCatalogueFixture } from './catalogue-fixture.ts';
import { callP95s } from './call-p95.ts';
import { schoolDayOf } from './school-day.ts';

/**
 * The accession registers at the gateway on the catalogue fixture: its copies (BX…) are put into
 * 36 batches accepted over three years, and 2% of them weeded (with history rows) over the same
 * years. The summary register's kept lines are rebuilt once after those writes (timed on its own).
 * Each register is asked 20 times as the screens ask it (the summary of a year and of three,
 * the first page of the storage register, a three-batch register by title, a year's weedings).
 */
export async function measureLedgers(t: TestApp, school = 1): Promise<Record<string, number>> {
  const db = t.app.db;
  const branch = await db.selectFrom('branches').select('id').where('school_id', '=', school).orderBy('id').executeTakeFirstOrThrow();
  const copies = await db.selectFrom('copies').select(['id', 'barcode']).where('school_id', '=', school).where('barcode', 'like', 'BX%').orderBy('id').execute();
  const now = Date.now();
  const day = await schoolDayOf(t, school);
  const BATCHES = 36;
  const batchIds: number[] = [];
  for (let i = 0; i < BATCHES; i++) {
    const on = day(now - (BATCHES - i) * 30 * 86_400_000);
    const at = new Date().toISOString();
    const { id } = await db.insertInto('batches').values({ school_id: school, batch_no: `BENCH-${String(i + 1).padStart(2, '0')}`, branch_id: branch.id, resource_type_id: null, bookseller: '新华书店', registered_on: on, accepted_on: on, state: 'accepted', created_at: at, updated_at: at } as never).returning('id').executeTakeFirstOrThrow();
    batchIds.push(id);
  }
  const per = Math.ceil(copies.length / BATCHES);
  for (let i = 0; i < BATCHES; i++) {
    const slice = copies.slice(i * per, (i + 1) * per);
    if (slice.length) await db.updateTable('copies').set({ batch_id: batchIds[i]! }).where('id', '>=', slice[0]!.id).where('id', '<=', slice.at(-1)!.id).where('school_id', '=', school).execute();
  }
  const weeded = copies.filter((_c, i) => i % 50 === 7);
  for (let from = 0; from < weeded.length; from += 1000) {
    const part = weeded.slice(from, from + 1000);
    const rows = part.map((c, k) => ({ school_id: school, copy_id: c.id, barcode: c.barcode, event: 'weed', user_id: null, at: new Date(now - ((from + k) % 1000) * 86_400_000).toISOString(), detail: '{"reason":"worn"}' }));
    await db.insertInto('copy_events').values(rows).execute();
    await db.updateTable('copies').set({ storage_area: 3 }).where('id', 'in', part.map((c) => c.id)).execute();
  }
  if (t.app.dbHandle.sqlite) refreshPlannerStatistics(t.app.dbHandle);
  // The writes above marked every title for the summary register's kept lines (migration 0046),
  // as an upgrade or a large import does: the first register after them rebuilds them all. That
  // one rebuild is measured on its own; the p95 below is of the registers asked after it.
  const { rules } = await t.app.schoolRules.of(school);
  const a = performance.now();
  await refreshLedgerLines(db, school, rules.Calendar.UtcOffsetMinutes);
  const rebuildMs = performance.now() - a;
  const token = await t.tokenFor('admin');
  const today = day(now);
  const yearAgo = day(now - 365 * 86_400_000);
  const cases = {
    'summary.year': [L.summary, { From: yearAgo, To: today }],
    'summary.3years': [L.summary, { From: day(now - 3 * 365 * 86_400_000), To: today }],
    'store.year': [L.copies, { Ledger: 'store', From: yearAgo, To: today, Page: 1, Rows: 50 }],
    'titles.3batches': [L.titles, { Ledger: 'singlemultiple', BatchIDs: batchIds.slice(0, 3), Page: 1, Rows: 50 }],
    'weeding.year': [L.weeding, { From: yearAgo, To: today, Page: 1, Rows: 50 }],
  } as const;
  const p95s = await callP95s(t, cases, { token, school });
  // Staff limited to several of the school's branches (ledgers/ledger-branch-sets.ts): the
  // librarian's role keeps the fixture's two branches when a third opens. Their first register
  // registers the scope, the keeper builds its lines (timed), the later ones read them.
  const branches = (await db.selectFrom('branches').select('id').where('school_id', '=', school).execute()).map((b) => b.id);
  await db.insertInto('branches').values({ school_id: school, code: 'BENCH-3', name: '新校区分馆', en_name: 'New campus', sort: 9 } as never).execute();
  const role = await db.selectFrom('roles').select('id').where('school_id', '=', school).where('code', '=', 'librarian').executeTakeFirstOrThrow();
  await db.deleteFrom('role_branches').where('role_id', '=', role.id).execute();
  await db.insertInto('role_branches').values(branches.map((b) => ({ role_id: role.id, branch_id: b }))).execute();
  const librarian = await t.tokenFor('librarian');
  const several = { 'summary.severalBranches.year': cases['summary.year'] } as const;
  await callP95s(t, several, { token: librarian, school }, undefined, 1);
  const b = performance.now();
  await refreshLedgerLines(db, school, rules.Calendar.UtcOffsetMinutes);
  const scopeBuildMs = performance.now() - b;
  const kept = await db.selectFrom('ledger_branch_sets').select('ready').where('school_id', '=', school).executeTakeFirst();
  if (!kept?.ready) throw new Error('the scope of several branches was not kept');
  return { copies: copies.length, weeded: weeded.length, rebuildMs, scopeBuildMs, ...p95s, ...(await callP95s(t, several, { token: librarian, school })) };
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    await generateCatalogueFixture(t.app.db, { titles: Number(process.argv[2] ?? 100_000) });
    console.log(await measureLedgers(t));
  } finally {
    await t.close();
  }
}
