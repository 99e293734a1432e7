import { sql, type Kysely } from 'kysely';
import type { Migration } from '../migrate.ts';

/**
 * The summary register (/ledger) kept as it goes instead of counted from every copy on each
 * request (issue 11: a year of a large catalogue read 70,000 copies and took 0.3 s).
 *
 * - ledger_title_lines: each title's part of each register line (a day's accession of a batch,
 *   a day's weedings), per branch and for all branches (branch_key 0): copies, cents, and
 *   whether the title came into the collection (+1) or left it (−1) with that line. A title's
 *   lines depend only on its own copies, so they are rebuilt title by title.
 * - ledger_lines: the same summed per line and resource type, so the opening balance and the
 *   lines of a period are a few hundred rows whatever the size of the catalogue.
 * - ledger_dirty: titles whose copies changed since their lines were built. Triggers mark them
 *   on every write that moves a register figure — a copy added, deleted, moved to another title,
 *   batch or branch, repriced, weeded or restored (storage area 3 in or out, or a weeded copy's
 *   last change, its weeding instant when no history says otherwise), a weeding's history row,
 *   a batch accepted on another day or renumbered (the order of a day's lines), a title's
 *   resource type — whoever writes (desk, import, acquisition, tests): the gateway rebuilds the
 *   marked titles before it answers a register (ledgers/ledger-lines.ts). The circulation desk's
 *   writes (state, storage area other than weeded) mark nothing.
 * - ledger_state: the school calendar's UTC offset the days were taken in; another offset
 *   rebuilds the school.
 * Backfill: every title with copies is marked, so the first register after the upgrade builds all.
 */
export const migration: Migration = {
  id: '0046-ledger-lines',
  async up(db, kind) {
    await db.schema.createTable('ledger_dirty')
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('title_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('ledger_dirty_pk', ['school_id', 'title_id'])
      .execute();
    await db.schema.createTable('ledger_state')
      .addColumn('school_id', 'integer', (c) => c.primaryKey())
      .addColumn('utc_offset', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createTable('ledger_title_lines')
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('title_id', 'integer', (c) => c.notNull())
      .addColumn('branch_key', 'integer', (c) => c.notNull())
      .addColumn('type_key', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(3)', (c) => c.notNull())
      .addColumn('batch_key', 'integer', (c) => c.notNull())
      .addColumn('copies', 'integer', (c) => c.notNull())
      .addColumn('cents', 'bigint', (c) => c.notNull())
      .addColumn('enter', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('ledger_title_lines_pk', ['school_id', 'title_id', 'branch_key', 'day', 'kind', 'batch_key'])
      .execute();
    // The period's distinct titles in and out are counted from this index alone.
    await db.schema.createIndex('ledger_title_lines_day_ix').on('ledger_title_lines').columns(['school_id', 'branch_key', 'day', 'kind', 'type_key', 'title_id']).execute();
    await db.schema.createTable('ledger_lines')
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('branch_key', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(3)', (c) => c.notNull())
      .addColumn('batch_key', 'integer', (c) => c.notNull())
      .addColumn('type_key', 'integer', (c) => c.notNull())
      .addColumn('titles', 'integer', (c) => c.notNull())
      .addColumn('copies', 'integer', (c) => c.notNull())
      .addColumn('cents', 'bigint', (c) => c.notNull())
      .addColumn('enter', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('ledger_lines_pk', ['school_id', 'branch_key', 'day', 'kind', 'batch_key', 'type_key'])
      .execute();
    await (kind === 'postgres' ? pgTriggers(db) : sqliteTriggers(db));
    await sql`insert into ledger_dirty (school_id, title_id) select distinct school_id, title_id from copies`.execute(db);
  },
};

/** A change of a copy that moves a register figure (see above); `ne` is the dialect's null-safe "differs". */
const copyChanged = (ne: string) => ['school_id', 'title_id', 'batch_id', 'branch_id', 'price', 'created_at'].map((c) => `old.${c} ${ne} new.${c}`).join(' or ')
  + ` or (old.storage_area = 3) <> (new.storage_area = 3) or (new.storage_area = 3 and old.updated_at ${ne} new.updated_at)`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const mark = (school: string, title: string) => `insert or ignore into ledger_dirty (school_id, title_id) values (${school}, ${title});`;
  const markBatch = (id: string) => `insert or ignore into ledger_dirty (school_id, title_id) select school_id, title_id from copies where batch_id = ${id};`;
  const markCopy = (id: string) => `insert or ignore into ledger_dirty (school_id, title_id) select school_id, title_id from copies where id = ${id};`;
  const triggers = [
    `create trigger ledger_copies_ins after insert on copies begin ${mark('new.school_id', 'new.title_id')} end`,
    `create trigger ledger_copies_del after delete on copies begin ${mark('old.school_id', 'old.title_id')} end`,
    `create trigger ledger_copies_upd after update on copies when ${copyChanged('is not')} begin ${mark('old.school_id', 'old.title_id')} ${mark('new.school_id', 'new.title_id')} end`,
    `create trigger ledger_batches_upd after update on batches when old.accepted_on is not new.accepted_on or old.batch_no is not new.batch_no begin ${markBatch('new.id')} end`,
    `create trigger ledger_batches_del after delete on batches begin ${markBatch('old.id')} end`,
    `create trigger ledger_events_ins after insert on copy_events when new.event = 'weed' begin ${markCopy('new.copy_id')} end`,
    `create trigger ledger_events_del after delete on copy_events when old.event = 'weed' begin ${markCopy('old.copy_id')} end`,
    `create trigger ledger_titles_upd after update on titles when old.resource_type_id is not new.resource_type_id begin ${mark('new.school_id', 'new.id')} end`,
  ];
  for (const t of triggers) await sql.raw(t).execute(db);
}

async function pgTriggers(db: Kysely<any>): Promise<void> {
  const ins = (values: string) => `insert into ledger_dirty (school_id, title_id) ${values} on conflict do nothing;`;
  const fn = (name: string, body: string) => `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  const statements = [
    fn('ledger_mark_copy', `if tg_op <> 'INSERT' then ${ins('values (old.school_id, old.title_id)')} end if; if tg_op <> 'DELETE' then ${ins('values (new.school_id, new.title_id)')} end if;`),
    fn('ledger_mark_batch', `${ins('select school_id, title_id from copies where batch_id = (case when tg_op = \'DELETE\' then old.id else new.id end)')}`),
    fn('ledger_mark_event', `${ins('select school_id, title_id from copies where id = (case when tg_op = \'DELETE\' then old.copy_id else new.copy_id end)')}`),
    fn('ledger_mark_title', ins('values (new.school_id, new.id)')),
    'create trigger ledger_copies_ins after insert or delete on copies for each row execute function ledger_mark_copy()',
    `create trigger ledger_copies_upd after update on copies for each row when (${copyChanged('is distinct from')}) execute function ledger_mark_copy()`,
    'create trigger ledger_batches_upd after update on batches for each row when (old.accepted_on is distinct from new.accepted_on or old.batch_no is distinct from new.batch_no) execute function ledger_mark_batch()',
    'create trigger ledger_batches_del after delete on batches for each row execute function ledger_mark_batch()',
    'create trigger ledger_events_ins after insert on copy_events for each row when (new.event = \'weed\') execute function ledger_mark_event()',
    'create trigger ledger_events_del after delete on copy_events for each row when (old.event = \'weed\') execute function ledger_mark_event()',
    'create trigger ledger_titles_upd after update on titles for each row when (old.resource_type_id is distinct from new.resource_type_id) execute function ledger_mark_title()',
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
