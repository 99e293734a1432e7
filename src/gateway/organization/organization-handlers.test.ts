import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../shared/api/contract.ts';
import { organizationCalls as c, type OrgNode, type OrgTreeNode } from '../../shared/api/organization.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const NOW = new Date('2026-03-10T08:00:00Z');
const t = useTestGateway({ seedNow: NOW });

const ok = <C extends CallDef>(call: C, input: unknown = {}, as = 'admin') => t.data(call, input, as);
const count = async (table: 'departments' | 'terms' | 'subjects' | 'school_organizations') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const deptByName = (name: string, schoolId = 1) =>
  t.db.selectFrom('departments').selectAll().where('school_id', '=', schoolId).where('name', '=', name).executeTakeFirstOrThrow();
/** The first issue message of a 400 in zh-CN and in en-US. */
const issue = async (call: CallDef, input: unknown, path: string) => {
  const out: string[] = [];
  for (const lang of ['zh-CN', 'en-US']) {
    const res = await t.fail(call, input, 'admin', lang);
    expect(res.status, `${call.id} ${lang}`).toBe(400);
    out.push((res.data as { Issues: Array<{ Path: string; Message: string }> }).Issues.find((i) => i.Path === path)?.Message as string);
  }
  return out;
};
const refused = async (call: CallDef, input: unknown, status: number, lang = 'zh-CN') => {
  const res = await t.fail(call, input, 'admin', lang);
  expect(res.status, `${call.id} ${JSON.stringify(input)}`).toBe(status);
  return res.message;
};

describe('organisation reads (spec GET calls)', () => {
  it('gives each school its own department, org, grade and stage data', async () => {
    const depts: OrgTreeNode[] = await ok(c.getDepartmentTree);
    expect(depts.map((d) => d.Name)).toEqual(['教务处', '语文教研组', '数学教研组', '英语教研组', '图书馆', '行政办公室']);
    expect(depts.every((d) => d.Kind === 'dept' && d.Children.length === 0)).toBe(true);
    expect(depts.find((d) => d.Name === '图书馆')!.MemberCount).toBeGreaterThan(0);

    const org: OrgTreeNode[] = await ok(c.getOrgDepartmentTree);
    expect(org).toHaveLength(1);
    expect(org[0]).toMatchObject({ Name: '校长室', Kind: 'org', ChildCount: 5 });
    expect(org[0]!.Children.find((n) => n.Name === '教务处')!.Children.map((n) => n.Name)).toEqual(['教研室', '图书馆']);
    expect(await ok(c.getOrgDepartmentAll)).toHaveLength(9);
    expect(await ok(c.getDepartmentAll)).toHaveLength(6);

    const grades: OrgTreeNode[] = await ok(c.getGradeTree);
    expect(grades).toHaveLength(1);
    expect(grades[0]).toMatchObject({ Kind: 'stage', LearningStage: 'primary', Name: '小学部' });
    expect(grades[0]!.Children.map((g) => g.GradeLevel)).toEqual([1, 2, 3, 4, 5, 6]);
    const class1 = grades[0]!.Children[0]!.Children[0]!;
    expect(class1).toMatchObject({ Kind: 'class', Name: '一年级1班', Code: '0101', EntryYear: 2025, InUse: true });
    expect(class1.MemberCount).toBeGreaterThanOrEqual(25);

    const gradeAll: OrgNode[] = await ok(c.getGradeAll, { StageID: grades[0]!.ID });
    expect(gradeAll.map((g) => [g.Name, g.GradeLevel])).toEqual([['一年级', 1], ['二年级', 2], ['三年级', 3], ['四年级', 4], ['五年级', 5], ['六年级', 6]]);
    expect(await ok(c.getLearningStageAll)).toEqual([{ ID: grades[0]!.ID, Code: 'primary', Name: '小学部', EnName: 'Primary School', GradeCount: 6 }]);
    const contacts = await ok(c.getSchoolOrganization);
    expect(contacts.Total).toBe(5);
    expect(contacts.List[0]).toMatchObject({ Name: '教务处', Contact: '王主任' });

    const g2: OrgNode[] = await ok(c.getGradeAll, {}, 'admin2');
    expect(g2.map((g) => [g.Name, g.GradeLevel, g.LearningStage])).toEqual([['初一', 1, 'junior'], ['初二', 2, 'junior'], ['初三', 3, 'junior']]);
    expect((await ok(c.getLearningStageAll, {}, 'admin2'))[0]).toMatchObject({ Code: 'junior', GradeCount: 3 });
  });

  it('filters by state and refuses a SchoolID header of another school and anonymous callers', async () => {
    expect(await ok(c.getDepartmentAll, { State: 0 })).toEqual([]);
    for (const call of [c.getDepartmentTree, c.getOrgDepartmentTree, c.getDepartmentAll, c.getOrgDepartmentAll, c.getGradeTree, c.getGradeAll, c.getLearningStageAll, c.getSchoolOrganization, c.getClassList, c.getTermList, c.getSubjectList]) {
      expect((await t.fail(call, {}, { as: 'admin', school: 2 })).status, call.id).toBe(403);
      expect((await t.fail(call, {}, null)).status, call.id).toBe(401);
    }
    expect((await t.fail(c.getGradeAll, { State: 'x' }, 'admin')).status).toBe(400);
  });
});

