import { describe, expect, it } from 'vitest';
import { borrowRulesCalls as c } from '../../shared/api/borrow-rules.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway({ seedNow: new Date('2026-03-10T02:00:00Z') });

const group = (over: Record<string, unknown> = {}) => ({
  ID: 'new', Name: '测试组', EnName: 'Test', MaxLoans: 4, LoanDays: 20, RenewDays: 10, MaxRenewals: 1, OverdueRenewal: 'allow', ByResourceType: [], IsDefault: false, ...over,
});
const groupsOf = async (as: string) => await t.data(c.getGroups, { Rows: 100 }, as) as { Total: number; List: Array<Record<string, any>> };
const userOf = (account: string) => t.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirstOrThrow();

describe('permission groups', () => {
  it('lists the seeded groups per school, with per-type limits and the default', async () => {
    const g1 = await groupsOf('admin');
    expect(g1.List.map((g) => g.Name)).toEqual(['学生默认组', '教师组', '小班借阅组']);
    expect(g1.List[0]).toMatchObject({ MaxLoans: 3, LoanDays: 30, RenewDays: 15, MaxRenewals: 1, OverdueRenewal: 'block-item', IsDefault: true, InUse: true });
    expect(g1.List[0]!.ByResourceType.length).toBe(2);
    expect(g1.List[1]).toMatchObject({ MaxLoans: 10, LoanDays: 60, MaxRenewals: 2, OverdueRenewal: 'allow', AssignmentCount: 1 });
    const g2 = await groupsOf('admin2');
    expect(g2.List.map((g) => g.ID).some((id) => g1.List.some((x) => x.ID === id))).toBe(false);
  });

  it('adds, updates and deletes a group; a duplicate name is a localized conflict; bad input changes nothing', async () => {
    const types = await t.data(c.getResourceTypes, {}, 'admin') as Array<{ ID: string }>;
    const add = await t.data(c.addGroup, group({ ByResourceType: [{ ResourceTypeID: types[0]!.ID, MaxLoans: 2, LoanDays: 7, RenewDays: 7, MaxRenewals: 0 }] }), 'admin');
    expect(add).toMatchObject({ Name: '测试组', InUse: false });
    const id = add.ID as string;
    expect(await t.fail(c.addGroup, group(), 'admin', 'en-US')).toMatchObject({ status: 409, message: 'A permission group named 测试组 already exists' });
    const before = (await groupsOf('admin')).Total;
    expect((await t.fail(c.addGroup, group({ Name: 'x2', MaxLoans: -1 }), 'admin')).status).toBe(400);
    expect((await t.fail(c.addGroup, group({ Name: 'x3', ByResourceType: [1, 2].map(() => ({ ResourceTypeID: types[0]!.ID, MaxLoans: 1, LoanDays: 1, RenewDays: 1, MaxRenewals: 1 })) }), 'admin')).message).toBe('同一资源类型不能重复设置');
    // Another school's resource type is unknown here: nothing written.
    const otherType = (await t.data(c.getResourceTypes, {}, 'admin2'))[0]!.ID as string;
    expect((await t.fail(c.addGroup, group({ Name: 'x4', ByResourceType: [{ ResourceTypeID: otherType, MaxLoans: 1, LoanDays: 1, RenewDays: 1, MaxRenewals: 1 }] }), 'admin')).status).toBe(404);
    expect((await groupsOf('admin')).Total).toBe(before);

    const upd = await t.data(c.updateGroup, group({ ID: id, Name: '测试组二', MaxLoans: 6, ByResourceType: [] }), 'admin');
    expect(upd).toMatchObject({ ID: id, MaxLoans: 6, ByResourceType: [] });
    expect((await t.fail(c.updateGroup, group({ ID: id }), 'admin2')).status).toBe(404);
    expect((await t.fail(c.deleteGroup, { ID: id }, 'admin2')).status).toBe(404);
    expect((await t.fail(c.deleteGroup, { ID: id }, 'student')).status).toBe(403);
    expect((await t.fail(c.addGroup, group({ Name: 'y' }), 'student')).status).toBe(403);
    await t.data(c.deleteGroup, { ID: id }, 'librarian');
    expect((await groupsOf('admin')).Total).toBe(before - 1);
  });

  it('refuses to delete the default group or an assigned group', async () => {
    const [def, teachers] = (await groupsOf('admin')).List;
    expect(await t.fail(c.deleteGroup, { ID: def!.ID }, 'admin')).toMatchObject({ status: 409, message: '该权限组仍有适用范围或为默认组，不能删除' });
    expect((await t.fail(c.deleteGroup, { ID: teachers!.ID }, 'admin')).status).toBe(409);
  });
});

