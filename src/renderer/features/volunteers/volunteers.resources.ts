import { dutyListQuery, dutySchema, hoursQuery, hoursSchema, postSchema, volunteerCalls as C, volunteerListQuery, volunteerSchema } from '../../../shared/api/volunteers.ts';
import { defineResource } from '../../kit/resource.ts';

/** Kit resources of /volunteer. Posts and terms are selects of the school's own. */
const postRef = { widget: 'ref' as const, ref: { call: C.getPostList, value: 'ID', label: 'Name' } };
const termRef = { widget: 'ref' as const, ref: { call: C.getTermOptions, value: 'ID', label: 'Name', input: {} } };

export const postResource = defineResource({
  id: 'volunteer-post', ns: 'volunteers',
  calls: { list: C.getPostList, create: C.addPost, update: C.updatePost, delete: C.deletePost },
  schema: postSchema, idField: 'ID', displayField: 'Name', inUse: { field: 'InUse' },
});

export const volunteerResource = defineResource({
  id: 'volunteer', ns: 'volunteers',
  calls: { list: C.getVolunteerList, create: C.addVolunteer, update: C.updateVolunteer, delete: C.deleteVolunteer },
  schema: volunteerSchema, idField: 'ID', displayField: 'Name', inUse: { field: 'Duties' },
  listQuery: volunteerListQuery.extend({ TermID: volunteerListQuery.shape.TermID.meta(termRef), PostID: volunteerListQuery.shape.PostID.meta(postRef) }),
  fields: { PostID: postRef, TermID: termRef },
});

export const dutyResource = defineResource({
  id: 'volunteer-duty', ns: 'volunteers', calls: { list: C.getDutyList }, schema: dutySchema, idField: 'ID', displayField: 'Name',
  listQuery: dutyListQuery.extend({ TermID: dutyListQuery.shape.TermID.meta(termRef) }),
});

export const hoursResource = defineResource({
  id: 'volunteer-hours', ns: 'volunteers', calls: { list: C.getHours, export: C.exportHours }, schema: hoursSchema, idField: 'VolunteerID', displayField: 'Name',
  listQuery: hoursQuery.extend({ TermID: hoursQuery.shape.TermID.meta(termRef), PostID: hoursQuery.shape.PostID.meta(postRef) }),
});