describe('departments and organisation departments', () => {
  it('adds, renames, moves and deletes a department; sibling names unique', async () => {
    const root = await deptByName('教务处');
    const a: OrgNode = await ok(c.addDepartment, { ParentID: root.id, Name: '考务科', EnName: 'Exams', State: 1 });
    expect(a).toMatchObject({ ParentID: root.id, Kind: 'dept', Name: '考务科', InUse: false });
    const before = await count('departments');
    expect(await refused(c.addDepartment, { ParentID: root.id, Name: '考务科', State: 1 }, 409, 'en-US')).toBe('The same parent already has a node named "考务科"');
    // The same name under another parent is fine.
    const b: OrgNode = await ok(c.addDepartment, { ParentID: null, Name: '考务科', State: 1 });
    expect(await count('departments')).toBe(before + 1);

    expect(await ok(c.updateDepartment, { ID: a.ID, ParentID: root.id, Name: '考试科', State: 0 })).toMatchObject({ Name: '考试科', State: 0 });
    expect(await refused(c.updateDepartment, { ID: b.ID, ParentID: root.id, Name: '考试科', State: 1 }, 409)).toBe('同一上级下已有名为“考试科”的节点');

    // Move: under its own descendant is refused, nothing changes.
    const child: OrgNode = await ok(c.addDepartment, { ParentID: a.ID, Name: '命题组', State: 1 });
    expect(await refused(c.moveDepartment, { ID: a.ID, ParentID: child.ID }, 409)).toBe('不能移动到自身或其下级之下');
    expect(await refused(c.moveDepartment, { ID: a.ID, ParentID: a.ID }, 409, 'en-US')).toBe('A node cannot be moved under itself or one of its descendants');
    expect((await deptByName('考试科')).parent_id).toBe(root.id);
    expect(await ok(c.moveDepartment, { ID: child.ID, ParentID: b.ID })).toMatchObject({ ParentID: b.ID });

    // A department with sub-departments or readers cannot be deleted.
    expect(await refused(c.deleteDepartment, { ID: b.ID }, 409)).toBe('“考务科”下还有 1 个下级，请先删除或移走');
    const library = await deptByName('图书馆');
    expect(await refused(c.deleteDepartment, { ID: library.id }, 409, 'en-US')).toMatch(/^"图书馆" still has \d+ readers and cannot be deleted$/);
    expect(await count('departments')).toBe(before + 2);
    await ok(c.deleteDepartment, { ID: child.ID });
    await ok(c.deleteDepartment, { ID: b.ID });
    await ok(c.deleteDepartment, { ID: a.ID });
    expect(await count('departments')).toBe(before - 1);
  });

  it('gives the spec\'s required-field messages and refuses wrong types with nothing changed', async () => {
    const before = await count('departments');
    expect(await issue(c.addDepartment, { ParentID: null, State: 1 }, 'Name')).toEqual(['请输入部门名称', 'Please enter the department name']);
    expect(await issue(c.addDepartment, { ParentID: null, Name: '  ', State: 1 }, 'Name')).toEqual(['请输入部门名称', 'Please enter the department name']);
    expect(await issue(c.addDepartment, { Name: '新部门', State: 1 }, 'ParentID')).toEqual(['请选择上级部门', 'Please choose the parent department']);
    expect(await issue(c.addDepartment, { ParentID: null, Name: '新部门' }, 'State')).toEqual(['请选择状态', 'Please choose the state']);
    expect((await t.fail(c.addDepartment, { ParentID: 'x', Name: 5, State: 3 }, 'admin')).status).toBe(400);
    expect((await t.fail(c.moveDepartment, { ID: 'a' }, 'admin')).status).toBe(400);
    expect(await count('departments')).toBe(before);
  });

  it('keeps departments and the org tree apart and never touches another school', async () => {
    const before = await count('departments');
    const org = (await ok(c.getOrgDepartmentAll)) as OrgNode[];
    const dept = await deptByName('教务处');
    const school2Dept = await deptByName('教务处', 2);
    // An org node is no department parent, and the other way round.
    expect(await refused(c.addDepartment, { ParentID: org[0]!.ID, Name: 'x', State: 1 }, 404)).toBe('部门或班级不存在或已加入');
    expect(await refused(c.addOrgDepartment, { ParentID: dept.id, Name: 'x', State: 1 }, 404, 'en-US')).toBe('Department or class does not exist or already joined');
    expect(await refused(c.addDepartment, { ParentID: school2Dept.id, Name: 'x', State: 1 }, 404)).toBeTruthy();
    expect(await refused(c.updateDepartment, { ID: school2Dept.id, ParentID: null, Name: 'x', State: 1 }, 404)).toBeTruthy();
    expect(await refused(c.moveDepartment, { ID: school2Dept.id, ParentID: null }, 404)).toBeTruthy();
    expect(await refused(c.deleteDepartment, { ID: school2Dept.id }, 404)).toBeTruthy();
    expect(await refused(c.deleteOrgDepartment, { ID: dept.id }, 404)).toBeTruthy();
    expect((await deptByName('教务处', 2)).name).toBe('教务处');
    expect(await count('departments')).toBe(before);

    const n: OrgNode = await ok(c.addOrgDepartment, { ParentID: org[0]!.ID, Name: '安全办', EnName: 'Safety Office', State: 1 });
    expect(await ok(c.updateOrgDepartment, { ID: n.ID, ParentID: org[0]!.ID, Name: '安全办公室', State: 1 })).toMatchObject({ Name: '安全办公室' });
    expect(await refused(c.moveOrgDepartment, { ID: org[0]!.ID, ParentID: n.ID }, 409)).toBeTruthy();
    expect(await ok(c.moveOrgDepartment, { ID: n.ID, ParentID: null })).toMatchObject({ ParentID: null });
    expect(await refused(c.deleteOrgDepartment, { ID: org[0]!.ID }, 409)).toMatch(/下还有 \d+ 个下级/);
    const list = await ok(c.getOrgDepartmentList, { Page: 1, Rows: 5, SearchKey: '安全' });
    expect(list).toMatchObject({ Total: 1, List: [{ Name: '安全办公室' }] });
    await ok(c.deleteOrgDepartment, { ID: n.ID });
    expect(await ok(c.getDepartmentList, { Page: 1, Rows: 2 })).toMatchObject({ Total: 6, List: [{ Name: '教务处' }, { Name: '语文教研组' }] });
  });
});

