import { pinyin } from 'pinyin-pro';
import { Prng } from './prng.ts';
import { CLC, CN_DIGITS, EN_AUTHORS, GIVEN_FEMALE, GIVEN_MALE, PATTERNS, PUBLISHERS, SURNAMES, TOPICS } from './word-lists.ts';
import adminRoutes from './admin-routes.json' with { type: 'json' };
import { MENU_OPERATIONS, operationsOf } from '../../shared/domain/menu-operations.ts';
import { addBorrowRulesData } from './borrow-rules-data.ts';
import { addReaderAccountData } from './reader-account-data.ts';
import { generateOrganization } from './organization-data.ts';
import { addRolesData } from './roles-data.ts';
import { addLibraryInfoData } from './library-info-data.ts';
import { addActivitiesData } from './activities-data.ts';
import { addGateData } from './gate-data.ts';
import { addStatisticalQueryData } from './statistical-query-data.ts';
import { generateBasicSets } from './basic-sets-data.ts';
import { titleIndexTerms } from '../../shared/domain/search/search-terms.ts';

/**
 * Generates the demo schools as plain rows with explicit ids (so foreign keys are known without
 * round trips); demo-seed.ts writes them. Pure and deterministic for a given `now`.
 */

export type Row = Record<string, string | number | null>;
export type Tables = Map<string, Row[]>;

export interface DemoAccount {
  account: string;
  password: string;
  schoolCode: string;
}

/** Demo sign-in accounts (README lists them); everyone else cannot sign in. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { account: 'admin', password: 'Admin@2026', schoolCode: 'BJSY01' },
  { account: 'librarian', password: 'Library@2026', schoolCode: 'BJSY01' },
  { account: 'classlib', password: 'Class@2026', schoolCode: 'BJSY01' },
  { account: 'teacher', password: 'Teacher@2026', schoolCode: 'BJSY01' },
  { account: 'student', password: 'Student@2026', schoolCode: 'BJSY01' },
  { account: 'parent', password: 'Parent@2026', schoolCode: 'BJSY01' },
  { account: 'admin2', password: 'Admin@2026', schoolCode: 'SHYC02' },
];

export interface ScreenNames {
  groups: Record<string, string>;
  titles: Record<string, string>;
}

export interface GenerateOptions {
  now: Date;
  /** Screen names per language, from locales/<lang>/screens.json (paths when missing). */
  screens: { zh: ScreenNames; en: ScreenNames };
}

const DAY = 86_400_000;

const GROUP_ICONS: Record<string, string> = {
  'home-system': 'Home', 'basic-sets': 'Tune', people: 'People', 'borrow-rules': 'Rule', catalogue: 'LibraryBooks',
  printing: 'Print', circulation: 'SwapHoriz', loss: 'ReportProblem', magazines: 'Newspaper', union: 'Hub',
  'reviews-points': 'RateReview', reports: 'BarChart', ledgers: 'MenuBook', 'class-corner': 'Class',
  'reading-other': 'AutoStories', 'smart-shelf': 'Shelves',
};


export const EXTERNAL_MENU = {
  url: 'https://www.nlc.cn',
  name: '国家数字图书馆',
  enName: 'National Digital Library of China',
  group: 'reading-other',
};

const routes = (adminRoutes as { routes: Array<{ path: string; group: string }> }).routes;
const inGroup = (g: string) => routes.filter((r) => r.group === g).map((r) => r.path);
const HOME = ['/data-analysis', '/setting', '/process'];

/** A role's grant: its menus plus every operation those menus offer. */
const withOperations = (menus: string[]) => [...menus, ...operationsOf(menus)];

