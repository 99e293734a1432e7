import type { Migration } from '../migrate.ts';

/**
 * The summary register kept for a scope of several branches (issue 11). Lines are kept for all
 * branches and for each branch alone (0046); a staff member limited to several branches (a title
 * held in two of them is one title) was counted copy by copy, up to 0.3 s on a large catalogue.
 * Each such scope asked for is kept too, under its own key (ledgers/ledger-branch-sets.ts):
 * set_key −2, −3, … (−1 stays "no branch" in ledgers/ledger-summary-lines.ts), branches the
 * sorted ids joined by commas, ready once every title was built with it.
 */
export const migration: Migration = {
  id: '0050-ledger-branch-sets',
  async up(db) {
    await db.schema.createTable('ledger_branch_sets')
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('set_key', 'integer', (c) => c.notNull())
      .addColumn('branches', 'varchar(400)', (c) => c.notNull())
      .addColumn('ready', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('ledger_branch_sets_pk', ['school_id', 'set_key'])
      .addUniqueConstraint('ledger_branch_sets_uq', ['school_id', 'branches'])
      .execute();
  },
};