describe('grades and classes', () => {
  it('adds grades with a unique level per stage and classes under them', async () => {
    const stage = (await ok(c.getLearningStageAll))[0]!;
    const g7: OrgNode = await ok(c.addGrade, { ParentID: stage.ID, Name: '七年级', EnName: 'Grade 7', GradeLevel: 7 });
    expect(g7).toMatchObject({ Kind: 'grade', GradeLevel: 7, LearningStage: 'primary', ParentID: stage.ID });
    expect(await refused(c.addGrade, { ParentID: stage.ID, Name: '七年级B', GradeLevel: 7 }, 409)).toBe('该学段已有第 7 级年级');
    expect(await refused(c.addGrade, { ParentID: stage.ID, Name: '七年级', GradeLevel: 8 }, 409)).toBe('同一上级下已有名为“七年级”的节点');
    const stage2 = (await ok(c.getLearningStageAll, {}, 'admin2'))[0]!;
    expect(await refused(c.addGrade, { ParentID: stage2.ID, Name: '七年级', GradeLevel: 8 }, 404)).toBe('部门或班级不存在或已加入');
    expect(await issue(c.addGrade, { ParentID: stage.ID, GradeLevel: 8 }, 'Name')).toEqual(['请输入年级名称', 'Please enter the grade name']);
    expect(await issue(c.addGrade, { Name: '八年级', GradeLevel: 8 }, 'ParentID')).toEqual(['请选择学段', 'Please choose the learning stage']);

    const teacher = await t.db.selectFrom('users').select(['id', 'name']).where('account', '=', 'teacher').executeTakeFirstOrThrow();
    const c1: OrgNode = await ok(c.addClass, { ParentID: g7.ID, Name: '七年级1班', Code: '0701', EntryYear: 2020, HeadTeacherID: teacher.id });
    expect(c1).toMatchObject({ Kind: 'class', ParentID: g7.ID, LearningStage: 'primary', HeadTeacherName: teacher.name, Sort: 1, InUse: false });
    expect(await ok(c.addClass, { ParentID: g7.ID, Name: '七年级2班' })).toMatchObject({ Sort: 2 });
    expect(await refused(c.addClass, { ParentID: g7.ID, Name: '七年级1班' }, 409)).toBeTruthy();
    const t2 = await t.db.selectFrom('users').select('id').where('school_id', '=', 2).where('identity', '=', 'teacher').executeTakeFirstOrThrow();
    expect(await refused(c.addClass, { ParentID: g7.ID, Name: '七年级3班', HeadTeacherID: t2.id }, 404)).toBe('用户不存在');
    expect(await issue(c.addClass, { Name: '七年级3班' }, 'ParentID')).toEqual(['请选择年级', 'Please choose the grade']);
    expect(await issue(c.addClass, { ParentID: g7.ID }, 'Name')).toEqual(['请输入班级名称', 'Please enter the class name']);

    const classes = await ok(c.getClassList, { GradeID: g7.ID, Page: 1, Rows: 20 });
    expect(classes.List.map((x: OrgNode) => x.Name)).toEqual(['七年级1班', '七年级2班']);
    expect((await ok(c.getClassList, { StageID: stage.ID, Page: 1, Rows: 100 })).Total).toBe(26);
    expect(await ok(c.updateClass, { ID: c1.ID, ParentID: g7.ID, Name: '七年级一班', HeadTeacherID: null })).toMatchObject({ Name: '七年级一班', HeadTeacherName: '' });
    expect(await ok(c.updateGrade, { ID: g7.ID, ParentID: stage.ID, Name: '七年级', GradeLevel: 9, State: 1 })).toMatchObject({ GradeLevel: 9 });
    expect(await refused(c.deleteGrade, { ID: g7.ID }, 409)).toBe('“七年级”下还有 2 个下级，请先删除或移走');
    for (const x of classes.List as OrgNode[]) await ok(c.deleteClass, { ID: x.ID });
    await ok(c.deleteGrade, { ID: g7.ID });
    expect((await ok(c.getGradeList, { Page: 1, Rows: 20 })).Total).toBe(6);
  });

  it('refuses to delete a class with readers, and another school\'s classes, changing nothing', async () => {
    const before = await count('departments');
    const cls = await deptByName('一年级1班');
    expect(await refused(c.deleteClass, { ID: cls.id }, 409)).toMatch(/^“一年级1班”下还有 \d+ 名读者，不能删除$/);
    const cls2 = await deptByName('初一1班', 2);
    expect(await refused(c.deleteClass, { ID: cls2.id }, 404)).toBe('部门或班级不存在或已加入');
    expect(await refused(c.updateClass, { ID: cls2.id, ParentID: cls2.parent_id, Name: 'x' }, 404)).toBeTruthy();
    const grade = await deptByName('一年级');
    expect(await refused(c.updateClass, { ID: cls.id, ParentID: cls2.parent_id, Name: 'x' }, 404)).toBeTruthy();
    expect(await refused(c.updateGrade, { ID: grade.id, ParentID: 99999, Name: 'x', GradeLevel: 1 }, 404)).toBeTruthy();
    expect(await refused(c.deleteGrade, { ID: cls2.parent_id }, 404)).toBeTruthy();
    expect(await count('departments')).toBe(before);
  });
});

