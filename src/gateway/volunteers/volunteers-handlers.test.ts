import { beforeAll, describe, expect, it } from 'vitest';
import { VOLUNTEER_DUTY, VOLUNTEER_MENU, volunteerCalls as C } from '../../shared/api/volunteers.ts';
import { addStaff, freeReaders, type FreeReader } from '../circulation/desk-fixture.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('library volunteers (/volunteer) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  let term = 0;
  let oldTerm = 0;
  let posts: { shelving: number; desk: number } = { shelving: 0, desk: 0 };
  beforeAll(async () => {
    const terms = await t.data(C.getTermOptions, {}, 'librarian');
    term = terms.find((x) => x.IsCurrent)?.ID ?? terms[0]!.ID;
    oldTerm = terms.find((x) => x.ID !== term)!.ID;
    posts = {
      shelving: (await t.data(C.addPost, { Name: '图书上架', EnName: 'Shelving', Sort: 1 }, 'librarian')).ID,
      desk: (await t.data(C.addPost, { Name: '借还台', EnName: 'Desk', Sort: 2 }, 'librarian')).ID,
    };
  });
  const register = (r: FreeReader, post = posts.shelving, termId = term) => t.data(C.addVolunteer, { ReaderID: r.reader_id, PostID: post, TermID: termId }, 'librarian');

  it('keeps a list of posts; a post in use cannot be deleted, only switched off; names are unique', async () => {
    expect((await t.fail(C.addPost, { Name: '图书上架' }, 'librarian')).status).toBe(409);
    const [r] = await freeReaders(t, 1) as [FreeReader];
    const mend = await t.data(C.addPost, { Name: '图书修补', Sort: 3 }, 'librarian');
    await register(r, mend.ID);
    expect((await t.data(C.getPostList, { Page: 1, Rows: 50 }, 'librarian')).List.find((p) => p.ID === mend.ID)).toMatchObject({ InUse: true });
    expect((await t.fail(C.deletePost, { ID: mend.ID }, 'librarian')).status).toBe(409);
    await t.data(C.updatePost, { ID: mend.ID, Name: '图书修补', State: 0 }, 'librarian');
    const [r2] = await freeReaders(t, 1) as [FreeReader];
    expect((await t.fail(C.addVolunteer, { ReaderID: r2.reader_id, PostID: mend.ID, TermID: term }, 'librarian')).status).toBe(409);
    const spare = await t.data(C.addPost, { Name: '临时岗位' }, 'librarian');
    expect(await t.data(C.deletePost, { ID: spare.ID }, 'librarian')).toBeNull();
  });

  it('registers a reader found by card or name once per term; ends a registration; deletes one without duties only', async () => {
    const [r] = await freeReaders(t, 1) as [FreeReader];
    expect((await t.data(C.findReaders, { Key: r.name }, 'librarian')).map((x) => x.ReaderID)).toContain(r.reader_id);
    const v = await register(r);
    expect(v).toMatchObject({ ReaderID: r.reader_id, Name: r.name, PostName: '图书上架', State: 'active', Duties: 0, Minutes: 0, Identity: 'student' });
    expect((await t.fail(C.addVolunteer, { ReaderID: r.reader_id, PostID: posts.desk, TermID: term }, 'librarian')).status).toBe(409);
    const old = await register(r, posts.desk, oldTerm);
    expect((await t.data(C.getVolunteerList, { Page: 1, Rows: 50, SearchKey: r.reader_id }, 'librarian')).Total).toBe(2);
    expect((await t.data(C.getVolunteerList, { Page: 1, Rows: 50, SearchKey: r.reader_id, TermID: term }, 'librarian')).List.map((x) => x.ID)).toEqual([v.ID]);
    expect(await t.data(C.updateVolunteer, { ID: old.ID, PostID: posts.desk, State: 'ended' }, 'librarian')).toMatchObject({ State: 'ended' });
    expect(await t.data(C.deleteVolunteer, { ID: old.ID }, 'librarian')).toBeNull();
    expect((await t.fail(C.addVolunteer, { ReaderID: 'NO-SUCH', PostID: posts.desk, TermID: term }, 'librarian')).status).toBe(404);
    expect((await t.fail(C.addVolunteer, { ReaderID: r.reader_id, PostID: 999999, TermID: term }, 'librarian')).status).toBe(404);
  });

  it('schedules weekly shifts with volunteers on them; end must follow start', async () => {
    const rs = await freeReaders(t, 2);
    const vs = [await register(rs[0]!), await register(rs[1]!)];
    const shift = await t.data(C.addShift, { Weekday: 1, StartTime: '12:00', EndTime: '12:40', PostID: posts.shelving, VolunteerIDs: vs.map((v) => v.ID) }, 'librarian');
    expect(shift).toMatchObject({ Weekday: 1, PostName: '图书上架' });
    expect(shift.Volunteers.map((v) => v.ID).sort()).toEqual(vs.map((v) => v.ID).sort());
    const moved = await t.data(C.updateShift, { ID: shift.ID, Weekday: 3, StartTime: '16:00', EndTime: '17:00', PostID: posts.desk, VolunteerIDs: [vs[0]!.ID] }, 'librarian');
    expect(moved).toMatchObject({ Weekday: 3, PostName: '借还台', Volunteers: [{ ID: vs[0]!.ID }] });
    expect((await t.data(C.getShiftList, {}, 'librarian')).map((s) => s.ID)).toContain(shift.ID);
    expect((await t.fail(C.addShift, { Weekday: 1, StartTime: '12:00', EndTime: '11:00', PostID: posts.desk }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.addShift, { Weekday: 8, StartTime: '12:00', EndTime: '13:00', PostID: posts.desk }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.addShift, { Weekday: 1, StartTime: '12:00', EndTime: '13:00', PostID: posts.desk, VolunteerIDs: [999999] }, 'librarian')).status).toBe(404);
    expect(await t.data(C.deleteShift, { ID: shift.ID }, 'librarian')).toBeNull();
    expect((await t.fail(C.deleteShift, { ID: shift.ID }, 'librarian')).status).toBe(404);
  });

  it('signs a duty in and out by card, counts its minutes, takes staff corrections with a note, and sums hours per term', async () => {
    const [r, notVol] = await freeReaders(t, 2) as [FreeReader, FreeReader];
    const v = await register(r);
    const inn = await t.data(C.scanDuty, { ReaderID: r.reader_id }, 'librarian');
    expect(inn).toMatchObject({ Action: 'in', Duty: { VolunteerID: v.ID, EndedAt: null, Minutes: null, PostName: '图书上架' } });
    expect((await t.data(C.getDutyList, { Page: 1, Rows: 10, Reader: r.reader_id, OpenOnly: true }, 'librarian')).Total).toBe(1);
    // 45 minutes on duty.
    await t.db.updateTable('volunteer_duties').set({ started_at: new Date(Date.now() - 45 * 60_000).toISOString() }).where('id', '=', inn.Duty.ID).execute();
    const out = await t.data(C.scanDuty, { ReaderID: r.reader_id }, 'librarian');
    expect(out).toMatchObject({ Action: 'out', Duty: { ID: inn.Duty.ID, Minutes: 45, Corrected: false } });
    expect((await t.fail(C.scanDuty, { ReaderID: notVol.reader_id }, 'librarian')).status).toBe(409);

    const start = new Date(Date.now() - 3 * 3600_000);
    const iso = (ms: number) => new Date(ms).toISOString();
    const fixed = await t.data(C.correctDuty, { ID: inn.Duty.ID, StartedAt: iso(start.getTime()), EndedAt: iso(start.getTime() + 90 * 60_000), Note: '忘记签退' }, 'librarian');
    expect(fixed).toMatchObject({ Minutes: 90, Corrected: true, Note: '忘记签退' });
    expect((await t.fail(C.correctDuty, { ID: inn.Duty.ID, StartedAt: iso(start.getTime()), EndedAt: iso(start.getTime() + 60_000) }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.correctDuty, { ID: inn.Duty.ID, StartedAt: iso(start.getTime()), EndedAt: iso(start.getTime() + 13 * 3600_000), Note: 'x' }, 'librarian')).status).toBe(409);
    const added = await t.data(C.addDuty, { VolunteerID: v.ID, StartedAt: iso(start.getTime() - 86_400_000), EndedAt: iso(start.getTime() - 86_400_000 + 30 * 60_000), Note: '补录' }, 'librarian');
    expect(added).toMatchObject({ Minutes: 30, Corrected: true });

    const hours = await t.data(C.getHours, { Page: 1, Rows: 10, TermID: term, SearchKey: r.reader_id }, 'librarian');
    expect(hours.List).toMatchObject([{ VolunteerID: v.ID, Duties: 2, Minutes: 120, Hours: 2 }]);
    expect((await t.fail(C.deleteVolunteer, { ID: v.ID }, 'librarian')).status).toBe(409);

    const token = await t.tokenFor('librarian');
    const { DataID } = await t.data(C.exportHours, { TermID: term, SearchKey: r.reader_id }, { as: 'librarian', lang: 'en-US' });
    expect((await pollJob(t, DataID, token)).at(-1)).toMatchObject({ State: 2, DataCount: 1 });
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadJobFile(t, DataID, token)).rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((x) => (x as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Card number', 'Name', 'Class / dept.', 'Term', 'Post', 'Duties', 'Hours']);
    expect(rows[1]).toEqual(expect.arrayContaining([r.reader_id, 2, 2]));
  });

  it('a duty desk signs duties only; a reader and anonymous are refused; school 2 sees nothing of school 1', async () => {
    const [r] = await freeReaders(t, 1) as [FreeReader];
    const v = await register(r);
    await addStaff(t, 'dutydesk', [VOLUNTEER_MENU, VOLUNTEER_DUTY]);
    expect((await t.data(C.scanDuty, { ReaderID: r.reader_id }, 'dutydesk')).Action).toBe('in');
    expect((await t.fail(C.addPost, { Name: 'x' }, 'dutydesk')).status).toBe(403);
    expect((await t.fail(C.correctDuty, { ID: 1, StartedAt: '2026-01-01T08:00:00Z', EndedAt: '2026-01-01T09:00:00Z', Note: 'x' }, 'dutydesk')).status).toBe(403);
    expect((await t.fail(C.exportHours, {}, 'dutydesk')).status).toBe(403);
    for (const def of [C.getPostList, C.getVolunteerList, C.addVolunteer, C.scanDuty, C.getHours, C.getShiftList]) {
      expect((await t.fail(def, { ReaderID: r.reader_id, PostID: posts.desk, TermID: term }, 'student')).status, def.id).toBe(403);
      expect((await t.fail(def, {}, null)).status, def.id).toBe(401);
    }
    expect((await t.data(C.getVolunteerList, { Page: 1, Rows: 50 }, 'admin2')).Total).toBe(0);
    expect((await t.fail(C.updateVolunteer, { ID: v.ID, PostID: posts.desk, State: 'ended' }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.deletePost, { ID: posts.desk }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.scanDuty, { ReaderID: r.reader_id }, 'admin2')).status).toBe(404);
  });
});
