import { holdCalls as C, holdListQuery, holdSchema } from '../../../shared/api/holds.ts';
import { defineResource } from '../../kit/resource.ts';

/** /reservation: every hold of the school, by stage (queue, to fetch, hold shelf, closed) or state. */
export const holdsResource = defineResource({
  id: 'holds',
  ns: 'holds',
  calls: { list: C.list },
  schema: holdSchema,
  listQuery: holdListQuery,
  idField: 'ID',
  displayField: 'ReaderName',
});
