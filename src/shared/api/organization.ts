import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { dateField, idField, intField, text as freeText } from '../domain/fields.ts';
import { messageKey } from '../domain/issue-messages.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

/**
 * The school's organisation: reader departments (staff), the administrative organisation tree,
 * learning stages → grades (ordinal GradeLevel 1..n per stage) → classes, terms, subjects and the
 * school organisation contacts. All nodes live in one `departments` table told apart by Kind.
 */
const BASIC = '/micro/basic/open';
const ORG = `${LIB}/Organization`;

export const NODE_KINDS = ['dept', 'org', 'stage', 'grade', 'class'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export const LEARNING_STAGES = ['primary', 'junior', 'senior'] as const;
/** 1 = enabled, 0 = disabled (the spec's "state" of a department). */
export const stateSchema = z.union([z.literal(1), z.literal(0)], { error: 'validation:required.deptState' });

const id = idField();
const text = (max: number) => freeText({ max });
const optionalRef = idField(undefined, { coerce: true }).optional();
const sort = intField(0, 100000);
/** A required name: a missing or blank value gets the spec's required-field message. */
const requiredText = (key: string, max = 100) =>
  freeText({ max, required: `validation:required.${key}` });

/** One node of any kind (flat lists and tree nodes). */
export const orgNodeSchema = z.object({
  ID: z.number().int(),
  ParentID: z.number().int().nullable(),
  Kind: z.enum(NODE_KINDS),
  Name: z.string(),
  EnName: z.string(),
  Code: z.string(),
  State: z.number().int(),
  Sort: z.number().int(),
  LearningStage: z.string().nullable(),
  GradeLevel: z.number().int().nullable(),
  EntryYear: z.number().int().nullable(),
  HeadTeacherID: z.number().int().nullable(),
  HeadTeacherName: z.string(),
  /** Readers whose department or class is this node. */
  MemberCount: z.number().int(),
  ChildCount: z.number().int(),
  /** Readers or sub-nodes: cannot be deleted. */
  InUse: z.boolean(),
});
export type OrgNode = z.infer<typeof orgNodeSchema>;

export interface OrgTreeNode extends OrgNode {
  Children: OrgTreeNode[];
}
// A named schema: the OpenAPI document refers to the recursive tree node by this id.
export const orgTreeNodeSchema: z.ZodType<OrgTreeNode> = orgNodeSchema.extend({
  get Children() {
    return z.array(orgTreeNodeSchema);
  },
}).meta({ id: 'OrgTreeNode' });

export const stageSchema = z.object({ ID: z.number().int(), Code: z.string(), Name: z.string(), EnName: z.string(), GradeCount: z.number().int() });
export type LearningStage = z.infer<typeof stageSchema>;

const treeQuery = z.object({ State: z.coerce.number().int().min(0).max(1).optional() });

/** Department / organisation-department input (Kind is fixed by the call). */
const deptInput = z.object({
  ParentID: idField('validation:required.deptParent').nullable(),
  Name: requiredText('deptName'),
  EnName: text(200).default(''),
  Code: text(32).default(''),
  State: stateSchema,
  Sort: sort.default(0),
});
const moveInput = z.object({ ID: id, ParentID: idField('validation:required.deptParent').nullable(), Sort: sort.optional() });
const idInput = z.object({ ID: id });

/** ParentID is the stage of a grade and the grade of a class (rows carry it, so edit forms round-trip). */
const gradeInput = z.object({
  ParentID: idField('validation:required.stage'),
  Name: requiredText('gradeName'),
  EnName: text(200).default(''),
  GradeLevel: z.number({ error: 'validation:required.gradeLevel' }).int({ error: 'validation:number.int' }).min(1, { error: messageKey('validation:number.tooSmall', { minimum: 1 }) }).max(12, { error: messageKey('validation:number.tooBig', { maximum: 12 }) }),
  State: stateSchema.default(1),
});
const classInput = z.object({
  ParentID: idField('validation:required.grade'),
  Name: requiredText('class'),
  EnName: text(200).default(''),
  Code: text(32).default(''),
  EntryYear: intField(1990, 2100).nullable().default(null),
  HeadTeacherID: id.nullable().default(null),
  State: stateSchema.default(1),
});
const classListQuery = pageQuerySchema.extend({
  GradeID: optionalRef,
  StageID: optionalRef,
});
const deptListQuery = pageQuerySchema.extend({ ParentID: optionalRef });

const ymd = (key: string) => dateField(`validation:required.${key}`);
export const termSchema = z.object({
  ID: z.number().int(),
  SchoolYear: z.string(),
  Name: z.string(),
  EnName: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  IsCurrent: z.boolean(),
});
export type Term = z.infer<typeof termSchema>;
const termBase = z.object({
  SchoolYear: freeText({ max: 9, required: 'validation:required.schoolYear' })
    .regex(/^\d{4}-\d{4}$/, { error: 'validation:organization.schoolYearFormat' })
    .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, { error: 'validation:organization.schoolYearFormat' }),
  Name: requiredText('term'),
  EnName: text(200).default(''),
  StartDate: ymd('termStart'),
  EndDate: ymd('termEnd'),
});
const endAfterStart = <T extends { StartDate: string; EndDate: string }>(v: T) => v.EndDate > v.StartDate;
const endAfterStartIssue = { error: 'validation:organization.endAfterStart', path: ['EndDate'] };
const termInput = termBase.refine(endAfterStart, endAfterStartIssue);
const termUpdateInput = termBase.extend({ ID: id }).refine(endAfterStart, endAfterStartIssue);

