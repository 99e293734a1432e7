import { describe, expect, it } from 'vitest';
import { rolloverCalls, type RolloverPlan } from '../../shared/api/rollover.ts';
import { loadAssignments } from '../borrow-rules/borrow-rule-store.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();
const depts = () => t.db.selectFrom('departments').select(['id', 'parent_id', 'name', 'en_name']).where('school_id', '=', 1).orderBy('id').execute();
const users = () => t.db.selectFrom('users').select(['id', 'status', 'expire_at']).where('school_id', '=', 1).orderBy('id').execute();
const preview = async (as = 'admin'): Promise<RolloverPlan> => await t.data(rolloverCalls.preview, {}, as);


describe('school-year rollover', () => {
  it('previews every change without writing', async () => {
    const [d0, u0] = [await depts(), await users()];
    const plan = await preview();
    expect(plan.Promoted).toHaveLength(20);
    expect(plan.Promoted[0]).toMatchObject({ FromName: '一年级1班', ToName: '二年级1班', ToEnName: 'Grade 2 Class 1', Students: 25 });
    expect(plan.Graduating.map((g) => g.Name)).toEqual(['六年级1班', '六年级2班', '六年级3班', '六年级4班']);
    expect(plan.Expiring.length).toBeGreaterThan(90);
    // The demo school's groups: the small-class group's class moves up with its assignment, nobody changes group.
    expect(plan.Skipped).toEqual([]);
    expect(plan.GroupMoves).toEqual([]);
    expect(plan.GroupRows).toEqual([]);
    expect(plan.Groups.map((g) => g.Name)).toEqual(['学生默认组', '教师组', '小班借阅组']);
    expect(plan.GroupTargets.filter((g) => g.Kind === 'grade').map((g) => g.Name)).toEqual(['一年级', '二年级', '三年级', '四年级', '五年级', '六年级']);
    expect(plan.GroupTargets.filter((g) => g.Kind === 'class')).toMatchObject([{ Name: '一年级1班', GroupID: '3', NewGroupID: '3' }]);
    expect(await depts()).toEqual(d0);
    expect(await users()).toEqual(u0);
    // Tenancy: the second school's plan is its own (junior: 初一 → 初二, 初三 graduates).
    const other = await preview('admin2');
    expect(other.Graduating.map((g) => g.Name)).toEqual(['初三1班', '初三2班']);
  });

  it('refuses a stale fingerprint and callers without the permission, changing nothing', async () => {
    const d0 = await depts();
    expect(await t.fail(rolloverCalls.commit, { Fingerprint: 'nope' }, 'admin', 'en-US')).toMatchObject({ status: 409, message: 'The data changed since the preview; please preview again' });
    const plan = await preview();
    expect((await t.fail(rolloverCalls.commit, { Fingerprint: plan.Fingerprint }, 'teacher')).status).toBe(403);
    expect((await t.fail(rolloverCalls.preview, {}, 'teacher')).status).toBe(403);
    expect((await t.fail(rolloverCalls.commit, { Fingerprint: '' }, 'admin')).status).toBe(400);
    expect(await depts()).toEqual(d0);
  });

  it('commits in one go and undoes exactly; only the latest, only when untouched', async () => {
    const [d0, u0] = [await depts(), await users()];
    const plan = await preview();
    const done = await t.data(rolloverCalls.commit, { Fingerprint: plan.Fingerprint }, 'admin');
    expect(done).toMatchObject({ State: 'applied', Promoted: 20, Graduated: 4, Expired: plan.Expiring.length, CanUndo: true, CreatedBy: '周建国' });
    const after = await depts();
    const cls = after.find((d) => d.id === plan.Promoted[0]!.DeptID)!;
    expect(cls.name).toBe('二年级1班');
    const cohort = after.find((d) => d.name === plan.CohortName)!;
    expect(after.filter((d) => d.parent_id === cohort.id)).toHaveLength(4);
    const expired = (await users()).filter((u) => plan.Expiring.some((e) => e.UserID === u.id));
    expect(expired.every((u) => u.status === 'expired' && u.expire_at)).toBe(true);
    // Admin2's school is untouched.
    expect((await preview('admin2')).Graduating).toHaveLength(2);

    // A later edit to a touched row blocks the undo with a clear list.
    const victim = plan.Expiring[0]!;
    await t.db.updateTable('users').set({ status: 'active' }).where('id', '=', victim.UserID).execute();
    expect(await t.fail(rolloverCalls.undo, { ID: done.ID }, 'admin', 'en-US')).toMatchObject({ status: 409, message: `1 records changed since the rollover, so it cannot be undone: ${victim.Name}` });
    await t.db.updateTable('users').set({ status: 'expired' }).where('id', '=', victim.UserID).execute();

    expect((await t.fail(rolloverCalls.undo, { ID: done.ID }, 'teacher')).status).toBe(403);
    expect((await t.fail(rolloverCalls.undo, { ID: done.ID }, 'admin2')).status).toBe(404);
    const undone = await t.data(rolloverCalls.undo, { ID: done.ID }, 'admin');
    expect(undone).toMatchObject({ State: 'undone', CanUndo: false });
    expect(await depts()).toEqual(d0);
    expect((await users()).map(({ id, status, expire_at }) => ({ id, status, expire_at }))).toEqual(u0);

    expect((await t.fail(rolloverCalls.undo, { ID: done.ID }, 'admin', 'en-US')).message).toBe('Only the latest rollover can be undone');
    const hist = await t.data(rolloverCalls.history, {}, 'admin');
    expect(hist.Total).toBe(1);
    expect((await t.data(rolloverCalls.history, {}, 'admin2')).Total).toBe(0);
  });
});

