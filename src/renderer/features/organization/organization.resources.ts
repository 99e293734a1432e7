import { z } from 'zod';
import { pageQuerySchema } from '../../../shared/api/paging.ts';
import { organizationCalls as c, contactSchema, orgNodeSchema, subjectSchema, termSchema } from '../../../shared/api/organization.ts';
import { defineResource } from '../../kit/resource.ts';

/** Kit resources of the organisation screens (labels in locales/<lang>/organization.json). */

export const departmentResource = defineResource({
  id: 'department', ns: 'organization',
  calls: { list: c.getDepartmentList, create: c.addDepartment, update: c.updateDepartment, delete: c.deleteDepartment },
  schema: orgNodeSchema, idField: 'ID', displayField: 'Name', inUse: { field: 'InUse' },
});

export const gradeResource = defineResource({
  id: 'grade', ns: 'organization',
  calls: { list: c.getGradeList, create: c.addGrade, update: c.updateGrade, delete: c.deleteGrade },
  schema: orgNodeSchema, idField: 'ID', displayField: 'Name', inUse: { field: 'InUse' },
  fields: { ParentID: { widget: 'ref', ref: { call: c.getLearningStageAll, value: 'ID', label: 'Name', input: {} } } },
});

export const classResource = defineResource({
  id: 'class', ns: 'organization',
  calls: { list: c.getClassList, create: c.addClass, update: c.updateClass, delete: c.deleteClass },
  schema: orgNodeSchema, idField: 'ID', displayField: 'Name', inUse: { field: 'InUse' },
  // The grade filter is a select of the school's grades.
  listQuery: pageQuerySchema.extend({
    GradeID: z.number().int().optional().meta({ widget: 'ref', ref: { call: c.getGradeAll, value: 'ID', label: 'Name', input: {} } }),
  }),
  fields: {
    ParentID: { widget: 'ref', ref: { call: c.getGradeAll, value: 'ID', label: 'Name', input: {} } },
    HeadTeacherID: { hidden: true },
  },
});

export const termResource = defineResource({
  id: 'term', ns: 'organization',
  calls: { list: c.getTermList, create: c.addTerm, update: c.updateTerm, delete: c.deleteTerm },
  schema: termSchema, idField: 'ID', displayField: 'Name', inUse: { field: 'IsCurrent' },
});

export const subjectResource = defineResource({
  id: 'subject', ns: 'organization',
  calls: { list: c.getSubjectList, create: c.addSubject, update: c.updateSubject, delete: c.deleteSubject },
  schema: subjectSchema, idField: 'ID', displayField: 'Name',
});

export const contactResource = defineResource({
  id: 'contact', ns: 'organization',
  calls: { list: c.getSchoolOrganization, create: c.addContact, update: c.updateContact, delete: c.deleteContact },
  schema: contactSchema, idField: 'ID', displayField: 'Name',
});