/** Role permission lists: menu paths plus operation keys; "*" for the administrator. */
export function rolePermissions(): Record<string, { zh: string; en: string; perms: string[] }> {
  const adminMenus = [...routes.map((r) => r.path), EXTERNAL_MENU.url];
  return {
    admin: { zh: '系统管理员', en: 'Administrator', perms: ['*'] },
    librarian: {
      zh: '图书管理员', en: 'Librarian',
      perms: withOperations(adminMenus.filter((p) => !p.startsWith('/sys/'))),
    },
    // Class librarians and teachers see their screens but hold only the operations named here:
    // a menu's write operations (editing the calendar, exporting readers) stay with librarians.
    'class-librarian': {
      zh: '班级图书管理员', en: 'Class librarian',
      perms: [...HOME, ...inGroup('class-corner'), '/surrency/borrow', '/surrency/return', '/surrency/renew', '/surrency/search-records', 'home.dashboard',
        'classcorner.loans.lend', 'classcorner.loans.return'],
    },
    teacher: {
      zh: '教师', en: 'Teacher',
      perms: [
        ...HOME, ...inGroup('reports'), ...inGroup('class-corner'),
        ...inGroup('reading-other').filter((p) => p !== '/holiday-management'), EXTERNAL_MENU.url, 'home.dashboard',
      ],
    },
    reader: { zh: '读者', en: 'Reader', perms: [...HOME] },
  };
}

function isbn13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