describe('school-year rollover: borrowing permission groups', () => {
  const assignments = () => t.db.selectFrom('group_assignments').selectAll().where('school_id', '=', 1).orderBy('id').execute();
  const dept = async (name: string) => (await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const groupId = async (name: string) => String((await t.db.selectFrom('permission_groups').select('id').where('school_id', '=', 1).where('name', '=', name).executeTakeFirstOrThrow()).id);
  const studentsOf = (deptId: number) => t.db.selectFrom('users').select(['id', 'reader_id', 'name']).where('school_id', '=', 1).where('dept_id', '=', deptId).where('identity', '=', 'student').orderBy('id').execute();
  const previewWith = async (GroupMap: unknown[]) => t.call(rolloverCalls.preview, { GroupMap }, { as: 'admin', lang: 'en-US' });

  it('previews who changes group: grades keep their group, graduates lose theirs, the mapping applies', async () => {
    const [small, teachers, g3, g2, c11, c61] = await Promise.all([
      groupId('小班借阅组'), groupId('教师组'), dept('三年级'), dept('二年级'), dept('一年级1班'), dept('六年级1班'),
    ]);
    const graduate = (await studentsOf(c61))[0]!;
    const now = new Date().toISOString();
    await t.db.insertInto('group_assignments').values([
      { school_id: 1, group_id: Number(small), kind: 'grade', target_id: String(g3), created_at: now },
      { school_id: 1, group_id: Number(teachers), kind: 'reader', target_id: graduate.reader_id, created_at: now },
    ]).execute();
    const a0 = await assignments();

    const plain = (await previewWith([])).json().data as RolloverPlan;
    // 二年级 classes move into 三年级 (small-class group by grade); 三年级 classes leave it for the default.
    const fromG2 = (await t.db.selectFrom('users').select('id').where('dept_id', 'in', (await t.db.selectFrom('departments').select('id').where('parent_id', '=', g2).execute()).map((d) => d.id)).execute()).length;
    const toSmall = plain.GroupChanges.find((c) => c.FromID === '1' && c.ToID === small)!;
    expect(toSmall.Readers).toBe(fromG2);
    expect(plain.GroupChanges.find((c) => c.FromID === small && c.ToID === '1')!.Readers).toBeGreaterThan(0);
    // The graduate's own assignment goes: teachers → default.
    expect(plain.GroupRows).toEqual([{ Kind: 'reader', TargetID: graduate.reader_id, TargetName: `${graduate.name}（${graduate.reader_id}）`, TargetEnName: `${graduate.name} (${graduate.reader_id})`, FromGroupID: teachers, ToGroupID: null }]);
    expect(plain.GroupMoves.find((m) => m.UserID === graduate.id)).toMatchObject({ FromID: teachers, From: '教师组', ToID: '1', To: '学生默认组', ClassName: '六年级1班' });
    // 一年级1班 keeps its class group while moving up: its readers do not move.
    const c11Readers = new Set((await studentsOf(c11)).map((u) => u.id));
    expect(plain.GroupMoves.some((m) => c11Readers.has(m.UserID))).toBe(false);

    // The school maps 一年级1班 to no class group: its readers fall back to the default.
    const mapped = (await previewWith([{ Kind: 'class', DeptID: c11, GroupID: null }])).json().data as RolloverPlan;
    expect(mapped.GroupRows).toContainEqual({ Kind: 'class', TargetID: String(c11), TargetName: '一年级1班', TargetEnName: 'Grade 1 Class 1', FromGroupID: small, ToGroupID: null });
    expect(mapped.GroupMoves.filter((m) => c11Readers.has(m.UserID))).toHaveLength(c11Readers.size);
    expect(mapped.GroupTargets.find((g) => g.Kind === 'class' && g.DeptID === c11)).toMatchObject({ GroupID: small, NewGroupID: null });
    expect(mapped.Fingerprint).not.toBe(plain.Fingerprint);
    expect(await assignments()).toEqual(a0);

    // Bad mappings are refused; nothing is written.
    const wrongKind = await previewWith([{ Kind: 'grade', DeptID: c11, GroupID: small }]);
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json().message).toBe(`The grade or class does not exist: ${c11}`);
    expect((await previewWith([{ Kind: 'class', DeptID: c11, GroupID: '99999' }])).statusCode).toBe(404);
    expect((await previewWith([{ Kind: 'class', DeptID: c11, GroupID: null }, { Kind: 'class', DeptID: c11, GroupID: small }])).statusCode).toBe(400);
    // Another school's group is unknown here.
    const otherGroup = (await t.db.selectFrom('permission_groups').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow()).id;
    expect((await previewWith([{ Kind: 'grade', DeptID: g3, GroupID: String(otherGroup) }])).statusCode).toBe(404);
    // A commit with another mapping than previewed is stale.
    expect((await t.fail(rolloverCalls.commit, { Fingerprint: plain.Fingerprint, GroupMap: [{ Kind: 'class', DeptID: c11, GroupID: null }] }, 'admin')).status).toBe(409);
    expect(await assignments()).toEqual(a0);
  });

  it('commits the group changes with the rollover and undoes them exactly; refuses when they changed since', async () => {
    const [small, teachers, g1, c11, c61] = await Promise.all([groupId('小班借阅组'), groupId('教师组'), dept('一年级'), dept('一年级1班'), dept('六年级1班')]);
    const graduate = (await studentsOf(c61))[0]!;
    const a0 = await assignments();
    const map = [{ Kind: 'class' as const, DeptID: c11, GroupID: null }, { Kind: 'grade' as const, DeptID: g1, GroupID: teachers }];
    const plan = (await previewWith(map)).json().data as RolloverPlan;
    // The desk holds the school's rules in memory (rules-cache.ts): the rollover's assignments must reach it at once.
    await t.app.schoolRules.of(1);
    const deskAssignments = async () => (await t.app.schoolRules.of(1)).rules.Assignments;
    const done = await t.data(rolloverCalls.commit, { Fingerprint: plan.Fingerprint, GroupMap: map }, 'admin');
    expect(await deskAssignments()).toEqual(await loadAssignments(t.db, 1));
    expect(done.Moved).toBe(plan.GroupMoves.length);
    const a1 = await assignments();
    expect(a1.some((a) => a.kind === 'reader' && a.target_id === graduate.reader_id)).toBe(false);
    expect(a1.some((a) => a.kind === 'class' && a.target_id === String(c11))).toBe(false);
    expect(a1.filter((a) => a.kind === 'grade' && a.target_id === String(g1))).toMatchObject([{ group_id: Number(teachers) }]);
    expect(a1).toHaveLength(a0.length - 1);

    // Someone puts the graduate back into a group: the undo names them and changes nothing.
    const now = new Date().toISOString();
    await t.db.insertInto('group_assignments').values({ school_id: 1, group_id: Number(small), kind: 'reader', target_id: graduate.reader_id, created_at: now }).execute();
    const blocked = await t.fail(rolloverCalls.undo, { ID: done.ID }, 'admin', 'en-US');
    expect(blocked.status).toBe(409);
    expect(blocked.message).toContain(graduate.name);
    await t.db.deleteFrom('group_assignments').where('kind', '=', 'reader').where('target_id', '=', graduate.reader_id).execute();
    // The mapped grade's new row was edited since: refused too.
    await t.db.updateTable('group_assignments').set({ group_id: Number(small) }).where('kind', '=', 'grade').where('target_id', '=', String(g1)).execute();
    const blocked2 = await t.fail(rolloverCalls.undo, { ID: done.ID }, 'admin', 'en-US');
    expect(blocked2.status).toBe(409);
    expect(blocked2.message).toContain('一年级');
    await t.db.updateTable('group_assignments').set({ group_id: Number(teachers) }).where('kind', '=', 'grade').where('target_id', '=', String(g1)).execute();

    await t.app.schoolRules.of(1);
    await t.data(rolloverCalls.undo, { ID: done.ID }, 'admin');
    expect(await assignments()).toEqual(a0);
    expect(await deskAssignments()).toEqual(await loadAssignments(t.db, 1));
  });
});
