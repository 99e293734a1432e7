import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloverCalls, type RolloverPlan } from '../../shared/api/rollover.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let admin2: string;
const depts = () => t.app.db.selectFrom('departments').select(['id', 'parent_id', 'name', 'en_name']).where('school_id', '=', 1).orderBy('id').execute();
const users = () => t.app.db.selectFrom('users').select(['id', 'status', 'expire_at']).where('school_id', '=', 1).orderBy('id').execute();
const preview = async (token = admin): Promise<RolloverPlan> => (await t.call(rolloverCalls.preview, {}, { token })).json().data;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, teacher, admin2] = (await Promise.all(['admin', 'teacher', 'admin2'].map((a) => t.tokenFor(a)))) as [string, string, string];
});
afterAll(() => t.close());

describe('school-year rollover', () => {
  it('previews every change without writing', async () => {
    const [d0, u0] = [await depts(), await users()];
    const plan = await preview();
    expect(plan.Promoted).toHaveLength(20);
    expect(plan.Promoted[0]).toMatchObject({ FromName: '一年级1班', ToName: '二年级1班', ToEnName: 'Grade 2 Class 1', Students: 25 });
    expect(plan.Graduating.map((g) => g.Name)).toEqual(['六年级1班', '六年级2班', '六年级3班', '六年级4班']);
    expect(plan.Expiring.length).toBeGreaterThan(90);
    expect(plan.Skipped).toEqual([{ Step: 'groups', Reason: 'roles:rollover.skip.noGroupMapping' }]);
    expect(await depts()).toEqual(d0);
    expect(await users()).toEqual(u0);
    // Tenancy: the second school's plan is its own (junior: 初一 → 初二, 初三 graduates).
    const other = await preview(admin2);
    expect(other.Graduating.map((g) => g.Name)).toEqual(['初三1班', '初三2班']);
  });

  it('refuses a stale fingerprint and callers without the permission, changing nothing', async () => {
    const d0 = await depts();
    const stale = await t.call(rolloverCalls.commit, { Fingerprint: 'nope' }, { token: admin, lang: 'en-US' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The data changed since the preview; please preview again');
    const plan = await preview();
    expect((await t.call(rolloverCalls.commit, { Fingerprint: plan.Fingerprint }, { token: teacher })).statusCode).toBe(403);
    expect((await t.call(rolloverCalls.preview, {}, { token: teacher })).statusCode).toBe(403);
    expect((await t.call(rolloverCalls.commit, { Fingerprint: '' }, { token: admin })).statusCode).toBe(400);
    expect(await depts()).toEqual(d0);
  });

  it('commits in one go and undoes exactly; only the latest, only when untouched', async () => {
    const [d0, u0] = [await depts(), await users()];
    const plan = await preview();
    const done = await t.call(rolloverCalls.commit, { Fingerprint: plan.Fingerprint }, { token: admin });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ State: 'applied', Promoted: 20, Graduated: 4, Expired: plan.Expiring.length, CanUndo: true, CreatedBy: '周建国' });
    const after = await depts();
    const cls = after.find((d) => d.id === plan.Promoted[0]!.DeptID)!;
    expect(cls.name).toBe('二年级1班');
    const cohort = after.find((d) => d.name === plan.CohortName)!;
    expect(after.filter((d) => d.parent_id === cohort.id)).toHaveLength(4);
    const expired = (await users()).filter((u) => plan.Expiring.some((e) => e.UserID === u.id));
    expect(expired.every((u) => u.status === 'expired' && u.expire_at)).toBe(true);
    // Admin2's school is untouched.
    expect((await preview(admin2)).Graduating).toHaveLength(2);

    // A later edit to a touched row blocks the undo with a clear list.
    const victim = plan.Expiring[0]!;
    await t.app.db.updateTable('users').set({ status: 'active' }).where('id', '=', victim.UserID).execute();
    const blocked = await t.call(rolloverCalls.undo, { ID: done.json().data.ID }, { token: admin, lang: 'en-US' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(`1 records changed since the rollover, so it cannot be undone: ${victim.Name}`);
    await t.app.db.updateTable('users').set({ status: 'expired' }).where('id', '=', victim.UserID).execute();

    expect((await t.call(rolloverCalls.undo, { ID: done.json().data.ID }, { token: teacher })).statusCode).toBe(403);
    expect((await t.call(rolloverCalls.undo, { ID: done.json().data.ID }, { token: admin2 })).statusCode).toBe(404);
    const undone = await t.call(rolloverCalls.undo, { ID: done.json().data.ID }, { token: admin });
    expect(undone.json().data).toMatchObject({ State: 'undone', CanUndo: false });
    expect(await depts()).toEqual(d0);
    expect((await users()).map(({ id, status, expire_at }) => ({ id, status, expire_at }))).toEqual(u0);

    const again = await t.call(rolloverCalls.undo, { ID: done.json().data.ID }, { token: admin, lang: 'en-US' });
    expect(again.json().message).toBe('Only the latest rollover can be undone');
    const hist = (await t.call(rolloverCalls.history, {}, { token: admin })).json().data;
    expect(hist.Total).toBe(1);
    expect((await t.call(rolloverCalls.history, {}, { token: admin2 })).json().data.Total).toBe(0);
  });
});