describe('assignments', () => {
  it('adds readers to a group, lists them with names, and refuses readers of another group with the spec message and the list', async () => {
    const [, teachers, small] = (await groupsOf('admin')).List;
    const stu = await userOf('student');
    const cls = await userOf('classlib');
    const add = await t.data(c.addAssignments, { GroupID: small!.ID, Kind: 'reader', TargetIDs: [stu.reader_id, cls.reader_id] }, 'admin');
    expect(add).toMatchObject({ Added: 2, Skipped: 0 });
    const again = await t.data(c.addAssignments, { GroupID: small!.ID, Kind: 'reader', TargetIDs: [stu.reader_id] }, 'admin');
    expect(again).toEqual({ Added: 0, Skipped: 1 });

    const list = await t.data(c.getAssignments, { GroupID: small!.ID, Kind: 'reader' }, 'librarian');
    expect(list.Total).toBe(2);
    expect(list.List[0]!.TargetName).toContain(stu.reader_id);

    const countBefore = (await t.data(c.getAssignments, { Rows: 1000 }, 'admin')).Total;
    const other = await t.db.selectFrom('users').select('reader_id').where('school_id', '=', 1).where('identity', '=', 'student').where('reader_id', 'not in', [stu.reader_id, cls.reader_id]).executeTakeFirstOrThrow();
    const check = await t.data(c.checkAssignments, { GroupID: teachers!.ID, Kind: 'reader', TargetIDs: [other.reader_id, stu.reader_id] }, 'admin');
    expect(check.Conflicts).toEqual([{ TargetID: stu.reader_id, Name: stu.name, ReaderID: stu.reader_id, GroupID: small!.ID, GroupName: '小班借阅组' }]);
    const conflict = await t.fail(c.addAssignments, { GroupID: teachers!.ID, Kind: 'reader', TargetIDs: [other.reader_id, stu.reader_id] }, 'admin', 'en-US');
    expect(conflict).toMatchObject({
      success: false, message: 'Failed to add! The following users already exist with other permission groups.',
      data: { Conflicts: [{ Name: stu.name, ReaderID: stu.reader_id }] },
    });
    // All or nothing: the reader without a conflict was not added either.
    expect((await t.data(c.getAssignments, { Rows: 1000 }, 'admin')).Total).toBe(countBefore);
  });

  it('refuses unknown readers and classes, other schools\' targets, bad identities and missing permissions', async () => {
    const [def] = (await groupsOf('admin')).List;
    expect(await t.fail(c.addAssignments, { GroupID: def!.ID, Kind: 'reader', TargetIDs: ['NOPE1'] }, 'admin')).toMatchObject({ success: false, message: '包含无效用户：NOPE1' });
    const school2Class = await t.db.selectFrom('departments').select('id').where('school_id', '=', 2).where('kind', '=', 'class').executeTakeFirstOrThrow();
    expect((await t.fail(c.addAssignments, { GroupID: def!.ID, Kind: 'class', TargetIDs: [String(school2Class.id)] }, 'admin', 'en-US')).message).toBe(`Department or class not exist or already joined: ${school2Class.id}`);
    expect((await t.fail(c.addAssignments, { GroupID: def!.ID, Kind: 'identity', TargetIDs: ['alien'] }, 'admin')).status).toBe(400);
    const foreignGroup = (await groupsOf('admin2')).List[0]!.ID;
    expect((await t.fail(c.addAssignments, { GroupID: foreignGroup, Kind: 'identity', TargetIDs: ['parent'] }, 'admin')).status).toBe(404);
    expect((await t.fail(c.addAssignments, { GroupID: def!.ID, Kind: 'identity', TargetIDs: ['parent'] }, 'student')).status).toBe(403);
    // Tenancy: school 2 sees none of school 1's assignments and cannot delete them.
    const mine = (await t.data(c.getAssignments, {}, 'admin')).List[0]!.ID as string;
    expect(await t.data(c.deleteAssignments, { IDs: [mine] }, 'admin2')).toEqual({ Deleted: 0 });
    expect((await t.data(c.getAssignments, { Kind: 'class' }, 'admin2')).List.every((a: { GroupName: string }) => a.GroupName)).toBe(true);
    expect((await t.fail(c.deleteAssignments, { IDs: [mine] }, 'student')).status).toBe(403);
    expect((await t.fail(c.deleteAssignments, { IDs: [] }, 'admin')).status).toBe(400);
  });

  it('saves combined borrowing per school', async () => {
    expect(await t.data(c.getSettings, {}, 'admin')).toEqual({ CombinedBorrowing: false });
    expect((await t.fail(c.saveSettings, { CombinedBorrowing: true }, 'student')).status).toBe(403);
    expect((await t.fail(c.saveSettings, { CombinedBorrowing: 'yes' }, 'admin')).status).toBe(400);
    expect(await t.data(c.saveSettings, { CombinedBorrowing: true }, 'admin')).toEqual({ CombinedBorrowing: true });
    expect(await t.data(c.getSettings, {}, 'admin2')).toEqual({ CombinedBorrowing: false });
    await t.call(c.saveSettings, { CombinedBorrowing: false }, 'admin');
  });
});

