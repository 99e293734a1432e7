import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';

/**
 * The word index (title_terms, 0013) without its foreign keys; a trigger on `titles` removes a
 * deleted title's rows instead of the cascade. Its rows are written only by the code that has
 * just written or read their title in the same transaction (search/title-index.ts), so the
 * check on every row bought nothing but its cost: the MARC import writes about 21 rows per
 * title, and the parent lookups were a third of their insert time on SQLite (420,000 rows:
 * 0.84 s of CPU with the keys, 0.49 s without). SQLite cannot drop a foreign key, so the table is
 * rebuilt there (same columns, key and index).
 */
export const migration: Migration = {
  id: '0048-title-terms-no-keys',
  async up(db, kind) {
    if (kind === 'postgres') {
      await sql`alter table title_terms drop constraint title_terms_school_id_fkey`.execute(db);
      await sql`alter table title_terms drop constraint title_terms_title_id_fkey`.execute(db);
      await sql.raw(`create function title_terms_forget() returns trigger language plpgsql as $$
        begin delete from title_terms where title_id = old.id; return null; end $$`).execute(db);
      await sql`create trigger title_terms_forget after delete on titles for each row execute function title_terms_forget()`.execute(db);
      return;
    }
    await sql`create table title_terms_next (
      school_id integer not null, term varchar(40) not null, title_id integer not null,
      constraint title_terms_pk primary key (school_id, term, title_id)) without rowid`.execute(db);
    await sql`insert into title_terms_next (school_id, term, title_id) select school_id, term, title_id from title_terms`.execute(db);
    await sql`drop table title_terms`.execute(db);
    await sql`alter table title_terms_next rename to title_terms`.execute(db);
    await db.schema.createIndex('title_terms_title_ix').on('title_terms').column('title_id').execute();
    await sql`create trigger title_terms_forget after delete on titles begin delete from title_terms where title_id = old.id; end`.execute(db);
  },
};
