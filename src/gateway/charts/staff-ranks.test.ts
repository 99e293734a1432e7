import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartsCalls as C } from '../../shared/api/charts.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

/**
 * The staff rankings (readers, collection areas, CLC classes) against counts this test makes with
 * its own SQL, on rows of its own in March 2019 (the demo's loans are all recent): a grade with
 * three classes (one without readers), a reader who moved class after borrowing, a cancelled loan,
 * a weeded copy, a staff department, and a month without loans.
 */
const t = useTestGateway();
const FROM = '2019-03-01';
const TO = '2019-03-31';
const march = { Period: 'custom', From: FROM, To: TO, Top: 100 } as const;

interface Fixture {
  grade: number;
  classA: number;
  classB: number;
  classEmpty: number;
  dept: number;
  mover: number;
  areaX: number;
  areaY: number;
  startUtc: string;
  endUtc: string;
}
let fx: Fixture;

async function build(): Promise<Fixture> {
  const db = t.db;
  const at = '2019-01-01T00:00:00.000Z';
  const dept = (name: string, kind: 'grade' | 'class' | 'dept', parent: number | null) =>
    db.insertInto('departments').values({ school_id: 1, parent_id: parent, name, en_name: `${name}-en`, kind, learning_stage: kind === 'dept' ? null : 'primary', sort: 900, code: '', state: 1 } as never)
      .returning('id').executeTakeFirstOrThrow().then((r) => r.id);
  const grade = await dept('排行测试年级', 'grade', null);
  const classA = await dept('排行甲班', 'class', grade);
  const classB = await dept('排行乙班', 'class', grade);
  const classEmpty = await dept('排行空班', 'class', grade);
  const staffDept = await dept('排行测试部门', 'dept', null);
  let n = 0;
  const user = (name: string, deptId: number, identity: 'student' | 'teacher' = 'student') =>
    db.insertInto('users').values({
      school_id: 1, account: `rank-${++n}-${Date.now()}`, name, password_hash: null, identity, reader_id: `RK-R${n}`, dept_id: deptId, status: 'active',
      phone: '', email: '', sex: 'unknown', birthday: null, language: 'zh-CN', expire_at: null, deposit: 0, pinyin: '', initials: '', created_at: at, updated_at: at,
    } as never).returning('id').executeTakeFirstOrThrow().then((r) => r.id);
  const [a1, a2, a3, b1, mover, staff] = [
    await user('甲一', classA), await user('甲二', classA), await user('甲三', classA), await user('乙一', classB), await user('转班生', classA), await user('部门教师', staffDept, 'teacher'),
  ];
  const areas = await db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').limit(2).execute();
  const [areaX, areaY] = [areas[0]!, areas[1]!];
  const copy = async (title: string, classNo: string, area: { id: number; branch_id: number }, storage = 2) => {
    const { id: titleId } = await db.insertInto('titles').values({ school_id: 1, title, en_title: '', author: '排行作者', publisher: '', isbn: '', price: 10, class_no: classNo, book_no: '', language: 'zh', pub_year: 2018, pinyin: '', initials: '', created_at: at } as never).returning('id').executeTakeFirstOrThrow();
    const { id } = await db.insertInto('copies').values({ school_id: 1, title_id: titleId, barcode: `RKS${titleId}`, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: '', storage_area: storage, circ_state: 'available', price: 12.5, created_at: at } as never).returning('id').executeTakeFirstOrThrow();
    return id;
  };
  const cI = await copy('排行小说', 'I287', areaX);
  const cK = await copy('排行历史', 'K20', areaY);
  await copy('排行剔除本', 'I247', areaX, 3); // weeded: no longer held
  const offset = (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
  // Local days of the school → UTC instants, computed here rather than with rank-period.ts.
  const local = (day: string, hh = 10) => new Date(Date.parse(`${day}T${String(hh).padStart(2, '0')}:00:00.000Z`) - offset * 60_000).toISOString();
  const loan = (copyId: number, userId: number, day: string, cancelled = 0, hh = 10) =>
    db.insertInto('loans').values({ school_id: 1, copy_id: copyId, user_id: userId, loaned_at: local(day, hh), due_at: local(day, hh), returned_at: local(day, hh), cancelled } as never).execute();
  for (let i = 0; i < 3; i++) await loan(cI, a1, '2019-03-05');
  for (let i = 0; i < 2; i++) await loan(cK, a2, '2019-03-06');
  await loan(cI, a3, '2019-03-07');
  await loan(cI, a3, '2019-03-07', 1); // undone at the desk: does not count
  for (let i = 0; i < 2; i++) await loan(cK, b1, '2019-03-08');
  // The mover borrowed four times while in class A, then changed to class B.
  for (let i = 0; i < 4; i++) await loan(cI, mover, '2019-03-02');
  await loan(cK, staff, '2019-03-09');
  await loan(cK, staff, '2019-03-31', 0, 23); // the last local hour of the period counts
  await loan(cI, a2, '2019-04-01', 0, 0); // the first local instant after it does not
  await db.updateTable('users').set({ dept_id: classB }).where('id', '=', mover).execute();
  return {
    grade, classA, classB, classEmpty, dept: staffDept, mover, areaX: areaX.id, areaY: areaY.id,
    startUtc: local(FROM, 0), endUtc: new Date(Date.parse(`2019-04-01T00:00:00.000Z`) - offset * 60_000).toISOString(),
  };
}

/** Expected reader ranking by plain SQL: loans of the period not cancelled, by readers now in `deptIds`. */
async function expectedReaders(deptIds: number[]) {
  const r = await sql<{ user_id: number; n: number | string }>`
    select l.user_id, count(*) as n from loans l join users u on u.id = l.user_id
    where l.school_id = 1 and l.cancelled = 0 and l.loaned_at >= ${fx.startUtc} and l.loaned_at < ${fx.endUtc}
      and u.dept_id in (${sql.join(deptIds)})
    group by l.user_id order by count(*) desc, l.user_id`.execute(t.db);
  return r.rows.map((x) => ({ UserID: Number(x.user_id), Loans: Number(x.n) }));
}

beforeAll(async () => {
  fx = await build();
});

describe('Charts/GradeUserBorrowRank and DeptUserBorrowRank', () => {
  it('ranks a grade\'s readers as counted by SQL: the mover counts for the class they are in now, a cancelled loan not at all', async () => {
    const r = await t.data(C.gradeUserBorrowRank, { ...march, GradeID: fx.grade }, 'admin');
    const want = await expectedReaders([fx.classA, fx.classB, fx.classEmpty]);
    expect(r.List.map((x: { UserID: number; Loans: number }) => ({ UserID: x.UserID, Loans: x.Loans }))).toEqual(want);
    expect(want.map((w) => w.Loans)).toEqual([4, 3, 2, 2, 1]);
    expect(r.List.map((x: { Rank: number }) => x.Rank)).toEqual([1, 2, 3, 3, 5]);
    expect(r.TotalLoans).toBe(12);
    expect(r.List[0]).toMatchObject({ UserID: fx.mover, Name: '转班生', DeptName: '排行乙班', GradeName: '排行测试年级', Identity: 'student' });
    expect(r).toMatchObject({ From: FROM, To: TO });

    const a = await t.data(C.gradeUserBorrowRank, { ...march, ClassID: fx.classA }, 'admin');
    expect(a.List.map((x: { UserID: number; Loans: number }) => ({ UserID: x.UserID, Loans: x.Loans }))).toEqual(await expectedReaders([fx.classA]));
    expect(a.List.some((x: { UserID: number }) => x.UserID === fx.mover)).toBe(false);
    const en = await t.data(C.gradeUserBorrowRank, { ...march, ClassID: fx.classB }, { as: 'admin', lang: 'en-US' });
    expect(en.List[0]).toMatchObject({ UserID: fx.mover, DeptName: '排行乙班-en', GradeName: '排行测试年级-en' });
  });

  it('answers an empty list for a class without readers and for a period without loans', async () => {
    expect(await t.data(C.gradeUserBorrowRank, { ...march, ClassID: fx.classEmpty }, 'admin')).toMatchObject({ List: [], TotalLoans: 0 });
    expect(await t.data(C.gradeUserBorrowRank, { Period: 'custom', From: '2018-02-01', To: '2018-02-28', GradeID: fx.grade }, 'admin')).toMatchObject({ List: [], TotalLoans: 0 });
  });

  it('ranks a department\'s readers, and narrows by identity', async () => {
    const d = await t.data(C.deptUserBorrowRank, { ...march, DeptID: fx.dept }, 'librarian');
    expect(d.List).toEqual([expect.objectContaining({ Rank: 1, Name: '部门教师', Identity: 'teacher', Loans: 2 })]);
    const teachers = await t.data(C.deptUserBorrowRank, { ...march, DeptID: fx.grade, Identity: 'teacher' }, 'admin');
    expect(teachers.List).toEqual([]);
    const grade = await t.data(C.deptUserBorrowRank, { ...march, DeptID: fx.grade }, 'admin');
    expect(grade.TotalLoans).toBe(12);
  });

  it('keeps a head teacher to their own class: another class or grade is refused, no selection means theirs', async () => {
    expect((await t.fail(C.gradeUserBorrowRank, { ...march, ClassID: fx.classA }, 'teacher')).status).toBe(403);
    expect((await t.fail(C.gradeUserBorrowRank, { ...march, GradeID: fx.grade }, 'teacher')).status).toBe(403);
    expect((await t.fail(C.deptUserBorrowRank, { ...march, DeptID: fx.dept }, 'teacher')).status).toBe(403);
    expect((await t.fail(C.exportRank, { ...march, Kind: 'gradeUser', ClassID: fx.classA }, 'teacher')).status).toBe(403);
    const own = await t.db.selectFrom('users').select('dept_id').where('account', '=', 'student').executeTakeFirstOrThrow();
    const year = { Period: 'custom', From: '2025-12-01', To: '2026-11-30' } as const;
    const mine = await t.data(C.gradeUserBorrowRank, year, 'teacher');
    const cls = await t.db.selectFrom('departments').select('name').where('id', '=', own.dept_id!).executeTakeFirstOrThrow();
    expect(mine.List.every((x: { DeptName: string }) => x.DeptName === cls.name)).toBe(true);
    const named = await t.data(C.gradeUserBorrowRank, { ...year, ClassID: own.dept_id! }, 'teacher');
    expect(named.List).toEqual(mine.List);
    // Their class's options only.
    expect((await t.data(C.getGroupOptions, { Kind: 'class' }, 'teacher')).map((o: { ID: number }) => o.ID)).toEqual([own.dept_id]);
    expect((await t.data(C.getGroupOptions, { Kind: 'class' }, 'admin')).length).toBeGreaterThan(5);
    // A reader has no ranking menu at all; an unknown class is 404, a class of another grade 400.
    expect((await t.fail(C.gradeUserBorrowRank, march, 'student')).status).toBe(403);
    expect((await t.fail(C.gradeUserBorrowRank, { ...march, ClassID: 99_999_999 }, 'admin')).status).toBe(404);
    expect((await t.fail(C.gradeUserBorrowRank, { ...march, ClassID: fx.classA, GradeID: own.dept_id! }, 'admin')).status).toBe(400);
    expect((await t.fail(C.gradeUserBorrowRank, march, null)).status).toBe(401);
  });
});

describe('Charts/GetLocationItemSta, GetLocationCircSta and the CLC ranking', () => {
  it('counts holdings per area as SQL does (weeded and lost copies are not held)', async () => {
    const r = await t.data(C.getLocationItemSta, {}, 'admin');
    const want = await sql<{ area_id: number; n: number | string; titles: number | string }>`
      select area_id, count(*) as n, count(distinct title_id) as titles from copies where school_id = 1 and storage_area not in (3, 6) group by area_id`.execute(t.db);
    for (const w of want.rows) {
      const row = r.List.find((x: { AreaID: number }) => x.AreaID === (w.area_id ?? 0));
      expect(row, `area ${w.area_id}`).toMatchObject({ Copies: Number(w.n), Titles: Number(w.titles) });
    }
    const areas = await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).execute();
    expect(r.List.filter((x: { AreaID: number }) => x.AreaID !== 0)).toHaveLength(areas.length);
    expect(r.List.reduce((s: number, x: { Copies: number }) => s + x.Copies, 0)).toBe(want.rows.reduce((s, w) => s + Number(w.n), 0));
  });

  it('counts the period\'s loans per area of the copy and per CLC main class', async () => {
    const r = await t.data(C.getLocationCircSta, march, 'admin');
    expect(r.TotalLoans).toBe(14);
    const byArea = await sql<{ area_id: number; n: number | string }>`
      select c.area_id, count(*) as n from loans l join copies c on c.id = l.copy_id
      where l.school_id = 1 and l.cancelled = 0 and l.loaned_at >= ${fx.startUtc} and l.loaned_at < ${fx.endUtc} group by c.area_id`.execute(t.db);
    for (const w of byArea.rows) expect(r.List.find((x: { AreaID: number }) => x.AreaID === w.area_id)).toMatchObject({ Loans: Number(w.n) });
    expect(r.List[0]!.Loans).toBeGreaterThanOrEqual(r.List[1]!.Loans);
    const clc = await t.data(C.getClcRank, march, 'admin');
    expect(clc.List.map((x: { ClassCode: string; Loans: number }) => [x.ClassCode, x.Loans])).toEqual([['I', 8], ['K', 6]]);
    expect(clc.List[0]).toMatchObject({ Rank: 1, Name: expect.stringContaining('文学'), Titles: 1, Share: 57.1 });
    expect((await t.data(C.getClcRank, { Period: 'custom', From: '2018-02-01', To: '2018-02-28' }, 'admin')).List).toEqual([]);
  });
});

describe('Charts/ExportRank', () => {
  it('writes the ranking to .xlsx with headers in the caller\'s language', async () => {
    const start = await t.data(C.exportRank, { ...march, Kind: 'gradeUser', GradeID: fx.grade }, { as: 'admin', lang: 'en-US' });
    const token = await t.tokenFor('admin');
    const seen = await pollJob(t, start.DataID, token);
    expect(seen.at(-1)).toMatchObject({ State: 2, OperationType: 'ExportRank' });
    const file = await downloadJobFile(t, start.DataID, token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(String(sheet.getRow(1).getCell(1).value)).toContain(`${FROM} to ${TO}`);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Rank', 'Card number', 'Name', 'Grade', 'Class / department', 'Identity', 'Loans']);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([1, expect.stringMatching(/^RK-R/), '转班生', '排行测试年级-en', '排行乙班-en', 'Student', 4]);
    expect(sheet.rowCount).toBe(2 + 5);
  });
});
