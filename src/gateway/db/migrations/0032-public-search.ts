import type { Migration } from '../migrate.ts';
import { titleIndexTerms } from '../../../shared/domain/search/search-terms.ts';

/**
 * The public catalogue search (issue 10):
 * - the word index is rebuilt: each field's terms now carry the field's tag (an author search
 *   keeps to authors), the publisher is indexed, and traditional characters are folded to
 *   simplified (西遊記 finds 西游记). Every title's terms change, so every title is re-indexed;
 * - copies_title_state_ix (title, storage area, state, branch) replaces copies_title_ix (title):
 *   its first column serves every lookup the old one did, and the facets and copy counts of a
 *   search read a title's copies from it alone, without the table;
 * - titles without a Chinese character lose their "pinyin" (the lower-cased title: catalogue-
 *   store.ts spellTitle), which made every English title match a Latin word twice;
 * - titles_school_facet_ix (school, id, language, class, year): "newest first" reads a school's
 *   titles in id order without sorting them, and a search's facets read each matched title's
 *   language, class and year from it alone (a title's row is many times wider: measured 0.5 µs
 *   a title against 0.9 µs from the table).
 */
export const migration: Migration = {
  id: '0032-public-search',
  async up(db) {
    await db.schema.createIndex('copies_title_state_ix').on('copies').columns(['title_id', 'storage_area', 'circ_state', 'branch_id']).execute();
    await db.schema.dropIndex('copies_title_ix').execute();
    await db.schema.createIndex('titles_school_facet_ix').on('titles').columns(['school_id', 'id', 'language', 'class_no', 'pub_year']).execute();
    await db.deleteFrom('title_terms').execute();
    for (let after = 0; ;) {
      const batch = await db.selectFrom('titles').select(['id', 'school_id', 'title', 'en_title', 'author', 'series', 'subjects', 'publisher', 'pinyin', 'initials'])
        .where('id', '>', after).orderBy('id').limit(2000).execute();
      if (!batch.length) break;
      const rows = batch.flatMap((t) => titleIndexTerms(t).map((term) => ({ school_id: t.school_id, term, title_id: t.id })));
      for (let i = 0; i < rows.length; i += 3000) await db.insertInto('title_terms').values(rows.slice(i, i + 3000)).execute();
      const unspelled = batch.filter((t) => !/\p{Script=Han}/u.test(t.title) && (t.pinyin || t.initials)).map((t) => t.id);
      if (unspelled.length) await db.updateTable('titles').set({ pinyin: '', initials: '' }).where('id', 'in', unspelled).execute();
      after = batch[batch.length - 1]!.id;
    }
  },
};