function spell(text: string, name = false): { full: string; initials: string } {
  const parts = pinyin(text, { toneType: 'none', type: 'array', ...(name ? { surname: 'head' as const } : {}) })
    .map((p) => p.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return { full: parts.join(''), initials: parts.map((p) => p[0]).join('') };
}

interface SchoolPlan {
  id: number;
  code: string;
  name: string;
  enName: string;
  address: string;
  area: string;
  stage: { code: string; zh: string; en: string };
  grades: Array<{ zh: string; en: string }>;
  classesPerGrade: number;
  studentsPerClass: number;
  teachers: number;
  parents: number;
  others: number;
  titles: number;
  branches: Array<{ code: string; zh: string; en: string; areas: Array<[string, string]> }>;
  loansPerSchoolDay: number;
  policy: 'basic' | 'strong';
  theme: { bgColor: string; btColor: string };
  /** Demo accounts of this school: account → [identity, roles]. */
  accounts: Array<{ account: string; identity: 'teacher' | 'student' | 'parent'; roles: string[]; name: string }>;
  /** `pub`: shown before sign-in (portal); the others only to signed-in users of the school. */
  notices: Array<{ zh: string; en: string; zhBody: string; enBody: string; top: boolean; daysAgo: number; pub: boolean }>;
}

const SCHOOL_1: SchoolPlan = {
  id: 1, code: 'BJSY01', name: '北京市第一实验学校', enName: 'Beijing No.1 Experimental School',
  address: '北京市西城区实验路1号', area: '北京市西城区',
  stage: { code: 'primary', zh: '小学部', en: 'Primary School' },
  grades: CN_DIGITS.map((d, i) => ({ zh: `${d}年级`, en: `Grade ${i + 1}` })),
  classesPerGrade: 4, studentsPerClass: 25, teachers: 86, parents: 90, others: 24, titles: 3000,
  branches: [
    { code: 'MAIN', zh: '总馆', en: 'Main library', areas: [['中文图书区', 'Chinese books'], ['外文图书区', 'Foreign-language books'], ['少儿绘本区', 'Picture books'], ['参考工具书区', 'Reference'], ['期刊阅览区', 'Periodicals']] },
    { code: 'BR1', zh: '分馆', en: 'Branch library', areas: [['低年级阅览区', 'Lower grades'], ['高年级阅览区', 'Upper grades'], ['教师阅览区', 'Teachers']] },
  ],
  loansPerSchoolDay: 68, policy: 'strong', theme: { bgColor: '#1f4e79', btColor: '#2e75b6' },
  accounts: [
    { account: 'admin', identity: 'teacher', roles: ['admin'], name: '周建国' },
    { account: 'librarian', identity: 'teacher', roles: ['librarian'], name: '林书雅' },
    { account: 'classlib', identity: 'student', roles: ['class-librarian', 'reader'], name: '陈思远' },
    { account: 'teacher', identity: 'teacher', roles: ['teacher'], name: '王丽华' },
    { account: 'student', identity: 'student', roles: ['reader'], name: '李子轩' },
    { account: 'parent', identity: 'parent', roles: ['reader'], name: '李明' },
  ],
  notices: [
    { zh: '图书馆寒假开放时间安排', en: 'Library opening hours during the winter holiday', zhBody: '寒假期间图书馆每周二、周四 9:00-15:00 开放，欢迎同学们前来借阅。', enBody: 'During the winter holiday the library is open on Tuesdays and Thursdays, 9:00-15:00.', top: true, daysAgo: 3, pub: true },
    { zh: '“书香校园”读书月活动通知', en: 'Reading Month: "A Campus Full of Books"', zhBody: '本月开展读书月活动，各班评选“阅读之星”，借阅量前十名将获得奖励。', enBody: 'This month each class elects its Reading Star; the ten most active readers receive a prize.', top: false, daysAgo: 10, pub: true },
    { zh: '新书上架：科普类图书 200 册', en: 'New arrivals: 200 popular-science books', zhBody: '总馆新到科普类图书 200 册，已完成编目，可在中文图书区借阅。', enBody: '200 new popular-science books are catalogued and on the shelves of the main library.', top: false, daysAgo: 18, pub: true },
    { zh: '逾期图书归还提醒', en: 'Reminder: please return overdue books', zhBody: '请借阅逾期的读者尽快归还图书，以免影响后续借阅。', enBody: 'Readers with overdue books, please return them soon so you can keep borrowing.', top: false, daysAgo: 25, pub: false },
    { zh: '分馆装修期间暂停开放', en: 'Branch library closed for renovation', zhBody: '分馆将于下月进行装修，装修期间请到总馆借还图书。', enBody: 'The branch library will be renovated next month; please use the main library meanwhile.', top: false, daysAgo: 40, pub: true },
  ],
};

const SCHOOL_2: SchoolPlan = {
  id: 2, code: 'SHYC02', name: '上海市育才中学', enName: 'Shanghai Yucai Middle School',
  address: '上海市静安区育才路8号', area: '上海市静安区',
  stage: { code: 'junior', zh: '初中部', en: 'Junior High School' },
  grades: [{ zh: '初一', en: 'Grade 7' }, { zh: '初二', en: 'Grade 8' }, { zh: '初三', en: 'Grade 9' }],
  classesPerGrade: 2, studentsPerClass: 7, teachers: 6, parents: 0, others: 2, titles: 200,
  branches: [{ code: 'MAIN', zh: '总馆', en: 'Main library', areas: [['中文图书区', 'Chinese books'], ['外文图书区', 'Foreign-language books']] }],
  loansPerSchoolDay: 3, policy: 'basic', theme: { bgColor: '#7a1f3d', btColor: '#b03a5b' },
  accounts: [{ account: 'admin2', identity: 'teacher', roles: ['admin'], name: '顾文清' }],
  notices: [
    { zh: '育才中学图书馆开放通知', en: 'Yucai library opening notice', zhBody: '图书馆周一至周五 7:30-17:00 开放。', enBody: 'The library is open Monday to Friday, 7:30-17:00.', top: true, daysAgo: 2, pub: true },
    { zh: '期中读书分享会', en: 'Mid-term book sharing session', zhBody: '本周五下午举行读书分享会。', enBody: 'A book sharing session takes place on Friday afternoon.', top: false, daysAgo: 12, pub: false },
  ],
};

class Ids {
  #next = new Map<string, number>();
  next(table: string): number {
    const n = (this.#next.get(table) ?? 0) + 1;
    this.#next.set(table, n);
    return n;
  }
}

export function generateDemo(opts: GenerateOptions): Tables {
  const tables: Tables = new Map();
  const put = (table: string, row: Row) => {
    let list = tables.get(table);
    if (!list) tables.set(table, (list = []));
    list.push(row);
  };
  const ids = new Ids();
  for (const plan of [SCHOOL_1, SCHOOL_2]) generateSchool(plan, opts, ids, put);
  addBorrowRulesData(tables, opts.now);
  addReaderAccountData(tables, opts.now.getTime());
  addRolesData(tables);
  addLibraryInfoData(tables, opts.now);
  addActivitiesData(tables, opts.now);
  addGateData(tables, opts.now);
  addStatisticalQueryData(tables, opts.now);
  return tables;
}

function generateSchool(plan: SchoolPlan, opts: GenerateOptions, ids: Ids, put: (t: string, r: Row) => void) {
  const rng = new Prng(0x5eed0000 + plan.id);
  const now = opts.now.getTime();
  const iso = (t: number) => new Date(t).toISOString();
  const created = iso(now - 400 * DAY);
  const school = plan.id;

  put('schools', {
    id: school, code: plan.code, name: plan.name, en_name: plan.enName, address: plan.address, area: plan.area,
    learning_period: plan.stage.code, theme_color: JSON.stringify(plan.theme), password_policy: plan.policy, created_at: created,
  });

  // Organisation: stage → grades → classes; departments for staff; org tree, terms, subjects, contacts.
  const { classes, staffDepts } = generateOrganization({ school, now: opts.now, stage: plan.stage, grades: plan.grades, classesPerGrade: plan.classesPerGrade, ids, put });
  const libraryDept = staffDepts[4]!;

  // Branches and collection areas.
  const branchAreas: Array<{ branch: number; areas: number[] }> = [];
  plan.branches.forEach((b, bi) => {
    const bid = ids.next('branches');
    put('branches', { id: bid, school_id: school, code: b.code, name: b.zh, en_name: b.en, sort: bi + 1 });
    const areas: number[] = [];
    b.areas.forEach(([zh, en], ai) => {
      const aid = ids.next('collection_areas');
      put('collection_areas', { id: aid, school_id: school, branch_id: bid, code: `${b.code}-${ai + 1}`, name: zh, en_name: en, sort: ai + 1 });
      areas.push(aid);
    });
    branchAreas.push({ branch: bid, areas });
  });
  const typeIds = generateBasicSets({ school, ids, put, created, areaIds: branchAreas.flatMap((b) => b.areas), planned: { branchId: branchAreas[0]!.branch, areaIds: branchAreas[0]!.areas } });

  // Roles.
  const roleIds = new Map<string, number>();
  for (const [code, r] of Object.entries(rolePermissions())) {
    const id = ids.next('roles');
    roleIds.set(code, id);
    put('roles', { id, school_id: school, code, name: r.zh, en_name: r.en, permissions: JSON.stringify(r.perms), created_at: created });
  }

  // Readers. Demo accounts take the first slots of their identity.
  let readerSeq = 0;
  const readers: Array<{ id: number; identity: string }> = [];
  const usedNames = new Set<string>();
  const makeName = (female: boolean) => {
    for (;;) {
      const given = female ? GIVEN_FEMALE : GIVEN_MALE;
      const n = rng.pick(SURNAMES) + rng.pick(given) + (rng.chance(0.75) ? rng.pick(given) : '');
      if (!usedNames.has(n) || usedNames.size > 20000) {
        usedNames.add(n);
        return n;
      }
    }
  };
  const addUser = (identity: 'teacher' | 'student' | 'parent' | 'other', dept: number | null, demo?: SchoolPlan['accounts'][number]) => {
    const id = ids.next('users');
    const female = rng.chance(0.5);
    const name = demo?.name ?? makeName(female);
    const py = spell(name, true);
    const readerId = `R2026${String(++readerSeq).padStart(6, '0')}`;
    const phone = `1${rng.pick(['3', '4', '5', '7', '8'])}${rng.digits(9)}`;
    const year = new Date(now).getUTCFullYear();
    const birthYear = identity === 'student' ? year - 7 - (classes.find((c) => c.id === dept)?.grade ?? 0) - (plan.id === 2 ? 6 : 0) : year - rng.int(28, 55);
    const statusRoll = rng.next();
    put('users', {
      id, school_id: school,
      account: demo?.account ?? `${plan.code.toLowerCase()}_${readerId.toLowerCase()}`,
      name, password_hash: null, identity, reader_id: readerId, dept_id: dept,
      status: demo ? 'active' : statusRoll < 0.97 ? 'active' : statusRoll < 0.98 ? 'disabled' : statusRoll < 0.99 ? 'lost' : 'expired',
      phone,
      // Demo accounts get an address on the reserved .example domain (RFC 2606), so e-mailed
      // sign-in codes work in the demo (to the outbox) and could never reach a real mailbox.
      email: demo ? `${demo.account}@${plan.code.toLowerCase()}.example` : identity === 'teacher' ? `${py.full}${id}@${plan.code.toLowerCase()}.edu.cn` : '',
      sex: female ? 'female' : 'male',
      birthday: `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      language: 'zh-CN',
      expire_at: identity === 'student' ? `${new Date(now).getUTCFullYear() + rng.int(1, 6)}-08-31T00:00:00.000Z` : null,
      deposit: identity === 'teacher' ? 0 : rng.pick([0, 0, 50, 100]),
      pinyin: py.full, initials: py.initials, created_at: created, updated_at: created,
    });
    const roles = demo?.roles ?? [identity === 'teacher' ? 'teacher' : 'reader'];
    for (const r of roles) put('user_roles', { user_id: id, role_id: roleIds.get(r)! });
    readers.push({ id, identity });
    return id;
  };
  const demoOf = (identity: string) => plan.accounts.filter((a) => a.identity === identity);
  const demoClass = classes[Math.min(classes.length - 1, 4 * plan.classesPerGrade + 1)] ?? classes[0]!;
  for (const a of demoOf('teacher')) addUser('teacher', a.account === 'teacher' ? staffDepts[1]! : libraryDept, a);
  for (const a of demoOf('student')) addUser('student', demoClass.id, a);
  for (const a of demoOf('parent')) addUser('parent', demoClass.id, a);
  for (const c of classes) for (let i = 0; i < plan.studentsPerClass; i++) addUser('student', c.id);
  for (let i = demoOf('teacher').length; i < plan.teachers; i++) addUser('teacher', rng.pick(staffDepts));
  for (let i = demoOf('parent').length; i < plan.parents; i++) addUser('parent', rng.pick(classes).id);
  for (let i = 0; i < plan.others; i++) addUser('other', rng.chance(0.5) ? libraryDept : null);

  // Catalogue.
  const pubSeq = new Map<string, number>();
  const bookNo = new Map<string, number>();
  const seenTitles = new Map<string, number>();
  const titles: Array<{ id: number; price: number; callNo: string }> = [];
  for (let i = 0; i < plan.titles; i++) {
    const id = ids.next('titles');
    const [a, aEn] = rng.pick(TOPICS);
    let [b, bEn] = rng.pick(TOPICS);
    if (b === a) [b, bEn] = TOPICS[(TOPICS.findIndex((t) => t[0] === a) + 1) % TOPICS.length]!;
    const pattern = rng.pick(PATTERNS);
    const english = rng.chance(0.12);
    let zh = pattern.zh(a, b);
    let en = pattern.en(aEn, bEn);
    const dup = seenTitles.get(zh) ?? 0;
    seenTitles.set(zh, dup + 1);
    if (dup > 0) {
      zh += `（第${dup + 1}册）`;
      en += `, Vol. ${dup + 1}`;
    }
    const clc = english ? CLC.find((c) => c.no.startsWith('H319'))! : rng.pick(CLC);
    const seq = (bookNo.get(clc.no) ?? 0) + 1;
    bookNo.set(clc.no, seq);
    const pub = english ? PUBLISHERS[7]! : rng.pick(PUBLISHERS);
    const pseq = (pubSeq.get(pub.code) ?? rng.int(1000, 3000)) + 1;
    pubSeq.set(pub.code, pseq);
    const itemLen = 8 - pub.code.length;
    const isbn = isbn13(`9787${pub.code}${String(pseq % 10 ** itemLen).padStart(itemLen, '0')}`);
    const price = Math.round(rng.int(1500, 6800) / 10) / 10;
    const author = english ? rng.pick(EN_AUTHORS) : `${makeName(rng.chance(0.5))} ${rng.pick(['著', '编著', '主编', '编'])}`;
    const title = english ? en : zh;
    const py = english ? { full: '', initials: '' } : spell(zh);
    // Without the PRNG, so the rest of the demo stays as it was: teaching books are references,
    // half the children's literature picture books, the rest books.
    const typeCode = clc.no === 'G624' ? 'REF' : clc.no === 'I287' && id % 2 === 0 ? 'PIC' : 'BOOK';
    put('titles', {
      id, school_id: school, title, en_title: en, author, publisher: pub.zh, isbn, price,
      class_no: clc.no, book_no: String(seq), language: english ? 'en' : 'zh', pub_year: rng.int(2005, 2025),
      pinyin: py.full, initials: py.initials, created_at: iso(now - rng.int(30, 1500) * DAY),
      isbn13: isbn, source: 'manual', resource_type_id: typeIds.get(typeCode) ?? null,
    });
    const terms = titleIndexTerms({ title, en_title: en, author, series: '', subjects: '', publisher: pub.zh });
    for (const term of terms) put('title_terms', { school_id: school, term, title_id: id });
    put('title_term_sets', { title_id: id, school_id: school, terms: JSON.stringify(terms) });
    titles.push({ id, price, callNo: `${clc.no}/${seq}` });
  }

  // Acquisition batches: two per branch (last year's, accepted and closed; this year's, accepted).
  // Derived without the PRNG so the rest of the demo data stays as it was.
  const year = new Date(now).getUTCFullYear();
  const batchIds = branchAreas.map((ba, bi) => [0, 1].map((k) => {
    const id = ids.next('batches');
    const y = year - 1 + k;
    put('batches', {
      id, school_id: school, batch_no: `${y}-${plan.branches[bi]!.code}-${String(k + 1).padStart(2, '0')}`,
      state: k === 0 ? 'closed' : 'accepted', branch_id: ba.branch, bookseller: k === 0 ? '新华书店' : '当当网',
      currency: 'CNY', discount_rate: k === 0 ? 85 : 78, registered_on: `${y}-03-01`, accepted_on: `${y}-03-15`,
      created_at: created, updated_at: created,
    });
    return id;
  }));
  let maxCopyId = 0;

  // Copies: 1-3 per title.
  const copies: Array<{ id: number; circulating: boolean; busyUntil: number; row: Row }> = [];
  for (const t of titles) {
    const n = rng.chance(0.25) ? 1 : rng.chance(0.67) ? 2 : 3;
    for (let k = 0; k < n; k++) {
      const id = ids.next('copies');
      const bi = plan.branches.length > 1 && rng.chance(0.25) ? 1 : 0;
      const ba = branchAreas[bi]!;
      const roll = rng.next();
      const storage = roll < 0.9 ? 2 : roll < 0.93 ? 1 : roll < 0.95 ? 3 : roll < 0.98 ? 8 : roll < 0.99 ? 9 : 6;
      const row: Row = {
        id, school_id: school, title_id: t.id,
        barcode: `T${String(id).padStart(8, '0')}`,
        rfid: rng.chance(0.7) ? `E00401${(0x10000000 + id * 7919).toString(16).toUpperCase().padStart(10, '0')}` : null,
        branch_id: ba.branch, area_id: rng.pick(ba.areas), call_no: t.callNo, storage_area: storage,
        circ_state: storage === 6 ? 'lost' : 'available', price: t.price, created_at: created,
        discount_price: Math.round(t.price * (id % 2 === 0 ? 85 : 78)) / 100, batch_id: batchIds[bi]![id % 2]!, updated_at: created,
      };
      maxCopyId = id;
      put('copies', row);
      copies.push({ id, circulating: storage === 2, busyUntil: 0, row });
    }
  }

  // The history of the weeded copies (the weeding register, /weeding): each was written off on a
  // day of the last year, with a reason. Derived without the PRNG so the rest of the demo stays as it was.
  const WEED_REASONS = ['worn', 'outdated', 'damaged', 'duplicate'] as const;
  for (const c of copies) {
    if (c.row.storage_area !== 3) continue;
    // After its batch's acceptance (15 March of the batch's year), before today.
    const accepted = Date.UTC(year - 1 + (c.id % 2), 2, 15);
    const span = Math.floor((now - accepted) / DAY) - 2;
    const at = iso(span > 0 ? accepted + (1 + ((c.id * 37) % span)) * DAY + 3 * 3600_000 : now - 3600_000);
    put('copy_events', {
      id: ids.next('copy_events'), school_id: school, copy_id: c.id, barcode: c.row.barcode as string, event: 'weed', user_id: null, at,
      detail: JSON.stringify({ from: { storage: 2, circ: 'available' }, to: { storage: 3, circ: 'available' }, reason: WEED_REASONS[c.id % WEED_REASONS.length] }),
    });
  }

  // The barcode sequence the seeded copies came from: its next number follows the last one issued.
  put('barcode_sequences', { id: ids.next('barcode_sequences'), school_id: school, name: '图书', prefix: 'T', width: 8, next_number: maxCopyId + 1, is_default: 1 });

  // A year of circulation, day by day, so a copy is never on two open loans.
  const circulating = copies.filter((c) => c.circulating);
  const borrowers = readers.filter((r) => r.identity !== 'parent');
  const start = now - 365 * DAY;
  for (let day = start; day < now; day += DAY) {
    const d = new Date(day);
    const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
    const month = d.getUTCMonth();
    const holiday = month === 6 || month === 7 || month === 1;
    const count = Math.round(plan.loansPerSchoolDay * (weekend ? 0.09 : 1) * (holiday ? 0.3 : 1) * (0.8 + rng.next() * 0.4));
    for (let i = 0; i < count; i++) {
      // 00:30-09:30 UTC is 08:30-17:30 in Beijing.
      const loanedAt = day - (day % DAY) + 1_800_000 + rng.int(0, 9 * 3600) * 1000;
      if (loanedAt >= now) continue;
      let copy: (typeof circulating)[number] | undefined;
      for (let tries = 0; tries < 12 && !copy; tries++) {
        const c = rng.pick(circulating);
        if (c.busyUntil <= loanedAt) copy = c;
      }
      if (!copy) continue;
      const reader = rng.pick(borrowers);
      const renewed = rng.chance(0.1);
      const due = loanedAt + (renewed ? 60 : 30) * DAY;
      const roll = rng.next();
      const keep = roll < 0.72 ? rng.int(2, 27) : roll < 0.97 ? rng.int(28, 50) : 10_000;
      const returnedAt = loanedAt + keep * DAY + rng.int(0, 8 * 3600) * 1000;
      const open = returnedAt >= now;
      put('loans', {
        id: ids.next('loans'), school_id: school, copy_id: copy.id, user_id: reader.id,
        loaned_at: iso(loanedAt), due_at: iso(due), returned_at: open ? null : iso(returnedAt), renew_count: renewed ? 1 : 0,
      });
      copy.busyUntil = open ? Number.POSITIVE_INFINITY : returnedAt;
      if (open) copy.row.circ_state = 'borrowed';
    }
  }

  // Menus: one parent per group, children in route order, plus one external link.
  const groupOrder = [...new Set(routes.map((r) => r.group))];
  const menuIdByUrl = new Map<string, number>();
  groupOrder.forEach((g, gi) => {
    const pid = ids.next('menus');
    put('menus', {
      id: pid, school_id: school, parent_id: null, name: opts.screens.zh.groups[g] ?? g, en_name: opts.screens.en.groups[g] ?? g,
      url: `group:${g}`, icon: GROUP_ICONS[g] ?? 'Folder', sort: (gi + 1) * 10, external: 0, functions: '[]',
    });
    const children = inGroup(g);
    children.forEach((path, ci) => {
      const id = ids.next('menus');
      menuIdByUrl.set(path, id);
      put('menus', {
        id, school_id: school, parent_id: pid, name: opts.screens.zh.titles[path] ?? path, en_name: opts.screens.en.titles[path] ?? path,
        url: path, icon: '', sort: ci + 1, external: 0, functions: JSON.stringify(MENU_OPERATIONS[path] ?? []),
      });
    });
    if (g === EXTERNAL_MENU.group) {
      put('menus', {
        id: ids.next('menus'), school_id: school, parent_id: pid, name: EXTERNAL_MENU.name, en_name: EXTERNAL_MENU.enName,
        url: EXTERNAL_MENU.url, icon: 'Public', sort: children.length + 1, external: 1, functions: '[]',
      });
    }
  });

  // Shortcuts of the staff demo accounts.
  const firstStaff = readers.slice(0, plan.id === 1 ? 2 : 1);
  for (const u of firstStaff) {
    ['/surrency/borrow', '/surrency/return', '/resource-mana/resource/catalog', '/data-report/classify5'].forEach((url, i) => {
      if (menuIdByUrl.has(url)) put('shortcuts', { id: ids.next('shortcuts'), school_id: school, user_id: u.id, url, sort: i + 1 });
    });
  }

  for (const n of plan.notices) {
    put('notices', {
      id: ids.next('notices'), school_id: school, title: n.zh, en_title: n.en, content: n.zhBody, en_content: n.enBody,
      top: n.top ? 1 : 0, publish_time: iso(now - n.daysAgo * DAY), is_public: n.pub ? 1 : 0,
    });
  }
}
