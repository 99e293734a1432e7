import { createReadStream } from 'node:fs';
import { rmSync } from 'node:fs';
import { libraryInfoCalls as C, MAX_ANNOUNCEMENT_TITLES, MAX_PICTURES, type NetworkResource } from '../../shared/api/library-info.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { writeTx } from '../db/connect.ts';
import { containsText } from '../db/like.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { photoExists, photoPath, saveImageBytes } from '../readers/photo-store.ts';
import { pictureOf, profileOf, saveProfile } from './profile-store.ts';
import { announcedTitles, announcementById, announcementPage, sourceTitleIds } from './announcement-store.ts';
import { downloadPath, listHardwareApps } from './hardware-apps.ts';

type ResourceRow = { id: number; name: string; en_name: string; url: string; description: string; category: string; sort: number; updated_at: string };
const resourceOf = (r: ResourceRow): NetworkResource => ({
  ID: r.id, Name: r.name, EnName: r.en_name, Url: r.url, Description: r.description,
  Category: r.category as NetworkResource['Category'], Sort: r.sort, UpdatedAt: r.updated_at,
});
const RESOURCE_COLUMNS = ['id', 'name', 'en_name', 'url', 'description', 'category', 'sort', 'updated_at'] as const;

async function profile(ctx: CallContext, schoolId: number) {
  const p = await profileOf(ctx.app.db, ctx.app.config.dataDir, schoolId);
  if (!p) throw AppError.notFound('errors:schoolRequired');
  return p;
}

async function resourceById(ctx: CallContext, schoolId: number, id: number): Promise<NetworkResource> {
  const r = await ctx.app.db.selectFrom('network_resources').select(RESOURCE_COLUMNS).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
  if (!r) throw AppError.notFound();
  return resourceOf(r);
}

const offsetOf = async (ctx: CallContext, schoolId: number) => (await loadCalendar(ctx.app.db, schoolId)).calendar.UtcOffsetMinutes;

