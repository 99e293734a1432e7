import { recommendationCalls as C, suggestionDetailSchema, suggestionGroupSchema } from '../../../shared/api/recommendations.ts';
import { defineResource } from '../../kit/resource.ts';

/** /recommendation: one line per book asked for (labels, filters and the export of the staff list). */
export const groupResource = defineResource({
  id: 'recommendation-group',
  ns: 'recommendations',
  calls: { list: C.groups, export: C.export },
  schema: suggestionGroupSchema,
  idField: 'Key',
  displayField: 'Title',
  fields: {
    Key: { hidden: true },
    IDs: { hidden: true },
    ISBN: { identifier: true },
  },
});

/** A suggestion staff type in for a reader (a paper slip, a request at the desk). */
export const addResource = defineResource({
  id: 'recommendation-add',
  ns: 'recommendations',
  calls: { list: C.groups, create: C.addForReader },
  // The form is AddForReader's input (ReaderID and the book); the entity is what it answers.
  schema: suggestionDetailSchema,
  idField: 'ID',
  displayField: 'Title',
});