describe('terms and subjects', () => {
  it('seeds four terms with one current, and keeps one current term', async () => {
    const list = await ok(c.getTermList, { Page: 1, Rows: 20 });
    expect(list.Total).toBe(4);
    expect(list.List.filter((x: { IsCurrent: boolean }) => x.IsCurrent)).toEqual([expect.objectContaining({ SchoolYear: '2025-2026', Name: '第二学期' })]);
    expect(await ok(c.getCurrentTerm)).toMatchObject({ StartDate: '2026-02-20', EndDate: '2026-07-10' });

    const next = await ok(c.addTerm, { SchoolYear: '2026-2027', Name: '第一学期', EnName: 'First term', StartDate: '2026-09-01', EndDate: '2027-01-20' });
    expect(next).toMatchObject({ IsCurrent: false });
    expect(await refused(c.addTerm, { SchoolYear: '2026-2027', Name: '第一学期', StartDate: '2027-09-01', EndDate: '2028-01-20' }, 409)).toBe('2026-2027 学年已有“第一学期”');
    expect(await refused(c.addTerm, { SchoolYear: '2026-2027', Name: '夏令营', StartDate: '2026-07-01', EndDate: '2026-08-01' }, 409, 'en-US')).toBe('The dates overlap "第二学期" of 2025-2026');
    expect(await ok(c.setCurrentTerm, { ID: next.ID })).toMatchObject({ IsCurrent: true });
    const currents = await t.db.selectFrom('terms').select('id').where('school_id', '=', 1).where('is_current', '=', 1).execute();
    expect(currents).toEqual([{ id: next.ID }]);
    expect(await refused(c.deleteTerm, { ID: next.ID }, 409)).toBe('“第一学期”是当前学期，不能删除');
    const old = list.List.find((x: { IsCurrent: boolean }) => x.IsCurrent)!;
    expect(await ok(c.updateTerm, { ID: old.ID, SchoolYear: '2025-2026', Name: '第二学期', EnName: 'Spring', StartDate: '2026-02-21', EndDate: '2026-07-09' })).toMatchObject({ EnName: 'Spring' });
    await ok(c.setCurrentTerm, { ID: old.ID });
    await ok(c.deleteTerm, { ID: next.ID });
    expect((await ok(c.getTermList, { Page: 1, Rows: 20 })).Total).toBe(4);
  });

  it('validates terms: required fields, school year, end after start', async () => {
    const before = await count('terms');
    const good = { SchoolYear: '2030-2031', Name: '第一学期', StartDate: '2030-09-01', EndDate: '2031-01-10' };
    expect(await issue(c.addTerm, { ...good, Name: undefined }, 'Name')).toEqual(['请输入学期名称', 'Please enter the term name']);
    expect(await issue(c.addTerm, { ...good, EndDate: '2030-08-01' }, 'EndDate')).toEqual(['结束日期必须晚于开始日期', 'The end date must be after the start date']);
    expect((await issue(c.addTerm, { ...good, SchoolYear: '2030-2032' }, 'SchoolYear'))[1]).toMatch(/^A school year looks like 2026-2027/);
    expect(await issue(c.addTerm, { ...good, StartDate: '2030-13-01' }, 'StartDate')).toEqual(['开始日期应为日期，如 2026-09-01', 'Start date: must be a date such as 2026-09-01']);
    expect(await issue(c.addTerm, { ...good, StartDate: undefined }, 'StartDate')).toEqual(['请选择学期开始日期', 'Please choose the term start date']);
    expect(await issue(c.addTerm, { ...good, StartDate: '0020-02-29' }, 'StartDate')).toEqual(['开始日期须在 1900-01-01 至 2199-12-31 之间', 'Start date: must be between 1900-01-01 and 2199-12-31']);
    const t2 = await t.db.selectFrom('terms').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect(await refused(c.updateTerm, { ...good, ID: t2.id }, 404)).toBeTruthy();
    expect(await refused(c.setCurrentTerm, { ID: t2.id }, 404)).toBeTruthy();
    expect(await refused(c.deleteTerm, { ID: t2.id }, 404)).toBeTruthy();
    expect(await count('terms')).toBe(before);
  });

  it('manages subjects with unique names', async () => {
    const before = await count('subjects');
    expect((await ok(c.getSubjectList, { Page: 1, Rows: 50 })).List.map((s: { Name: string }) => s.Name)).toContain('语文');
    const s = await ok(c.addSubject, { Name: '书法', EnName: 'Calligraphy', Code: 'SF' });
    expect(s).toMatchObject({ Name: '书法', State: 1 });
    expect(await refused(c.addSubject, { Name: '书法' }, 409)).toBe('学科“书法”已存在');
    expect(await refused(c.updateSubject, { ID: s.ID, Name: '语文' }, 409, 'en-US')).toBe('The subject "语文" already exists');
    expect(await issue(c.addSubject, { Code: 'X' }, 'Name')).toEqual(['请输入学科名称', 'Please enter the subject name']);
    expect(await ok(c.updateSubject, { ID: s.ID, Name: '硬笔书法', State: 0 })).toMatchObject({ Name: '硬笔书法', State: 0 });
    const s2 = await t.db.selectFrom('subjects').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect(await refused(c.updateSubject, { ID: s2.id, Name: 'x' }, 404)).toBeTruthy();
    expect(await refused(c.deleteSubject, { ID: s2.id }, 404)).toBeTruthy();
    await ok(c.deleteSubject, { ID: s.ID });
    expect(await count('subjects')).toBe(before);
  });
});

