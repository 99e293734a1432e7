import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LedgerTitleLinesTable } from '../db/schema-ledgers.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { weededAt } from './ledger-store.ts';
import { branchSetsOf, markBranchSetsReady, type BranchSet } from './ledger-branch-sets.ts';

/**
 * The summary register's lines kept per title (migration 0046): triggers mark the titles whose
 * copies changed (ledger_dirty); before a register is answered the marked titles are rebuilt
 * here from their copies, by the same rules as the register counted copy by copy (accession on
 * the batch's acceptance day, else the local day catalogued; leaving on the day of the latest
 * weeding, a weeding before the accession taken as on its day; a title comes with its first
 * copy held and goes with its last), and their old part of ledger_lines is replaced by the new.
 */

/** Titles rebuilt per transaction: keeps the IN lists and a writer's wait short. */
const CHUNK = 500;

type TitleLine = Omit<LedgerTitleLinesTable, 'cents'> & { cents: number };

interface CopyRow {
  title_id: number;
  branch_id: number;
  batch_id: number | null;
  accepted_on: string | null;
  batch_no: string | null;
  created_at: string;
  cents: number | string | null;
  weeded: string | null;
}

const dayOfMinute = (iso: string, offset: number) => toLocalDay(`${iso.slice(0, 16)}:00.000Z`, offset);

