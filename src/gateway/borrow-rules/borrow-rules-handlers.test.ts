import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowRulesCalls as c } from '../../shared/api/borrow-rules.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let admin2: string;
let librarian: string;
let student: string;

beforeAll(async () => {
  t = await makeTestApp({}, new Date('2026-03-10T02:00:00Z'));
  admin = await t.tokenFor('admin');
  admin2 = await t.tokenFor('admin2');
  librarian = await t.tokenFor('librarian');
  student = await t.tokenFor('student');
});
afterAll(() => t.close());

const group = (over: Record<string, unknown> = {}) => ({
  ID: 'new', Name: '测试组', EnName: 'Test', MaxLoans: 4, LoanDays: 20, RenewDays: 10, MaxRenewals: 1, OverdueRenewal: 'allow', ByResourceType: [], IsDefault: false, ...over,
});
const groupsOf = async (token: string) => (await t.call(c.getGroups, { Rows: 100 }, { token })).json().data as { Total: number; List: Array<Record<string, any>> };
const userOf = (account: string) => t.app.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirstOrThrow();

describe('permission groups', () => {
  it('lists the seeded groups per school, with per-type limits and the default', async () => {
    const g1 = await groupsOf(admin);
    expect(g1.List.map((g) => g.Name)).toEqual(['学生默认组', '教师组', '小班借阅组']);
    expect(g1.List[0]).toMatchObject({ MaxLoans: 3, LoanDays: 30, RenewDays: 15, MaxRenewals: 1, OverdueRenewal: 'block-item', IsDefault: true, InUse: true });
    expect(g1.List[0]!.ByResourceType.length).toBe(2);
    expect(g1.List[1]).toMatchObject({ MaxLoans: 10, LoanDays: 60, MaxRenewals: 2, OverdueRenewal: 'allow', AssignmentCount: 1 });
    const g2 = await groupsOf(admin2);
    expect(g2.List.map((g) => g.ID).some((id) => g1.List.some((x) => x.ID === id))).toBe(false);
  });

  it('adds, updates and deletes a group; a duplicate name is a localized conflict; bad input changes nothing', async () => {
    const types = (await t.call(c.getResourceTypes, {}, { token: admin })).json().data as Array<{ ID: string }>;
    const add = await t.call(c.addGroup, group({ ByResourceType: [{ ResourceTypeID: types[0]!.ID, MaxLoans: 2, LoanDays: 7, RenewDays: 7, MaxRenewals: 0 }] }), { token: admin });
    expect(add.json()).toMatchObject({ code: 0, data: { Name: '测试组', InUse: false } });
    const id = add.json().data.ID as string;
    const dup = await t.call(c.addGroup, group(), { token: admin, lang: 'en-US' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A permission group named 测试组 already exists');
    const before = (await groupsOf(admin)).Total;
    const bad = await t.call(c.addGroup, group({ Name: 'x2', MaxLoans: -1 }), { token: admin });
    expect(bad.statusCode).toBe(400);
    const dupType = await t.call(c.addGroup, group({ Name: 'x3', ByResourceType: [1, 2].map(() => ({ ResourceTypeID: types[0]!.ID, MaxLoans: 1, LoanDays: 1, RenewDays: 1, MaxRenewals: 1 })) }), { token: admin });
    expect(dupType.json().message).toBe('同一资源类型不能重复设置');
    // Another school's resource type is unknown here: nothing written.
    const otherType = (await t.call(c.getResourceTypes, {}, { token: admin2 })).json().data[0].ID as string;
    const foreign = await t.call(c.addGroup, group({ Name: 'x4', ByResourceType: [{ ResourceTypeID: otherType, MaxLoans: 1, LoanDays: 1, RenewDays: 1, MaxRenewals: 1 }] }), { token: admin });
    expect(foreign.statusCode).toBe(404);
    expect((await groupsOf(admin)).Total).toBe(before);

    const upd = await t.call(c.updateGroup, group({ ID: id, Name: '测试组二', MaxLoans: 6, ByResourceType: [] }), { token: admin });
    expect(upd.json().data).toMatchObject({ ID: id, MaxLoans: 6, ByResourceType: [] });
    expect((await t.call(c.updateGroup, group({ ID: id }), { token: admin2 })).statusCode).toBe(404);
    expect((await t.call(c.deleteGroup, { ID: id }, { token: admin2 })).statusCode).toBe(404);
    expect((await t.call(c.deleteGroup, { ID: id }, { token: student })).statusCode).toBe(403);
    expect((await t.call(c.addGroup, group({ Name: 'y' }), { token: student })).statusCode).toBe(403);
    expect((await t.call(c.deleteGroup, { ID: id }, { token: librarian })).json()).toMatchObject({ code: 0 });
    expect((await groupsOf(admin)).Total).toBe(before - 1);
  });

  it('refuses to delete the default group or an assigned group', async () => {
    const [def, teachers] = (await groupsOf(admin)).List;
    const r1 = await t.call(c.deleteGroup, { ID: def!.ID }, { token: admin });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe('该权限组仍有适用范围或为默认组，不能删除');
    expect((await t.call(c.deleteGroup, { ID: teachers!.ID }, { token: admin })).statusCode).toBe(409);
  });
});

describe('assignments', () => {
  it('adds readers to a group, lists them with names, and refuses readers of another group with the spec message and the list', async () => {
    const [, teachers, small] = (await groupsOf(admin)).List;
    const stu = await userOf('student');
    const cls = await userOf('classlib');
    const add = await t.call(c.addAssignments, { GroupID: small!.ID, Kind: 'reader', TargetIDs: [stu.reader_id, cls.reader_id] }, { token: admin });
    expect(add.json()).toMatchObject({ code: 0, data: { Added: 2, Skipped: 0 } });
    const again = await t.call(c.addAssignments, { GroupID: small!.ID, Kind: 'reader', TargetIDs: [stu.reader_id] }, { token: admin });
    expect(again.json().data).toEqual({ Added: 0, Skipped: 1 });

    const list = (await t.call(c.getAssignments, { GroupID: small!.ID, Kind: 'reader' }, { token: librarian })).json().data;
    expect(list.Total).toBe(2);
    expect(list.List[0].TargetName).toContain(stu.reader_id);

    const countBefore = (await t.call(c.getAssignments, { Rows: 1000 }, { token: admin })).json().data.Total;
    const other = await t.app.db.selectFrom('users').select('reader_id').where('school_id', '=', 1).where('identity', '=', 'student').where('reader_id', 'not in', [stu.reader_id, cls.reader_id]).executeTakeFirstOrThrow();
    const check = await t.call(c.checkAssignments, { GroupID: teachers!.ID, Kind: 'reader', TargetIDs: [other.reader_id, stu.reader_id] }, { token: admin });
    expect(check.json().data.Conflicts).toEqual([{ TargetID: stu.reader_id, Name: stu.name, ReaderID: stu.reader_id, GroupID: small!.ID, GroupName: '小班借阅组' }]);
    const conflict = await t.call(c.addAssignments, { GroupID: teachers!.ID, Kind: 'reader', TargetIDs: [other.reader_id, stu.reader_id] }, { token: admin, lang: 'en-US' });
    expect(conflict.json()).toMatchObject({
      success: false, message: 'Failed to add! The following users already exist with other permission groups.',
      data: { Conflicts: [{ Name: stu.name, ReaderID: stu.reader_id }] },
    });
    // All or nothing: the reader without a conflict was not added either.
    expect((await t.call(c.getAssignments, { Rows: 1000 }, { token: admin })).json().data.Total).toBe(countBefore);
  });

  it('refuses unknown readers and classes, other schools\' targets, bad identities and missing permissions', async () => {
    const [def] = (await groupsOf(admin)).List;
    const bad = await t.call(c.addAssignments, { GroupID: def!.ID, Kind: 'reader', TargetIDs: ['NOPE1'] }, { token: admin });
    expect(bad.json()).toMatchObject({ success: false, message: '包含无效用户：NOPE1' });
    const school2Class = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', 2).where('kind', '=', 'class').executeTakeFirstOrThrow();
    const cls = await t.call(c.addAssignments, { GroupID: def!.ID, Kind: 'class', TargetIDs: [String(school2Class.id)] }, { token: admin, lang: 'en-US' });
    expect(cls.json().message).toBe(`Department or class not exist or already joined: ${school2Class.id}`);
    const ident = await t.call(c.addAssignments, { GroupID: def!.ID, Kind: 'identity', TargetIDs: ['alien'] }, { token: admin });
    expect(ident.statusCode).toBe(400);
    const foreignGroup = (await groupsOf(admin2)).List[0]!.ID;
    expect((await t.call(c.addAssignments, { GroupID: foreignGroup, Kind: 'identity', TargetIDs: ['parent'] }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(c.addAssignments, { GroupID: def!.ID, Kind: 'identity', TargetIDs: ['parent'] }, { token: student })).statusCode).toBe(403);
    // Tenancy: school 2 sees none of school 1's assignments and cannot delete them.
    const mine = (await t.call(c.getAssignments, {}, { token: admin })).json().data.List[0].ID as string;
    expect((await t.call(c.deleteAssignments, { IDs: [mine] }, { token: admin2 })).json().data).toEqual({ Deleted: 0 });
    expect((await t.call(c.getAssignments, { Kind: 'class' }, { token: admin2 })).json().data.List.every((a: { GroupName: string }) => a.GroupName)).toBe(true);
    expect((await t.call(c.deleteAssignments, { IDs: [mine] }, { token: student })).statusCode).toBe(403);
    expect((await t.call(c.deleteAssignments, { IDs: [] }, { token: admin })).statusCode).toBe(400);
  });

  it('saves combined borrowing per school', async () => {
    expect((await t.call(c.getSettings, {}, { token: admin })).json().data).toEqual({ CombinedBorrowing: false });
    expect((await t.call(c.saveSettings, { CombinedBorrowing: true }, { token: student })).statusCode).toBe(403);
    expect((await t.call(c.saveSettings, { CombinedBorrowing: 'yes' }, { token: admin })).statusCode).toBe(400);
    expect((await t.call(c.saveSettings, { CombinedBorrowing: true }, { token: admin })).json().data).toEqual({ CombinedBorrowing: true });
    expect((await t.call(c.getSettings, {}, { token: admin2 })).json().data).toEqual({ CombinedBorrowing: false });
    await t.call(c.saveSettings, { CombinedBorrowing: false }, { token: admin });
  });
});

describe('school calendar', () => {
  it('serves the seeded holidays as periods, and toggles days', async () => {
    const cal = (await t.call(c.getCalendar, {}, { token: librarian })).json().data;
    expect(cal.Calendar.ClosedWeekdays).toEqual([0, 6]);
    expect(cal.Periods).toContainEqual({ From: '2026-02-15', To: '2026-02-23', Days: 9, Reason: '春节' });
    expect(cal.Calendar.OpenDates).toContain('2026-01-04');

    const closed = (await t.call(c.setDays, { Days: ['2026-03-18', '2026-03-19'], State: 'closed', Reason: '盘点' }, { token: admin })).json().data;
    expect(closed.Periods).toContainEqual({ From: '2026-03-18', To: '2026-03-19', Days: 2, Reason: '盘点' });
    const open = (await t.call(c.setDays, { Days: ['2026-03-18'], State: 'default' }, { token: admin })).json().data;
    expect(open.Calendar.ClosedDates).not.toContain('2026-03-18');
    expect(open.Calendar.ClosedDates).toContain('2026-03-19');

    const before = (await t.call(c.getCalendar, {}, { token: admin })).json().data.Days.length;
    expect((await t.call(c.setDays, { Days: ['2026-02-30'], State: 'closed' }, { token: admin })).statusCode).toBe(400);
    expect((await t.call(c.setClosedWeekdays, { ClosedWeekdays: [0, 1, 2, 3, 4, 5, 6] }, { token: admin })).statusCode).toBe(400);
    expect((await t.call(c.setDays, { Days: ['2026-03-20'], State: 'closed' }, { token: student })).statusCode).toBe(403);
    expect((await t.call(c.getCalendar, {}, { token: admin })).json().data.Days.length).toBe(before);
    // Tenancy: school 2 does not see school 1's inventory day.
    expect((await t.call(c.getCalendar, {}, { token: admin2 })).json().data.Calendar.ClosedDates).not.toContain('2026-03-19');

    const wk = (await t.call(c.setClosedWeekdays, { ClosedWeekdays: [0] }, { token: admin2 })).json().data;
    expect(wk.Calendar.ClosedWeekdays).toEqual([0]);
    expect((await t.call(c.getCalendar, {}, { token: admin })).json().data.Calendar.ClosedWeekdays).toEqual([0, 6]);
    await t.call(c.setDays, { Days: ['2026-03-19'], State: 'default' }, { token: admin });
  });

  it('computes due dates off closed days per group', async () => {
    // 2026-01-24 + 30 days = 2026-02-23 (Spring Festival) → first open day 2026-02-24? No: winter break to 03-01 (Sun) → 03-02.
    const r = (await t.call(c.getDueDates, { LoanDay: '2026-01-24' }, { token: librarian })).json().data;
    expect(r.LoanDay).toBe('2026-01-24');
    expect(r.List[0]).toMatchObject({ GroupName: '学生默认组', LoanDays: 30, CountedDay: '2026-02-23', DueDay: '2026-03-02', DueAt: '2026-03-02T23:59:59+08:00', Moved: true });
    const plain = (await t.call(c.getDueDates, { LoanDay: '2026-03-03' }, { token: librarian })).json().data;
    expect(plain.List[0]).toMatchObject({ CountedDay: '2026-04-02', DueDay: '2026-04-02', Moved: false });
    expect((await t.call(c.getDueDates, { LoanDay: 'tomorrow' }, { token: admin })).statusCode).toBe(400);
  });
});

describe('GetUserBorrowLimitV2', () => {
  it('computes the default group for a student over the real open loans', async () => {
    const u = await userOf('parent');
    const res = await t.call(c.getUserBorrowLimit, { ReaderID: u.reader_id }, { token: librarian });
    const d = res.json().data;
    const open = await t.app.db.selectFrom('loans').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', u.id).where('returned_at', 'is', null).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ Ok: true, Status: 'resolved', Groups: [{ Name: '学生默认组' }], Matches: [{ Kind: 'default' }], MaxLoans: 3, Current: Number(open.n), LoanDays: 30, OverdueRenewal: 'block-item' });
    expect(d.Left).toBe(Math.max(0, 3 - Number(open.n)));
    expect(d.ByResourceType.map((x: { ResourceTypeName: string }) => x.ResourceTypeName)).toEqual(expect.arrayContaining(['期刊', '教参']));
    expect(d.DueAtIfBorrowedNow).toMatch(/T23:59:59\+08:00$/);
  });

  it('gives teachers the teachers group by identity, by UserID', async () => {
    const u = await userOf('teacher');
    const d = (await t.call(c.getUserBorrowLimit, { UserID: u.id }, { token: admin })).json().data;
    expect(d).toMatchObject({ Groups: [{ Name: '教师组' }], Matches: [{ Kind: 'identity', TargetID: 'teacher' }], MaxLoans: 10, LoanDays: 60, MaxRenewals: 2, OverdueRenewal: 'allow' });
  });

  it('lets a reader see their own limits only, and stays within the school', async () => {
    const self = await userOf('student');
    expect((await t.call(c.getUserBorrowLimit, { UserID: self.id }, { token: student })).json()).toMatchObject({ code: 0, data: { UserID: self.id } });
    const other = await userOf('teacher');
    expect((await t.call(c.getUserBorrowLimit, { UserID: other.id }, { token: student })).statusCode).toBe(403);
    const foreign = await t.call(c.getUserBorrowLimit, { UserID: other.id }, { token: admin2, lang: 'en-US' });
    expect(foreign.json()).toMatchObject({ success: false, message: 'User does not exist' });
    expect((await t.call(c.getUserBorrowLimit, {}, { token: admin })).statusCode).toBe(400);
  });
});
