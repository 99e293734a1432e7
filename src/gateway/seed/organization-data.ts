import type { Row } from './demo-data.ts';

/**
 * The demo school's organisation: stage → grades (GradeLevel 1..n) → classes, reader departments
 * of staff, the administrative organisation tree, terms of this and last school year, subjects and
 * organisation contacts. Fixed lists and dates derived from `now` only (no randomness, so the other
 * generators' random sequences stay as they were).
 */
export interface OrganizationPlan {
  school: number;
  now: Date;
  stage: { code: string; zh: string; en: string };
  grades: Array<{ zh: string; en: string }>;
  classesPerGrade: number;
  ids: { next(table: string): number };
  put: (table: string, row: Row) => void;
}

export interface OrganizationIds {
  /** Class ids with their grade index (0-based). */
  classes: Array<{ id: number; grade: number }>;
  /** Reader departments of staff, in STAFF order (index 4 = the library). */
  staffDepts: number[];
}

const STAFF: Array<[string, string]> = [['教务处', 'Academic Affairs Office'], ['语文教研组', 'Chinese Teaching Group'], ['数学教研组', 'Mathematics Teaching Group'], ['英语教研组', 'English Teaching Group'], ['图书馆', 'Library'], ['行政办公室', 'Administration Office']];

type OrgTree = Array<[string, string, OrgTree?]>;
const ORG_TREE: OrgTree = [
  ['校长室', "Principal's Office", [
    ['党政办公室', 'General Office'],
    ['教务处', 'Academic Affairs Office', [['教研室', 'Teaching Research Office'], ['图书馆', 'Library']]],
    ['德育处', 'Moral Education Office', [['少先队大队部', 'Young Pioneers Brigade']]],
    ['总务处', 'General Affairs Office'],
    ['信息中心', 'Information Centre'],
  ]],
];

const SUBJECTS: Array<[string, string, string]> = [
  ['语文', 'Chinese', 'YW'], ['数学', 'Mathematics', 'SX'], ['英语', 'English', 'YY'], ['科学', 'Science', 'KX'],
  ['道德与法治', 'Morality and Law', 'DF'], ['音乐', 'Music', 'YYUE'], ['美术', 'Art', 'MS'], ['体育', 'Physical Education', 'TY'],
  ['信息科技', 'Information Technology', 'XX'],
];
const JUNIOR_SUBJECTS: Array<[string, string, string]> = [['物理', 'Physics', 'WL'], ['化学', 'Chemistry', 'HX'], ['历史', 'History', 'LS'], ['地理', 'Geography', 'DL'], ['生物', 'Biology', 'SW']];

const CONTACTS: Array<[string, string, string, string]> = [
  ['教务处', 'Academic Affairs Office', '王主任', 'jwc'],
  ['德育处', 'Moral Education Office', '李老师', 'dyc'],
  ['总务处', 'General Affairs Office', '张老师', 'zwc'],
  ['信息中心', 'Information Centre', '赵老师', 'xxzx'],
  ['区少年儿童图书馆', 'District Children\'s Library', '刘馆长', 'library'],
];

/** The school year a date falls in: from August on it is year-(year+1). */
export function schoolYearStart(now: Date): number {
  return now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

export function generateOrganization(p: OrganizationPlan): OrganizationIds {
  const { school, ids, put } = p;
  const dept = (row: { id: number; parent_id: number | null; name: string; en_name: string; kind: string; sort: number } & Partial<Row>) =>
    put('departments', {
      school_id: school, learning_stage: null, code: '', state: 1, grade_level: null, entry_year: null, head_teacher_id: null, ...row,
    });
  const year = schoolYearStart(p.now);

  const stageId = ids.next('departments');
  dept({ id: stageId, parent_id: null, name: p.stage.zh, en_name: p.stage.en, kind: 'stage', learning_stage: p.stage.code, code: p.stage.code, sort: 1 });
  const classes: OrganizationIds['classes'] = [];
  p.grades.forEach((g, gi) => {
    const gradeId = ids.next('departments');
    const level = gi + 1;
    dept({ id: gradeId, parent_id: stageId, name: g.zh, en_name: g.en, kind: 'grade', learning_stage: p.stage.code, sort: level, grade_level: level, code: `G${level}` });
    for (let c = 1; c <= p.classesPerGrade; c++) {
      const id = ids.next('departments');
      dept({
        id, parent_id: gradeId, name: `${g.zh}${c}班`, en_name: `${g.en} Class ${c}`, kind: 'class', learning_stage: p.stage.code, sort: c,
        code: `${String(level).padStart(2, '0')}${String(c).padStart(2, '0')}`, entry_year: year - gi,
      });
      classes.push({ id, grade: gi });
    }
  });
  const staffDepts = STAFF.map(([zh, en], i) => {
    const id = ids.next('departments');
    dept({ id, parent_id: null, name: zh, en_name: en, kind: 'dept', sort: 10 + i });
    return id;
  });

  const addOrg = (nodes: OrgTree, parent: number | null) => nodes.forEach(([zh, en, children], i) => {
    const id = ids.next('departments');
    dept({ id, parent_id: parent, name: zh, en_name: en, kind: 'org', sort: i + 1 });
    if (children) addOrg(children, id);
  });
  addOrg(ORG_TREE, null);

  // Terms of last and this school year; the current one is the latest that has started.
  const today = p.now.toISOString().slice(0, 10);
  const terms = [year - 1, year].flatMap((y) => [
    { school_year: `${y}-${y + 1}`, name: '第一学期', en_name: 'First term', start_date: `${y}-09-01`, end_date: `${y + 1}-01-20` },
    { school_year: `${y}-${y + 1}`, name: '第二学期', en_name: 'Second term', start_date: `${y + 1}-02-20`, end_date: `${y + 1}-07-10` },
  ]);
  const current = terms.filter((t) => t.start_date <= today).at(-1) ?? terms[0]!;
  for (const t of terms) {
    put('terms', { id: ids.next('terms'), school_id: school, ...t, is_current: t === current ? 1 : 0, updated_at: p.now.toISOString() });
  }

  const subjects = p.stage.code === 'primary' ? SUBJECTS : [...SUBJECTS.filter(([zh]) => zh !== '科学'), ...JUNIOR_SUBJECTS];
  subjects.forEach(([zh, en, code], i) => put('subjects', { id: ids.next('subjects'), school_id: school, name: zh, en_name: en, code, sort: i + 1, state: 1 }));

  CONTACTS.forEach(([zh, en, contact, mail], i) => put('school_organizations', {
    id: ids.next('school_organizations'), school_id: school, name: zh, en_name: en, contact,
    phone: `010-6${String(school).padStart(2, '0')}${String(1000 + i * 37).padStart(5, '0')}`,
    email: `${mail}@school${school}.edu.cn`, address: '', remark: '', sort: i + 1,
  }));
  return { classes, staffDepts };
}