/** Rebuilds the school's marked titles (all of them when the calendar's offset changed since). */
export async function refreshLedgerLines(db: Kysely<Database>, schoolId: number, offset: number): Promise<void> {
  const state = await db.selectFrom('ledger_state').select('utc_offset').where('school_id', '=', schoolId).executeTakeFirst();
  if (state?.utc_offset !== offset) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ledger_title_lines').where('school_id', '=', schoolId).execute();
      await trx.deleteFrom('ledger_lines').where('school_id', '=', schoolId).execute();
      await sql`insert into ledger_dirty (school_id, title_id) select distinct school_id, title_id from copies where school_id = ${schoolId} on conflict do nothing`.execute(trx);
      await trx.insertInto('ledger_state').values({ school_id: schoolId, utc_offset: offset })
        .onConflict((oc) => oc.column('school_id').doUpdateSet({ utc_offset: offset })).execute();
    });
  }
  for (;;) {
    const ids = (await db.selectFrom('ledger_dirty').select('title_id').where('school_id', '=', schoolId).orderBy('title_id').limit(CHUNK).execute()).map((r) => r.title_id);
    if (!ids.length) return markBranchSetsReady(db, schoolId);
    await db.transaction().execute((trx) => rebuildTitles(trx, schoolId, offset, ids));
    // SQLite answers synchronously: let waiting requests (the desk) run between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Brings the kept lines up to date in the background every `everyMs`, school by school, so the
 * first register after a bulk write (a MARC import, a bulk edit) does not pay for the rebuild
 * (2.4 s for 200,000 copies) and the desk is served between its chunks. Returns a stop that
 * waits for a rebuild under way.
 */
export function keepLedgerLines(db: Kysely<Database>, offsetOf: (schoolId: number) => Promise<number>, everyMs: number): () => Promise<void> {
  if (everyMs <= 0) return async () => undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = async () => {
    const schools = await db.selectFrom('ledger_dirty').select('school_id').distinct().execute();
    for (const { school_id: id } of schools) {
      if (stopped) return;
      await refreshLedgerLines(db, id, await offsetOf(id));
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      // A failed rebuild leaves the titles marked: the next round or the next register retries.
      .catch((err: unknown) => console.error('gateway: keeping the summary register failed:', (err as Error).message))
      .finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

async function rebuildTitles(trx: Transaction<Database>, schoolId: number, offset: number, marked: number[]): Promise<void> {
  // Unmarked first, and only the titles this transaction unmarked are rebuilt: two registers
  // asked at once never both subtract a title's old lines (on PostgreSQL the second delete waits
  // for the first to commit, then finds nothing). A write marking a title again after this is
  // rebuilt next time.
  const ids = (await trx.deleteFrom('ledger_dirty').where('school_id', '=', schoolId).where('title_id', 'in', marked).returning('title_id').execute()).map((r) => r.title_id);
  if (!ids.length) return;
  const [copies, types, old, sets] = await Promise.all([
    trx.selectFrom('copies as c').leftJoin('batches as b', 'b.id', 'c.batch_id')
      .select(['c.title_id', 'c.branch_id', 'c.batch_id', 'b.accepted_on', 'b.batch_no', 'c.created_at', sql<number>`round(c.price * 100)`.as('cents'), sql<string | null>`${weededAt()}`.as('weeded')])
      .where('c.school_id', '=', schoolId).where('c.title_id', 'in', ids).execute() as Promise<CopyRow[]>,
    trx.selectFrom('titles').select(['id', 'resource_type_id']).where('school_id', '=', schoolId).where('id', 'in', ids).execute(),
    trx.selectFrom('ledger_title_lines').selectAll().where('school_id', '=', schoolId).where('title_id', 'in', ids).execute(),
    branchSetsOf(trx, schoolId),
  ]);
  const typeOf = new Map(types.map((t) => [t.id, t.resource_type_id ?? 0]));
  const byTitle = new Map<number, CopyRow[]>();
  for (const c of copies) {
    let list = byTitle.get(c.title_id);
    if (!list) byTitle.set(c.title_id, (list = []));
    list.push(c);
  }
  const fresh: TitleLine[] = [];
  for (const [tid, list] of byTitle) fresh.push(...titleLines(schoolId, tid, typeOf.get(tid) ?? 0, list, offset, sets));

  // The change of each summed line: minus the titles' old parts, plus their new ones.
  const sums = new Map<string, { key: Omit<TitleLine, 'title_id' | 'copies' | 'cents' | 'enter'>; titles: number; copies: number; cents: number; enter: number }>();
  const add = (l: TitleLine | LedgerTitleLinesTable, sign: 1 | -1) => {
    const k = `${l.branch_key}|${l.day}|${l.kind}|${l.batch_key}|${l.type_key}`;
    let s = sums.get(k);
    if (!s) sums.set(k, (s = { key: { school_id: schoolId, branch_key: l.branch_key, day: l.day, kind: l.kind, batch_key: l.batch_key, type_key: l.type_key }, titles: 0, copies: 0, cents: 0, enter: 0 }));
    s.titles += sign;
    s.copies += sign * Number(l.copies);
    s.cents += sign * Number(l.cents);
    s.enter += sign * Number(l.enter);
  };
  for (const l of old) add(l, -1);
  for (const l of fresh) add(l, 1);

  await trx.deleteFrom('ledger_title_lines').where('school_id', '=', schoolId).where('title_id', 'in', ids).execute();
  for (let i = 0; i < fresh.length; i += 500) await trx.insertInto('ledger_title_lines').values(fresh.slice(i, i + 500)).execute();
  const changed = [...sums.values()].filter((s) => s.titles || s.copies || s.cents || s.enter);
  for (let i = 0; i < changed.length; i += 500) {
    await trx.insertInto('ledger_lines')
      .values(changed.slice(i, i + 500).map((s) => ({ ...s.key, titles: s.titles, copies: s.copies, cents: s.cents, enter: s.enter })))
      .onConflict((oc) => oc.columns(['school_id', 'branch_key', 'day', 'kind', 'batch_key', 'type_key']).doUpdateSet({
        titles: sql`ledger_lines.titles + excluded.titles`,
        copies: sql`ledger_lines.copies + excluded.copies`,
        cents: sql`ledger_lines.cents + excluded.cents`,
        enter: sql`ledger_lines.enter + excluded.enter`,
      }))
      .execute();
  }
  if (changed.length) await trx.deleteFrom('ledger_lines').where('school_id', '=', schoolId).where('titles', '=', 0).execute();
}

/**
 * One title's lines, for all its branches together (branch_key 0), for each branch alone, and for
 * each kept scope of several branches holding a copy of it (ledger-branch-sets.ts):
 * its copies' accessions and weedings in the register's order (day; a day's accessions by batch
 * number, then its weedings), with the title coming in when its held copies go from none to
 * some, and leaving when they go back to none.
 */
export function titleLines(schoolId: number, titleId: number, typeKey: number, copies: readonly CopyRow[], offset: number, sets: readonly BranchSet[] = []): TitleLine[] {
  const out: TitleLine[] = [];
  const branches = new Set(copies.map((c) => c.branch_id));
  const scopes: Array<[key: number, holds: ((branch: number) => boolean) | null]> = [[0, null]];
  for (const b of branches) scopes.push([b, (x) => x === b]);
  for (const s of sets) if ([...branches].some((b) => s.branches.has(b))) scopes.push([s.key, (x) => s.branches.has(x)]);
  for (const [branch, holds] of scopes) {
    const lines = new Map<string, { day: string; kind: 'in' | 'out'; batch: number; batchNo: string; n: number; cents: number }>();
    const line = (day: string, kind: 'in' | 'out', batch: number, batchNo: string) => {
      const k = `${day}|${kind}|${batch}`;
      let l = lines.get(k);
      if (!l) lines.set(k, (l = { day, kind, batch, batchNo, n: 0, cents: 0 }));
      return l;
    };
    for (const c of copies) {
      if (holds && !holds(c.branch_id)) continue;
      const cents = Number(c.cents ?? 0);
      const acc = c.accepted_on ?? dayOfMinute(c.created_at, offset);
      const a = line(acc, 'in', c.batch_id ?? 0, c.batch_no ?? '');
      a.n++;
      a.cents += cents;
      if (c.weeded) {
        let weeded = dayOfMinute(c.weeded, offset);
        if (weeded < acc) weeded = acc;
        const w = line(weeded, 'out', 0, '');
        w.n++;
        w.cents += cents;
      }
    }
    const ordered = [...lines.values()].sort((a, b) => a.day.localeCompare(b.day) || (a.kind === b.kind ? a.batchNo.localeCompare(b.batchNo) : a.kind === 'in' ? -1 : 1));
    let held = 0;
    for (const l of ordered) {
      const was = held;
      held += l.kind === 'in' ? l.n : -l.n;
      const enter = was === 0 && held > 0 ? 1 : was > 0 && held <= 0 ? -1 : 0;
      out.push({ school_id: schoolId, title_id: titleId, branch_key: branch, type_key: typeKey, day: l.day, kind: l.kind, batch_key: l.batch, copies: l.n, cents: l.cents, enter });
    }
  }
  return out;
}