export const subjectSchema = z.object({
  ID: z.number().int(), Name: z.string(), EnName: z.string(), Code: z.string(), Sort: z.number().int(), State: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;
const subjectInput = z.object({
  Name: requiredText('subject', 50),
  EnName: text(100).default(''),
  Code: text(32).default(''),
  Sort: sort.default(0),
  State: stateSchema.default(1),
});

/** School organisation contacts: the offices and units a library deals with. */
export const contactSchema = z.object({
  ID: z.number().int(), Name: z.string(), EnName: z.string(), Contact: z.string(), Phone: z.string(), Email: z.string(),
  Address: z.string(), Remark: z.string(), Sort: z.number().int(),
});
export type OrganizationContact = z.infer<typeof contactSchema>;
const contactInput = z.object({
  Name: requiredText('orgName'),
  EnName: text(200).default(''),
  Contact: text(50).default(''),
  Phone: text(32).regex(/^[\d+\-() ]*$/, { error: 'validation:organization.phoneFormat' }).default(''),
  Email: z.union([z.literal(''), z.email({ error: 'validation:organization.emailFormat' })]).default(''),
  Address: text(200).default(''),
  Remark: freeText({ max: 500, multiline: true }).default(''),
  Sort: sort.default(0),
});

const DEPT = 'people.dept.edit';
const ORG_EDIT = 'people.org.edit';
const CLASS = 'people.class.edit';
const SEMESTER = 'people.semester.edit';

const get = <I extends z.ZodType, O extends z.ZodType>(idName: string, path: string, input: I, data: O) =>
  defineCall({ id: `organization.${idName}`, method: 'GET', path, auth: 'user', spec: true, input, data });
const post = <I extends z.ZodType, O extends z.ZodType>(idName: string, action: string, input: I, data: O, perm?: string) =>
  defineCall({ id: `organization.${idName}`, method: 'POST', path: `${ORG}/${action}`, auth: 'user', spec: false, input, data, perm });

export const organizationCalls = {
  // The spec's reads.
  getDepartmentTree: get('getDepartmentTree', `${BASIC}/department/getDepartmentTree`, treeQuery, z.array(orgTreeNodeSchema)),
  getOrgDepartmentTree: get('getOrgDepartmentTree', `${BASIC}/department/getOrgDepartmentTree`, treeQuery, z.array(orgTreeNodeSchema)),
  getDepartmentAll: get('getDepartmentAll', `${BASIC}/department/getDepartmentAll`, treeQuery, z.array(orgNodeSchema)),
  getOrgDepartmentAll: get('getOrgDepartmentAll', `${BASIC}/department/getOrgDepartmentAll`, treeQuery, z.array(orgNodeSchema)),
  getGradeTree: get('getGradeTree', `${BASIC}/grade/getGradeTree`, treeQuery, z.array(orgTreeNodeSchema)),
  getGradeAll: get('getGradeAll', `${BASIC}/grade/getGradeAll`, treeQuery.extend({ StageID: optionalRef }), z.array(orgNodeSchema)),
  getLearningStageAll: get('getLearningStageAll', `${BASIC}/learningStage/getLearningStageAll`, z.object({}), z.array(stageSchema)),
  /** Paged when Page/Rows are given (the screen), first 1000 otherwise. */
  getSchoolOrganization: get('getSchoolOrganization', '/micro/console/open/library/organization/getSchoolOrganization', pageQuerySchema, pageOf(contactSchema)),

  // Departments (reader departments of staff).
  getDepartmentList: post('getDepartmentList', 'GetDepartmentList', deptListQuery, pageOf(orgNodeSchema)),
  addDepartment: post('addDepartment', 'AddDepartment', deptInput, orgNodeSchema, DEPT),
  updateDepartment: post('updateDepartment', 'UpdateDepartment', deptInput.extend({ ID: id }), orgNodeSchema, DEPT),
  deleteDepartment: post('deleteDepartment', 'DeleteDepartment', idInput, z.null(), DEPT),
  moveDepartment: post('moveDepartment', 'MoveDepartment', moveInput, orgNodeSchema, DEPT),

  // Administrative organisation tree.
  getOrgDepartmentList: post('getOrgDepartmentList', 'GetOrgDepartmentList', deptListQuery, pageOf(orgNodeSchema)),
  addOrgDepartment: post('addOrgDepartment', 'AddOrgDepartment', deptInput, orgNodeSchema, ORG_EDIT),
  updateOrgDepartment: post('updateOrgDepartment', 'UpdateOrgDepartment', deptInput.extend({ ID: id }), orgNodeSchema, ORG_EDIT),
  deleteOrgDepartment: post('deleteOrgDepartment', 'DeleteOrgDepartment', idInput, z.null(), ORG_EDIT),
  moveOrgDepartment: post('moveOrgDepartment', 'MoveOrgDepartment', moveInput, orgNodeSchema, ORG_EDIT),

  // Grades and classes.
  getGradeList: post('getGradeList', 'GetGradeList', pageQuerySchema.extend({ StageID: optionalRef }), pageOf(orgNodeSchema)),
  addGrade: post('addGrade', 'AddGrade', gradeInput, orgNodeSchema, CLASS),
  updateGrade: post('updateGrade', 'UpdateGrade', gradeInput.extend({ ID: id }), orgNodeSchema, CLASS),
  deleteGrade: post('deleteGrade', 'DeleteGrade', idInput, z.null(), CLASS),
  getClassList: post('getClassList', 'GetClassList', classListQuery, pageOf(orgNodeSchema)),
  addClass: post('addClass', 'AddClass', classInput, orgNodeSchema, CLASS),
  updateClass: post('updateClass', 'UpdateClass', classInput.extend({ ID: id }), orgNodeSchema, CLASS),
  deleteClass: post('deleteClass', 'DeleteClass', idInput, z.null(), CLASS),

  // Terms and subjects.
  getTermList: post('getTermList', 'GetTermList', pageQuerySchema, pageOf(termSchema)),
  getCurrentTerm: post('getCurrentTerm', 'GetCurrentTerm', z.object({}), termSchema.nullable()),
  addTerm: post('addTerm', 'AddTerm', termInput, termSchema, SEMESTER),
  updateTerm: post('updateTerm', 'UpdateTerm', termUpdateInput, termSchema, SEMESTER),
  deleteTerm: post('deleteTerm', 'DeleteTerm', idInput, z.null(), SEMESTER),
  setCurrentTerm: post('setCurrentTerm', 'SetCurrentTerm', idInput, termSchema, SEMESTER),
  getSubjectList: post('getSubjectList', 'GetSubjectList', pageQuerySchema, pageOf(subjectSchema)),
  addSubject: post('addSubject', 'AddSubject', subjectInput, subjectSchema, SEMESTER),
  updateSubject: post('updateSubject', 'UpdateSubject', subjectInput.extend({ ID: id }), subjectSchema, SEMESTER),
  deleteSubject: post('deleteSubject', 'DeleteSubject', idInput, z.null(), SEMESTER),

  // School organisation contacts.
  addContact: post('addContact', 'AddContact', contactInput, contactSchema, ORG_EDIT),
  updateContact: post('updateContact', 'UpdateContact', contactInput.extend({ ID: id }), contactSchema, ORG_EDIT),
  deleteContact: post('deleteContact', 'DeleteContact', idInput, z.null(), ORG_EDIT),
} as const;
