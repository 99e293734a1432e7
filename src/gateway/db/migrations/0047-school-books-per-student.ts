import type { Migration } from '../migrate.ts';

/**
 * The copies per student a school is held to, when its province sets a figure of its own (null:
 * the national regulation's for its learning period; shared/domain/books-per-student.ts). The CLC
 * structure reports show it beside the school's actual figure.
 */
export const migration: Migration = {
  id: '0047-school-books-per-student',
  async up(db) {
    await db.schema.alterTable('schools').addColumn('books_per_student', 'integer').execute();
  },
};
