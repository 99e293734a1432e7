import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The summary register's lines kept for scopes of several branches (migration 0050). Lines are
 * kept for all branches and for each branch alone; a staff member limited to several branches
 * cannot add those up (a title held in two of them is one title), so each such scope asked for
 * is kept under a key of its own once asked: the first asks are counted copy by copy while the
 * background keeper (ledger-lines.ts keepLedgerLines) builds it, the later ones read its lines.
 */

/** Scopes kept at most per school (each adds a pass over its titles to every rebuild); beyond, copy by copy. */
const MAX_SETS = 16;

export interface BranchSet { key: number; branches: ReadonlySet<number> }

const setText = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

/** The school's kept scopes, for rebuilding titles' lines. */
export async function branchSetsOf(db: Kysely<Database> | Transaction<Database>, schoolId: number): Promise<BranchSet[]> {
  const rows = await db.selectFrom('ledger_branch_sets').select(['set_key', 'branches']).where('school_id', '=', schoolId).execute();
  return rows.map((r) => ({ key: r.set_key, branches: new Set(r.branches.split(',').map(Number)) }));
}

/**
 * The key the kept lines answer a caller's branches under, or null while they cannot: 0 when
 * they hold every branch of the school (roles list their branches, and the seeded ones list them
 * all), that branch when one of the school's, −1 when none, else the scope's own key. A scope
 * asked for the first time is registered and its branches' titles marked for rebuilding.
 */
export async function keptBranchSet(db: Kysely<Database>, schoolId: number, branchIds: readonly number[]): Promise<number | null> {
  const wanted = new Set(branchIds);
  const school = (await db.selectFrom('branches').select('id').where('school_id', '=', schoolId).execute()).map((b) => b.id);
  const held = school.filter((id) => wanted.has(id));
  if (held.length === school.length) return 0;
  if (held.length <= 1) return held[0] ?? -1;
  const branches = setText(held);
  const known = await db.selectFrom('ledger_branch_sets').select(['set_key', 'ready']).where('school_id', '=', schoolId).where('branches', '=', branches).executeTakeFirst();
  if (known) return known.ready ? known.set_key : null;
  if (branches.length > 400) return null; // a scope too wide to be a key: counted copy by copy
  await db.transaction().execute(async (trx) => {
    const { n, low } = await trx.selectFrom('ledger_branch_sets')
      .select([(eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min<number | null>('set_key').as('low')])
      .where('school_id', '=', schoolId).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SETS) return;
    // −1 means "no branch" to the register (ledger-summary-lines.ts): keys start at −2.
    const key = Math.min(Number(low ?? -1), -1) - 1;
    // Two first asks at once: one registers, the other finds it taken and counts by copies.
    const added = await trx.insertInto('ledger_branch_sets').values({ school_id: schoolId, set_key: key, branches })
      .onConflict((oc) => oc.doNothing()).returning('set_key').executeTakeFirst();
    if (!added) return;
    await sql`insert into ledger_dirty (school_id, title_id) select distinct school_id, title_id from copies where school_id = ${schoolId} and branch_id in (${sql.join(held)}) on conflict do nothing`.execute(trx);
  });
  return null;
}

/**
 * Marks the school's scopes ready once no title waits to be rebuilt: every title was then built
 * knowing them (ledger-lines.ts refreshLedgerLines, after its last chunk). A title marked again
 * since keeps them waiting, in the same statement.
 */
export async function markBranchSetsReady(db: Kysely<Database>, schoolId: number): Promise<void> {
  const waiting = await db.selectFrom('ledger_branch_sets').select('set_key').where('school_id', '=', schoolId).where('ready', '=', 0).executeTakeFirst();
  if (!waiting) return;
  await db.updateTable('ledger_branch_sets').set({ ready: 1 }).where('school_id', '=', schoolId).where('ready', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ledger_dirty').select('ledger_dirty.title_id').where('ledger_dirty.school_id', '=', schoolId))))
    .execute();
}