describe('school calendar', () => {
  it('serves the seeded holidays as periods, and toggles days', async () => {
    const cal = await t.data(c.getCalendar, {}, 'librarian');
    expect(cal.Calendar.ClosedWeekdays).toEqual([0, 6]);
    expect(cal.Periods).toContainEqual({ From: '2026-02-15', To: '2026-02-23', Days: 9, Reason: '春节' });
    expect(cal.Calendar.OpenDates).toContain('2026-01-04');

    const closed = await t.data(c.setDays, { Days: ['2026-03-18', '2026-03-19'], State: 'closed', Reason: '盘点' }, 'admin');
    expect(closed.Periods).toContainEqual({ From: '2026-03-18', To: '2026-03-19', Days: 2, Reason: '盘点' });
    const open = await t.data(c.setDays, { Days: ['2026-03-18'], State: 'default' }, 'admin');
    expect(open.Calendar.ClosedDates).not.toContain('2026-03-18');
    expect(open.Calendar.ClosedDates).toContain('2026-03-19');

    const before = (await t.data(c.getCalendar, {}, 'admin')).Days.length;
    expect((await t.fail(c.setDays, { Days: ['2026-02-30'], State: 'closed' }, 'admin')).status).toBe(400);
    expect((await t.fail(c.setClosedWeekdays, { ClosedWeekdays: [0, 1, 2, 3, 4, 5, 6] }, 'admin')).status).toBe(400);
    expect((await t.fail(c.setDays, { Days: ['2026-03-20'], State: 'closed' }, 'student')).status).toBe(403);
    expect((await t.data(c.getCalendar, {}, 'admin')).Days.length).toBe(before);
    // Tenancy: school 2 does not see school 1's inventory day.
    expect((await t.data(c.getCalendar, {}, 'admin2')).Calendar.ClosedDates).not.toContain('2026-03-19');

    const wk = await t.data(c.setClosedWeekdays, { ClosedWeekdays: [0] }, 'admin2');
    expect(wk.Calendar.ClosedWeekdays).toEqual([0]);
    expect((await t.data(c.getCalendar, {}, 'admin')).Calendar.ClosedWeekdays).toEqual([0, 6]);
    await t.call(c.setDays, { Days: ['2026-03-19'], State: 'default' }, 'admin');
  });

  it('computes due dates off closed days per group', async () => {
    // 2026-01-24 + 30 days = 2026-02-23 (Spring Festival) → first open day 2026-02-24? No: winter break to 03-01 (Sun) → 03-02.
    const r = await t.data(c.getDueDates, { LoanDay: '2026-01-24' }, 'librarian');
    expect(r.LoanDay).toBe('2026-01-24');
    expect(r.List[0]).toMatchObject({ GroupName: '学生默认组', LoanDays: 30, CountedDay: '2026-02-23', DueDay: '2026-03-02', DueAt: '2026-03-02T23:59:59+08:00', Moved: true });
    const plain = await t.data(c.getDueDates, { LoanDay: '2026-03-03' }, 'librarian');
    expect(plain.List[0]).toMatchObject({ CountedDay: '2026-04-02', DueDay: '2026-04-02', Moved: false });
    expect((await t.fail(c.getDueDates, { LoanDay: 'tomorrow' }, 'admin')).status).toBe(400);
  });
});

describe('GetUserBorrowLimitV2', () => {
  it('computes the default group for a student over the real open loans', async () => {
    const u = await userOf('parent');
    const d = await t.data(c.getUserBorrowLimit, { ReaderID: u.reader_id }, 'librarian');
    const open = await t.db.selectFrom('loans').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', u.id).where('returned_at', 'is', null).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ Ok: true, Status: 'resolved', Groups: [{ Name: '学生默认组' }], Matches: [{ Kind: 'default' }], MaxLoans: 3, Current: Number(open.n), LoanDays: 30, OverdueRenewal: 'block-item' });
    expect(d.Left).toBe(Math.max(0, 3 - Number(open.n)));
    expect(d.ByResourceType.map((x: { ResourceTypeName: string }) => x.ResourceTypeName)).toEqual(expect.arrayContaining(['期刊', '教参']));
    expect(d.DueAtIfBorrowedNow).toMatch(/T23:59:59\+08:00$/);
  });

  it('gives teachers the teachers group by identity, by UserID', async () => {
    const u = await userOf('teacher');
    const d = await t.data(c.getUserBorrowLimit, { UserID: u.id }, 'admin');
    expect(d).toMatchObject({ Groups: [{ Name: '教师组' }], Matches: [{ Kind: 'identity', TargetID: 'teacher' }], MaxLoans: 10, LoanDays: 60, MaxRenewals: 2, OverdueRenewal: 'allow' });
  });

  it('lets a reader see their own limits only, and stays within the school', async () => {
    const self = await userOf('student');
    expect(await t.data(c.getUserBorrowLimit, { UserID: self.id }, 'student')).toMatchObject({ UserID: self.id });
    const other = await userOf('teacher');
    expect((await t.fail(c.getUserBorrowLimit, { UserID: other.id }, 'student')).status).toBe(403);
    expect(await t.fail(c.getUserBorrowLimit, { UserID: other.id }, 'admin2', 'en-US')).toMatchObject({ success: false, message: 'User does not exist' });
    expect((await t.fail(c.getUserBorrowLimit, {}, 'admin')).status).toBe(400);
  });
});
