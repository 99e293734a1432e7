import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';

/**
 * One running MARC import per school ("一次只能导入一个文件"), held by the database: the check
 * before an import starts could pass for two requests at once, which then both ran on the same
 * school. Jobs are never left running by a live gateway; only a crash in that race can have left
 * two, and the older is closed here (the newest is closed at start like any interrupted job).
 */
export const migration: Migration = {
  id: '0051-one-marc-import',
  async up(db) {
    await sql`update jobs set state = 3 where operation_type = 'MarcImport' and state = 1
      and id not in (select max(id) from jobs where operation_type = 'MarcImport' and state = 1 group by school_id)`.execute(db);
    await sql`create unique index jobs_one_marc_import_uq on jobs (school_id) where operation_type = 'MarcImport' and state = 1`.execute(db);
  },
};
