import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryInfoCalls as C, MAX_PICTURES } from '../../shared/api/library-info.ts';
import { IMAGE_MAX_BYTES } from '../../shared/api/upload.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { compareVersions, parseLatestYml } from './hardware-apps.ts';

/** The smallest valid PNG (1×1, transparent). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const week = (over: Record<number, object> = {}) => [0, 1, 2, 3, 4, 5, 6].map((Day) => ({ Day, Closed: Day === 0, Open: '08:00', Close: '17:00', ...over[Day] }));

describe('the library profile, pictures, network resources and announcements (LibraryInfo/*)', () => {
  const t = useTestGateway();
  const anon1 = { school: 1 };

  it('answers the profile anonymously for the SchoolID header, each school its own; no school is a clear 400', async () => {
    const p1 = await t.data(C.getProfile, {}, anon1);
    const p2 = await t.data(C.getProfile, {}, { school: 2 });
    expect(p1.SchoolName).toBe('北京市第一实验学校');
    expect(p2.SchoolName).not.toBe(p1.SchoolName);
    expect(p1.Hours).toHaveLength(7);
    expect(p1.Pictures.length).toBeGreaterThan(0);
    expect(p1.Pictures[0]!.Url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await t.fail(C.getProfile, {}, null)).status).toBe(400);
  });

  it('staff with basic.library.edit save intro, hours and contact; a reader may not; bad hours and e-mail are refused in the user’s language', async () => {
    const saved = await t.data(C.updateProfile, { Intro: '欢迎', Phone: '010-1234', Email: 'lib@x.example', Hours: week({ 6: { Closed: true } }) }, 'admin');
    expect(saved.Intro).toBe('欢迎');
    expect(saved.Hours[6]!.Closed).toBe(true);
    expect((await t.data(C.getProfile, {}, anon1)).Phone).toBe('010-1234');
    // School 2 is untouched.
    expect((await t.data(C.getProfile, {}, { school: 2 })).Intro).not.toBe('欢迎');
    expect((await t.fail(C.updateProfile, { Hours: week() }, 'student')).status).toBe(403);
    const late = await t.fail(C.updateProfile, { Hours: week({ 1: { Open: '18:00', Close: '09:00' } }) }, 'admin', 'en-US');
    expect(late.status).toBe(400);
    expect(late.message).toMatch(/closing time must be after/);
    expect((await t.fail(C.updateProfile, { Hours: week().slice(0, 6) }, 'admin')).status).toBe(400);
    expect((await t.fail(C.updateProfile, { Hours: week({ 2: { Open: '25:00' } }) }, 'admin')).status).toBe(400);
    expect((await t.fail(C.updateProfile, { Hours: week(), Email: 'not-an-address' }, 'admin')).status).toBe(400);
  });

  it('stores a PNG picture, refuses other bytes and oversize files, deletes only its own school’s', async () => {
    const pic = await t.data(C.addPicture, { FileName: 'room.png', Content: PNG, Caption: '新阅览室' }, 'admin');
    expect(pic.Url).toMatch(/Upload\/GetImage\?School=1&/);
    const img = await t.app.inject({ method: 'GET', url: pic.Url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const notImage = await t.fail(C.addPicture, { FileName: 'x.png', Content: Buffer.from('<svg onload=alert(1)>').toString('base64') }, 'admin', 'en-US');
    expect(notImage.message).toMatch(/JPEG or PNG/);
    expect((await t.fail(C.addPicture, { FileName: 'x.gif', Content: PNG }, 'admin')).status).toBe(400);
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 10, 0).toString('base64');
    expect((await t.fail(C.addPicture, { FileName: 'big.png', Content: big }, 'admin', 'en-US')).message).toMatch(/2 MB/);
    expect((await t.fail(C.addPicture, { FileName: 'a.png', Content: PNG }, 'teacher')).status).toBe(403);
    expect((await t.fail(C.deletePicture, { ID: pic.ID }, 'admin2')).status).toBe(404);
    expect((await t.data(C.getProfile, {}, anon1)).Pictures.map((p) => p.ID)).toContain(pic.ID);
    await t.data(C.deletePicture, { ID: pic.ID }, 'admin');
    expect((await t.data(C.getProfile, {}, anon1)).Pictures.map((p) => p.ID)).not.toContain(pic.ID);
  });

  it(`keeps at most ${MAX_PICTURES} pictures`, async () => {
    const have = (await t.data(C.getProfile, {}, { school: 2 })).Pictures.length;
    for (let i = have; i < MAX_PICTURES; i++) await t.data(C.addPicture, { FileName: 'p.png', Content: PNG }, 'admin2');
    expect((await t.fail(C.addPicture, { FileName: 'p.png', Content: PNG }, 'admin2')).status).toBe(409);
  });

  it('network resources: staff add, edit and delete; readers list them publicly; another school’s are not found; only http(s) addresses', async () => {
    const r = await t.data(C.resourceAdd, { Name: '测试库', Url: 'https://db.example/', Category: 'database', Description: '说明' }, 'librarian');
    expect((await t.data(C.getResources, {}, anon1)).map((x) => x.ID)).toContain(r.ID);
    expect((await t.data(C.getResources, {}, { school: 2 })).map((x) => x.ID)).not.toContain(r.ID);
    const u = await t.data(C.resourceUpdate, { ID: r.ID, Name: '测试库2', Url: 'http://db.example/x', Category: 'ebook' }, 'librarian');
    expect(u).toMatchObject({ Name: '测试库2', Category: 'ebook' });
    expect((await t.fail(C.resourceAdd, { Name: 'x', Url: 'javascript:alert(1)' }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.resourceAdd, { Name: '', Url: 'https://a.example' }, 'librarian', 'en-US')).message).toMatch(/resource name/);
    expect((await t.fail(C.resourceAdd, { Name: 'x', Url: 'https://a.example' }, 'teacher')).status).toBe(403);
    expect((await t.fail(C.resourceUpdate, { ID: r.ID, Name: 'x', Url: 'https://a.example' }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.resourceDelete, { ID: r.ID }, 'admin2')).status).toBe(404);
    expect((await t.data(C.resourceList, { SearchKey: '测试库2' }, 'librarian')).Total).toBe(1);
    await t.data(C.resourceDelete, { ID: r.ID }, 'librarian');
    expect((await t.data(C.resourceList, { SearchKey: '测试库2' }, 'librarian')).Total).toBe(0);
  });

  it('announcements: compose from a batch or arrival days, publish, and only published ones are public', async () => {
    const batch = await t.db.selectFrom('copies').select('batch_id').where('school_id', '=', 1).where('batch_id', 'is not', null).executeTakeFirstOrThrow();
    const preview = await t.data(C.announcementPreview, { Source: 'batch', BatchID: batch.batch_id }, 'librarian');
    expect(preview.Total).toBeGreaterThan(0);
    // A fresh title catalogued today is what "today's arrivals" lists.
    const title = await t.db.selectFrom('titles').select('id').where('school_id', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const today = new Date().toISOString();
    await t.db.updateTable('copies').set({ created_at: today, storage_area: 2 }).where('title_id', '=', title.id).execute();
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const a = await t.data(C.announcementSave, { Title: '今日新书', Intro: '欢迎借阅', Source: 'dates', DateFrom: from, DateTo: to }, 'librarian');
    expect(a.Published).toBe(false);
    expect(a.Titles.length).toBeGreaterThan(0);
    expect((await t.fail(C.publishedGet, { ID: a.ID }, anon1)).status).toBe(404);
    const pub = await t.data(C.announcementPublish, { ID: a.ID, Published: true }, 'librarian');
    expect(pub.Published).toBe(true);
    const seen = await t.data(C.publishedGet, { ID: a.ID }, anon1);
    expect(seen.Titles.length).toBe(a.Titles.length);
    expect((await t.data(C.publishedList, {}, anon1)).List[0]!.ID).toBe(a.ID);
    // Another school sees none of it.
    expect((await t.fail(C.publishedGet, { ID: a.ID }, { school: 2 })).status).toBe(404);
    expect((await t.fail(C.announcementPublish, { ID: a.ID, Published: false }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.announcementPreview, { Source: 'batch', BatchID: batch.batch_id }, 'admin2')).status).toBe(404);
    // Bad input: no title, a date range backwards, no batch.
    expect((await t.fail(C.announcementSave, { Title: '', Source: 'dates', DateFrom: from, DateTo: to }, 'librarian', 'en-US')).message).toMatch(/announcement title/);
    expect((await t.fail(C.announcementSave, { Title: 'x', Source: 'dates', DateFrom: to, DateTo: from }, 'librarian', 'en-US')).message).toMatch(/last day/);
    expect((await t.fail(C.announcementSave, { Title: 'x', Source: 'batch' }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.announcementSave, { Title: 'x', Source: 'dates', DateFrom: '1990-01-01', DateTo: '1990-01-02' }, 'librarian', 'en-US')).message).toMatch(/No books arrived/);
    expect((await t.fail(C.announcementSave, { Title: 'x', Source: 'dates', DateFrom: from, DateTo: to }, 'teacher')).status).toBe(403);
    await t.data(C.announcementDelete, { ID: a.ID }, 'librarian');
    expect((await t.fail(C.announcementGet, { ID: a.ID }, 'librarian')).status).toBe(404);
  });

  it('lists the apps of <data>/releases with their latest version and serves only the files they name', async () => {
    const dir = join(t.config.dataDir, 'releases', 'desk');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'latest.yml'), "version: 1.2.0\nfiles:\n  - url: School-Library-Setup-1.2.0.exe\n    sha512: abc==\n    size: 5\npath: School-Library-Setup-1.2.0.exe\nsha512: abc==\nreleaseDate: '2026-10-01T08:00:00.000Z'\nreleaseNotes: |-\n  Faster returns.\n  New kiosk.\n");
    writeFileSync(join(dir, 'latest-linux.yml'), 'version: 1.1.0\nfiles:\n  - url: School-Library-1.1.0.AppImage\n    size: 7\n');
    writeFileSync(join(dir, 'School-Library-Setup-1.2.0.exe'), 'hello');
    writeFileSync(join(dir, 'secret.txt'), 'no');
    // The installation's apps: a machine that has chosen no school yet asks too.
    const apps = await t.data(C.hardwareApps, {}, null);
    const desk = apps.find((a) => a.Code === 'desk')!;
    expect(desk).toMatchObject({ Version: '1.2.0', EnName: 'Circulation desk client', ReleaseNotes: 'Faster returns.\nNew kiosk.' });
    expect(desk.Downloads.map((d) => d.Platform)).toEqual(['windows']);
    const res = await t.app.inject({ method: 'GET', url: desk.Downloads[0]!.Url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    const secret = await t.app.inject({ method: 'GET', url: '/micro/library/web1.0/Apps/Download?App=desk&File=secret.txt' });
    expect(secret.statusCode).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/micro/library/web1.0/Apps/Download?App=desk&File=..%2F..%2Fsecrets' });
    expect(escape.statusCode).toBe(400);
  });
});

describe('latest.yml and versions', () => {
  it('reads what electron-builder writes, and compares versions by number', () => {
    expect(parseLatestYml('version: 0.1.0\npath: a.exe\nsha512: x\n')).toMatchObject({ version: '0.1.0', files: [{ url: 'a.exe' }] });
    expect(parseLatestYml('nothing: here')).toBeNull();
    expect(compareVersions('1.10.0', '1.9.2')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-beta.1', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('v2.0.0', '2.0.0')).toBe(0);
  });
});
