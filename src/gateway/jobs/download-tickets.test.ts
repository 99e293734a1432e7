import { beforeAll, describe, expect, it } from 'vitest';
import { jobCalls, type Job } from '../../shared/api/jobs.ts';
import { exportReaders, fetchFile, ticketFor } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

// Downloads are not bearer links (issue 6): a file is served once, against a short-lived ticket
// of its owner's browser, and to nobody else.
const t = useTestGateway();
// ticketFor and fetchFile take the bearer token itself.
let admin: string;
let job: Job;
beforeAll(async () => {
  admin = await t.tokenFor('admin');
  job = await exportReaders(t, admin, { SearchKey: '王' });
});

/** A refusal is the error envelope, with a JSON content type, never a file. */
function expectRefused(res: Awaited<ReturnType<typeof fetchFile>>, status: number, message?: string) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-disposition']).toBeUndefined();
  expect(res.json()).toMatchObject({ code: status, success: false, ...(message ? { message } : {}) });
}

describe('download tickets', () => {
  it('lets the owner download once, with a short-lived ticket bound to their browser', async () => {
    expect(job).toMatchObject({ State: 2, ResultFile: job.FileName });
    const tk = await ticketFor(t, job.DataID, { token: admin });
    expect(tk.res.statusCode).toBe(200);
    expect(tk.res.headers['cache-control']).toBe('no-store');
    const { Url, ExpiresIn } = tk.res.json().data;
    expect(Url).toMatch(/^\/micro\/library\/web1\.0\/Download\/GetFile\?Ticket=[\w-]{43}$/);
    expect(ExpiresIn).toBeGreaterThan(0);
    expect(ExpiresIn).toBeLessThanOrEqual(60);
    expect(tk.res.headers['set-cookie']).toMatch(/^lib_dl=[\w-]{43}; Path=\/micro\/library\/web1\.0\/Download; HttpOnly; SameSite=Strict$/);

    const file = await fetchFile(t, tk.url, { cookie: tk.cookie });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // Used once: the same address is refused from then on, even from the owner's browser.
    expectRefused(await fetchFile(t, tk.url, { cookie: tk.cookie, token: admin }), 401, '该下载链接已使用，请重新点击下载');
    // A new click gets a new ticket; the browser keeps its binding cookie.
    const again = await ticketFor(t, job.DataID, { token: admin, headers: { cookie: tk.cookie } });
    expect(again.res.headers['set-cookie']).toBeUndefined();
    expect(again.url).not.toBe(tk.url);
    expect((await fetchFile(t, again.url, { cookie: tk.cookie })).statusCode).toBe(200);
  });

  it('refuses requests without a token or ticket, and the old signed links', async () => {
    expectRefused(await t.call(jobCalls.getTicket, { DataID: job.DataID }, {}), 401);
    expectRefused(await fetchFile(t, jobCalls.downloadFile.path), 401, '请登录后在下载任务中点击下载');
    // The format of the former hour-long signed links: no ticket, nothing served.
    expectRefused(await fetchFile(t, `${jobCalls.downloadFile.path}?ID=${job.ID}&Expires=9999999999&Sig=AAAAAAAAAAAAAAAAAAAAAAAA`), 401);
    expectRefused(await fetchFile(t, `${jobCalls.downloadFile.path}?Ticket=${'A'.repeat(43)}`), 401, '下载链接无效');
  });

  it('refuses another school\'s administrator, with or without the owner\'s ticket', async () => {
    const admin2 = await t.tokenFor('admin2');
    expectRefused(await t.call(jobCalls.getTicket, { DataID: job.DataID }, 'admin2'), 403);
    const tk = await ticketFor(t, job.DataID, { token: admin });
    // The leaked address, from another browser, signed in or not.
    expectRefused(await fetchFile(t, tk.url, { token: admin2 }), 403);
    expectRefused(await fetchFile(t, tk.url), 403);
    // Even with the owner's cookie too, a token or selector of another school is refused.
    expectRefused(await fetchFile(t, tk.url, { cookie: tk.cookie, token: admin2 }), 403);
    expectRefused(await fetchFile(t, tk.url, { cookie: tk.cookie, school: 2 }), 403);
    // None of those used the ticket up: the owner still downloads with it.
    expect((await fetchFile(t, tk.url, { cookie: tk.cookie })).statusCode).toBe(200);
  });

  it('refuses other users of the same school, and a reader without the export permission even for a job of theirs', async () => {
    const librarian = await t.tokenFor('librarian');
    expectRefused(await t.call(jobCalls.getTicket, { DataID: job.DataID }, 'librarian'), 403, '无权下载该文件');
    expectRefused(await t.call(jobCalls.getTicket, { DataID: job.DataID }, 'student'), 403);
    const tk = await ticketFor(t, job.DataID, { token: admin });
    expectRefused(await fetchFile(t, tk.url, { cookie: tk.cookie, token: librarian }), 403);

    // A reader export owned by the student (as if their role had allowed it once): no longer theirs to download.
    const row = await t.db.selectFrom('jobs').selectAll().where('data_id', '=', job.DataID).executeTakeFirstOrThrow();
    const studentId = (await t.db.selectFrom('users').select('id').where('account', '=', 'student').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    await t.db.insertInto('jobs').values({
      school_id: 1, user_id: studentId, data_id: 'student-own-export', file_name: row.file_name, operation_type: 'ExportReaders',
      progress: row.progress, data_count: row.data_count, state: 2, result_path: row.result_path, message: '', created_at: now, updated_at: now,
    }).execute();
    expectRefused(await t.call(jobCalls.getTicket, { DataID: 'student-own-export' }, 'student'), 403, '无权下载该文件');
  });

  it('refuses an expired ticket', async () => {
    const tk = await ticketFor(t, job.DataID, { token: admin });
    await t.db.updateTable('download_tickets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
    expectRefused(await fetchFile(t, tk.url, { cookie: tk.cookie }), 401, '下载链接已过期，请重新获取');
  });

  it('serves a ticket once when two requests race for it', async () => {
    const tk = await ticketFor(t, job.DataID, { token: admin });
    const both = await Promise.all([fetchFile(t, tk.url, { cookie: tk.cookie }), fetchFile(t, tk.url, { cookie: tk.cookie })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 404 for no such job or file and 409 while the job runs', async () => {
    expectRefused(await t.call(jobCalls.getTicket, { DataID: 'no-such-job' }, 'admin'), 404);
    const adminId = (await t.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    const base = { school_id: 1, user_id: adminId, file_name: 'x.xlsx', operation_type: 'ExportReaders', progress: 0, data_count: 9, message: '', created_at: now, updated_at: now };
    await t.db.insertInto('jobs').values([
      { ...base, data_id: 'running-job', state: 1, result_path: null },
      { ...base, data_id: 'stopped-job', state: 4, result_path: null },
      { ...base, data_id: 'deleted-file', state: 2, result_path: 'files/1/gone.xlsx' },
    ]).execute();
    expectRefused(await t.call(jobCalls.getTicket, { DataID: 'running-job' }, 'admin'), 409);
    expectRefused(await t.call(jobCalls.getTicket, { DataID: 'stopped-job' }, 'admin'), 404);
    expectRefused(await t.call(jobCalls.getTicket, { DataID: 'deleted-file' }, { as: 'admin', lang: 'en-US' }), 404, 'The file does not exist or was deleted');
  });
});
