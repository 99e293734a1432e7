import { booklistCalls as C, booklistSchema } from '../../../shared/api/booklists.ts';
import { defineResource } from '../../kit/resource.ts';

/** /booklist: reading lists; the grades are a multiple choice of the school's grades. */
export const booklistResource = defineResource({
  id: 'booklist',
  ns: 'booklists',
  calls: { list: C.list, get: C.get, create: C.add, update: C.update, delete: C.delete },
  schema: booklistSchema,
  idField: 'ID',
  displayField: 'Name',
  fields: {
    ID: { hidden: true },
    GradeIDs: { widget: 'multiselect', ref: { call: C.grades, value: 'ID', label: 'Name', input: {} } },
  },
});