export const libraryInfoHandlers = {
  'libraryInfo.getProfile': handler(C.getProfile, async (_input, ctx) => profile(ctx, requireSchool(ctx))),
  'libraryInfo.updateProfile': handler(C.updateProfile, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await saveProfile(ctx.app.db, schoolId, input);
    return profile(ctx, schoolId);
  }),
  'libraryInfo.addPicture': handler(C.addPicture, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const { db } = ctx.app;
    const { dataDir } = ctx.app.config;
    const count = await db.selectFrom('library_pictures').select((eb) => eb.fn.countAll<number>().as('n')).where('school_id', '=', schoolId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_PICTURES) throw AppError.refused('errors:libraryInfo.tooManyPictures', { max: MAX_PICTURES });
    const saved = saveImageBytes(dataDir, schoolId, Buffer.from(input.Content, 'base64'));
    if ('error' in saved) throw AppError.badRequest(saved.error);
    const sort = await db.selectFrom('library_pictures').select((eb) => eb.fn.max('sort').as('m')).where('school_id', '=', schoolId).executeTakeFirst();
    const row = await db.insertInto('library_pictures').values({
      school_id: schoolId, file_id: saved.id, caption: input.Caption, en_caption: input.EnCaption,
      sort: Number(sort?.m ?? 0) + 1, created_at: new Date().toISOString(),
    }).returning(['id', 'file_id', 'caption', 'en_caption', 'sort']).executeTakeFirstOrThrow();
    return pictureOf(dataDir, schoolId, row);
  }),
  'libraryInfo.updatePicture': handler(C.updatePicture, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await ctx.app.db.updateTable('library_pictures').set({ caption: input.Caption, en_caption: input.EnCaption, sort: input.Sort })
      .where('school_id', '=', schoolId).where('id', '=', input.ID).returning(['id', 'file_id', 'caption', 'en_caption', 'sort']).executeTakeFirst();
    if (!row) throw AppError.notFound();
    return pictureOf(ctx.app.config.dataDir, schoolId, row);
  }),
  'libraryInfo.deletePicture': handler(C.deletePicture, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await ctx.app.db.deleteFrom('library_pictures').where('school_id', '=', schoolId).where('id', '=', input.ID).returning('file_id').executeTakeFirst();
    if (!row) throw AppError.notFound();
    // The file goes with its row (no other record points at a gallery picture).
    const { dataDir } = ctx.app.config;
    if (photoExists(dataDir, schoolId, row.file_id)) rmSync(photoPath(dataDir, schoolId, row.file_id), { force: true });
    return null;
  }),

  'libraryInfo.getResources': handler(C.getResources, async (_input, ctx) => {
    const schoolId = requireSchool(ctx);
    const rows = await ctx.app.db.selectFrom('network_resources').select(RESOURCE_COLUMNS).where('school_id', '=', schoolId)
      .orderBy('category').orderBy('sort').orderBy('id').limit(500).execute();
    return rows.map(resourceOf);
  }),
  'libraryInfo.resource.list': handler(C.resourceList, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    let q = ctx.app.db.selectFrom('network_resources').where('school_id', '=', schoolId);
    if (input.Category) q = q.where('category', '=', input.Category);
    if (input.SearchKey) q = q.where((eb) => eb.or([containsText('name', input.SearchKey!), containsText('en_name', input.SearchKey!), containsText('url', input.SearchKey!)]));
    const [rows, total] = await Promise.all([
      q.select(RESOURCE_COLUMNS).orderBy('category').orderBy('sort').orderBy('id').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { List: rows.map(resourceOf), Total: Number(total.n) };
  }),
  'libraryInfo.resource.add': handler(C.resourceAdd, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await ctx.app.db.insertInto('network_resources').values({
      school_id: schoolId, name: input.Name, en_name: input.EnName, url: input.Url, description: input.Description,
      category: input.Category, sort: input.Sort, updated_at: new Date().toISOString(),
    }).returning(RESOURCE_COLUMNS).executeTakeFirstOrThrow();
    return resourceOf(row);
  }),
  'libraryInfo.resource.update': handler(C.resourceUpdate, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await ctx.app.db.updateTable('network_resources').set({
      name: input.Name, en_name: input.EnName, url: input.Url, description: input.Description,
      category: input.Category, sort: input.Sort, updated_at: new Date().toISOString(),
    }).where('school_id', '=', schoolId).where('id', '=', input.ID).returning(RESOURCE_COLUMNS).executeTakeFirst();
    if (!row) throw AppError.notFound();
    return resourceOf(row);
  }),
  'libraryInfo.resource.delete': handler(C.resourceDelete, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await resourceById(ctx, schoolId, input.ID);
    await ctx.app.db.deleteFrom('network_resources').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    return null;
  }),

  'libraryInfo.announcement.list': handler(C.announcementList, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return announcementPage(ctx.app.db, schoolId, { page: input.Page, rows: input.Rows, publishedOnly: false, key: input.SearchKey });
  }),
  'libraryInfo.announcement.get': handler(C.announcementGet, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const a = await announcementById(ctx.app.db, schoolId, input.ID, false);
    if (!a) throw AppError.notFound();
    return a;
  }),
  'libraryInfo.announcement.preview': handler(C.announcementPreview, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await checkBatch(ctx, schoolId, input);
    const { ids, total } = await sourceTitleIds(ctx.app.db, schoolId, input, await offsetOf(ctx, schoolId), 50);
    return { List: await announcedTitles(ctx.app.db, schoolId, ids), Total: total };
  }),
  'libraryInfo.announcement.save': handler(C.announcementSave, async (input, ctx) => {
    const { schoolId, userId } = requireUser(ctx);
    await checkBatch(ctx, schoolId, input);
    const { ids, total } = await sourceTitleIds(ctx.app.db, schoolId, input, await offsetOf(ctx, schoolId), MAX_ANNOUNCEMENT_TITLES);
    if (total === 0) throw AppError.refused('errors:libraryInfo.noTitles');
    if (total > MAX_ANNOUNCEMENT_TITLES) throw AppError.refused('errors:libraryInfo.tooManyTitles', { total, max: MAX_ANNOUNCEMENT_TITLES });
    const now = new Date().toISOString();
    const row = {
      title: input.Title, intro: input.Intro, source: input.Source,
      batch_id: input.Source === 'batch' ? input.BatchID ?? null : null,
      date_from: input.Source === 'dates' ? input.DateFrom ?? null : null,
      date_to: input.Source === 'dates' ? input.DateTo ?? null : null,
      updated_at: now,
    };
    const id = await writeTx(ctx.app.db, async (trx) => {
      let aid: number;
      if (input.ID) {
        const r = await trx.updateTable('newbook_announcements').set(row).where('school_id', '=', schoolId).where('id', '=', input.ID).returning('id').executeTakeFirst();
        if (!r) throw AppError.notFound();
        aid = r.id;
        await trx.deleteFrom('newbook_announcement_titles').where('announcement_id', '=', aid).execute();
      } else {
        aid = (await trx.insertInto('newbook_announcements').values({ school_id: schoolId, ...row, created_by: userId }).returning('id').executeTakeFirstOrThrow()).id;
      }
      if (ids.length) await trx.insertInto('newbook_announcement_titles').values(ids.map((title_id, i) => ({ announcement_id: aid, title_id, sort: i }))).execute();
      return aid;
    });
    return (await announcementById(ctx.app.db, schoolId, id, false))!;
  }),
  'libraryInfo.announcement.publish': handler(C.announcementPublish, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const r = await ctx.app.db.updateTable('newbook_announcements')
      .set({ published_at: input.Published ? new Date().toISOString() : null })
      .where('school_id', '=', schoolId).where('id', '=', input.ID).returning('id').executeTakeFirst();
    if (!r) throw AppError.notFound();
    const { Titles: _t, ...a } = (await announcementById(ctx.app.db, schoolId, input.ID, false))!;
    return a;
  }),
  'libraryInfo.announcement.delete': handler(C.announcementDelete, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const r = await trx.selectFrom('newbook_announcements').select('id').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!r) throw AppError.notFound();
      await trx.deleteFrom('newbook_announcement_titles').where('announcement_id', '=', r.id).execute();
      await trx.deleteFrom('newbook_announcements').where('id', '=', r.id).execute();
    });
    return null;
  }),
  'libraryInfo.published.list': handler(C.publishedList, async (input, ctx) =>
    announcementPage(ctx.app.db, requireSchool(ctx), { page: input.Page, rows: input.Rows, publishedOnly: true })),
  'libraryInfo.published.get': handler(C.publishedGet, async (input, ctx) => {
    const a = await announcementById(ctx.app.db, requireSchool(ctx), input.ID, true);
    if (!a) throw AppError.notFound();
    return a;
  }),

  // The apps are the installation's, the same for every school it serves: /checkversion works on
  // a machine that has not chosen a school yet.
  'libraryInfo.hardwareApps': handler(C.hardwareApps, async (_input, ctx) => listHardwareApps(ctx.app.config.dataDir)),
  'libraryInfo.appDownload': handler(C.appDownload, async (input, ctx) => {
    const path = downloadPath(ctx.app.config.dataDir, input.App, input.File);
    if (!path) throw AppError.notFound('errors:fileMissing');
    ctx.reply.header('content-disposition', `attachment; filename="${input.File.replace(/"/g, '')}"`).type('application/octet-stream');
    return createReadStream(path);
  }),
} satisfies HandlerMapFor<typeof C>;

/** A batch of another school (or none) is "not found", before any title is picked. */
async function checkBatch(ctx: CallContext, schoolId: number, input: { Source: string; BatchID?: number | null | undefined }) {
  if (input.Source !== 'batch') return;
  const b = await ctx.app.db.selectFrom('batches').select('id').where('school_id', '=', schoolId).where('id', '=', input.BatchID ?? 0).executeTakeFirst();
  if (!b) throw AppError.notFound('errors:libraryInfo.batchNotFound');
}