describe('school organisation contacts', () => {
  it('adds, updates and deletes contacts; names unique; school 2 untouched', async () => {
    const before = await count('school_organizations');
    const a = await ok(c.addContact, { Name: '校医室', Contact: '孙医生', Phone: '010-12345678', Email: 'clinic@school.cn' });
    expect(a).toMatchObject({ Name: '校医室', Phone: '010-12345678' });
    expect(await refused(c.addContact, { Name: '校医室' }, 409)).toBe('组织“校医室”已存在');
    expect(await issue(c.addContact, { Contact: 'x' }, 'Name')).toEqual(['请输入组织名称', 'Please enter the organisation name']);
    expect(await issue(c.addContact, { Name: 'y', Email: 'not-mail' }, 'Email')).toEqual(['请输入正确的邮箱地址', 'Please enter a valid email address']);
    expect(await ok(c.updateContact, { ID: a.ID, Name: '校医务室' })).toMatchObject({ Name: '校医务室', Phone: '' });
    expect((await ok(c.getSchoolOrganization, { Page: 1, Rows: 10, SearchKey: '医务' })).Total).toBe(1);
    const o2 = await t.db.selectFrom('school_organizations').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect(await refused(c.updateContact, { ID: o2.id, Name: 'x' }, 404)).toBeTruthy();
    expect(await refused(c.deleteContact, { ID: o2.id }, 404)).toBeTruthy();
    await ok(c.deleteContact, { ID: a.ID });
    expect(await count('school_organizations')).toBe(before);
  });
});

describe('permissions', () => {
  it('refuses every write to roles without its operation (teacher, student) and allows the librarian', async () => {
    const writes = Object.values(c).filter((x) => x.perm);
    expect(writes.map((w) => w.perm).sort()).toEqual(expect.arrayContaining(['people.dept.edit', 'people.org.edit', 'people.class.edit', 'people.semester.edit']));
    const before = await Promise.all((['departments', 'terms', 'subjects', 'school_organizations'] as const).map(count));
    for (const account of ['teacher', 'student']) {
      for (const w of writes) {
        const res = await t.fail(w, { ID: 1, Name: 'x', ParentID: null, State: 1 }, account);
        expect(res.status, `${account} ${w.id}`).toBe(403);
      }
    }
    expect(await Promise.all((['departments', 'terms', 'subjects', 'school_organizations'] as const).map(count))).toEqual(before);
    const s = await ok(c.addSubject, { Name: '劳动' }, 'librarian');
    await ok(c.deleteSubject, { ID: s.ID }, 'librarian');
    // Reads need only a signed-in user.
    await t.data(c.getGradeTree, {}, 'student');
  });
});
