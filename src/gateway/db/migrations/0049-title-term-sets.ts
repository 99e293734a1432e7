import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';

/**
 * The word index (title_terms) without its index by title: each title's terms are kept once, as a
 * JSON array, in title_term_sets, and a deleted or re-indexed title loses its rows by their key
 * (school, term, title) instead. The index by title held every row a second time; writing it was
 * a quarter of the cost of the index rows a MARC import writes (about 21 a title: 0.52 s → 0.39 s
 * for 428,000 rows on the 100k fixture), where one set row per title is an append.
 * search/title-index.ts writes both; the trigger of 0048 now reads the set.
 */
export const migration: Migration = {
  id: '0049-title-term-sets',
  async up(db, kind) {
    await sql`create table title_term_sets (title_id integer primary key, school_id integer not null, terms text not null)`.execute(db);
    if (kind === 'postgres') {
      await sql`insert into title_term_sets (title_id, school_id, terms) select title_id, min(school_id), json_agg(term)::text from title_terms group by title_id`.execute(db);
      await sql.raw(`create or replace function title_terms_forget() returns trigger language plpgsql as $$
        begin
          delete from title_terms where school_id = old.school_id and title_id = old.id
            and term in (select json_array_elements_text(s.terms::json) from title_term_sets s where s.title_id = old.id);
          delete from title_term_sets where title_id = old.id;
          return null;
        end $$`).execute(db);
    } else {
      await sql`insert into title_term_sets (title_id, school_id, terms) select title_id, min(school_id), json_group_array(term) from title_terms group by title_id`.execute(db);
      await sql`drop trigger title_terms_forget`.execute(db);
      await sql`create trigger title_terms_forget after delete on titles begin
        delete from title_terms where school_id = old.school_id and title_id = old.id
          and term in (select value from json_each((select terms from title_term_sets where title_id = old.id)));
        delete from title_term_sets where title_id = old.id;
      end`.execute(db);
    }
    await sql`drop index title_terms_title_ix`.execute(db);
  },
};
