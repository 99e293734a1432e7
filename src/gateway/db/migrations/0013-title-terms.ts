import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { indexTerms, titleMarkers } from '../../../shared/domain/search/search-terms.ts';

/**
 * The word index of titles (search/search-terms.ts): one row per (school, term, title), its key
 * the whole row, so a search is a few B-tree range scans and never reads `titles`. Terms compare
 * in code-point order on both dialects (SQLite BINARY, PostgreSQL "C"), which prefix ranges need.
 * Also drops copies_school_callno_ix, which 0012 created on the same columns as 0011's
 * copies_school_call_ix.
 */
export const migration: Migration = {
  id: '0013-title-terms',
  async up(db, kind) {
    await db.schema
      .createTable('title_terms')
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('term', kind === 'postgres' ? sql`varchar(40) collate "C"` : 'varchar(40)', (c) => c.notNull())
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('title_terms_pk', ['school_id', 'term', 'title_id'])
      .$call((t) => (kind === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
    await db.schema.createIndex('title_terms_title_ix').on('title_terms').column('title_id').execute();
    await db.schema.dropIndex('copies_school_callno_ix').execute();
    // Every title already catalogued, 2,000 at a time (new ones are indexed as they are saved).
    for (let after = 0; ;) {
      const batch = await db.selectFrom('titles').select(['id', 'school_id', 'title', 'en_title', 'author', 'series', 'subjects']).where('id', '>', after).orderBy('id').limit(2000).execute();
      if (!batch.length) break;
      const rows = batch.flatMap((t) => [...indexTerms([t.title, t.en_title, t.author, t.series, t.subjects]), ...titleMarkers(t.title)].map((term) => ({ school_id: t.school_id, term, title_id: t.id })));
      for (let i = 0; i < rows.length; i += 3000) await db.insertInto('title_terms').values(rows.slice(i, i + 3000)).execute();
      after = batch[batch.length - 1]!.id;
    }
  },
};
