import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { base64Field, dateField, idField, intField, optionalText, text, urlField } from '../domain/fields.ts';
import { IMAGE_MAX_BYTES } from './upload.ts';

/**
 * The library's own public pages: its profile (introduction, opening hours, contact, reading
 * rules, pictures), the network resources it recommends, its new-book announcements, and the
 * desktop/hardware apps the gateway offers for download. Public reads are 'optional' calls
 * (anonymous callers name their school with the SchoolID header, limited per address); writes
 * need the menu's operation key. The spec names only getcompanyhardwareappslist; the rest follow
 * its style under {lib}/LibraryInfo/<Action>.
 */
const P = (action: string) => `${LIB}/LibraryInfo/${action}`;
const pub = { method: 'POST', auth: 'optional', spec: false, rateLimit: 'public' } as const;
const staff = { method: 'POST', auth: 'user', spec: false } as const;
const byId = z.object({ ID: idField() });

export const PROFILE_PERM = 'basic.library.edit';
export const LINKS_PERM = 'reading.links.edit';
export const ANNOUNCEMENTS_PERM = 'reading.announcements.edit';

/** How many pictures a gallery holds: enough for every room, few enough for a phone. */
export const MAX_PICTURES = 24;
/** Titles one announcement lists at most (a large acquisition batch of the demo school holds ~750). */
export const MAX_ANNOUNCEMENT_TITLES = 1000;

// ---- opening hours ----
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeText = text({ max: 5 }).regex(HHMM, 'validation:libraryInfo.time');
/** One weekday (0 = Sunday … 6 = Saturday, as Date.getDay): open from–to, or closed all day. */
export const openingDaySchema = z.object({
  Day: intField(0, 6),
  Closed: z.boolean(),
  Open: timeText,
  Close: timeText,
}).refine((d) => d.Closed || d.Open < d.Close, { error: 'validation:libraryInfo.hoursOrder', path: ['Close'] });
export type OpeningDay = z.infer<typeof openingDaySchema>;
const weekSchema = z.array(openingDaySchema).min(7, { error: 'validation:libraryInfo.week' }).max(7, { error: 'validation:libraryInfo.week' })
  .refine((w) => new Set(w.map((d) => d.Day)).size === 7, { error: 'validation:libraryInfo.week' });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const pictureSchema = z.object({
  ID: z.number().int(),
  /** A signed address that expires (an <img> sends no token); read the profile again for a fresh one. */
  Url: z.string(),
  Caption: z.string(),
  EnCaption: z.string(),
  Sort: z.number().int(),
});
export type LibraryPicture = z.infer<typeof pictureSchema>;

export const profileSchema = z.object({
  SchoolName: z.string(),
  SchoolEnName: z.string(),
  /** The school's address (basic info). */
  Address: z.string(),
  Intro: z.string(),
  EnIntro: z.string(),
  Rules: z.string(),
  EnRules: z.string(),
  Phone: z.string(),
  Email: z.string(),
  /** Sunday first; a school that never saved its hours gets Monday–Friday 08:00–17:00. */
  Hours: z.array(z.object({ Day: z.number().int(), Closed: z.boolean(), Open: z.string(), Close: z.string() })),
  HoursNote: z.string(),
  EnHoursNote: z.string(),
  Pictures: z.array(pictureSchema),
  UpdatedAt: z.string().nullable(),
});
export type LibraryProfile = z.infer<typeof profileSchema>;

export const profileInput = z.object({
  Intro: optionalText(4000, true),
  EnIntro: optionalText(4000, true),
  Rules: optionalText(4000, true),
  EnRules: optionalText(4000, true),
  Phone: text({ max: 40 }).regex(/^[0-9+()\- ]*$/, 'validation:libraryInfo.phone').default(''),
  Email: text({ max: 200 }).refine((v) => v === '' || EMAIL.test(v), 'validation:reader.email').default(''),
  Hours: weekSchema,
  HoursNote: optionalText(200),
  EnHoursNote: optionalText(200),
});
export type ProfileInput = z.input<typeof profileInput>;

const captionFields = { Caption: optionalText(100), EnCaption: optionalText(100) };

// ---- network resources ----
export const RESOURCE_CATEGORIES = ['ebook', 'database', 'audio-video', 'open-course', 'reading', 'other'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
export const networkResourceSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  EnName: z.string(),
  Url: z.string(),
  Description: z.string(),
  Category: z.enum(RESOURCE_CATEGORIES),
  Sort: z.number().int(),
  UpdatedAt: z.string(),
});
export type NetworkResource = z.infer<typeof networkResourceSchema>;
const networkResourceInput = z.object({
  Name: text({ max: 100, required: 'validation:required.resourceName' }),
  EnName: optionalText(100),
  Url: urlField(500).refine((v) => v !== '', 'validation:required.url'),
  Category: z.enum(RESOURCE_CATEGORIES, { error: 'validation:required.category' }).default('ebook'),
  Description: optionalText(500, true),
  Sort: intField(0, 9999).default(0),
});

// ---- new-book announcements ----
export const ANNOUNCEMENT_SOURCES = ['batch', 'dates'] as const;
export const announcementSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  Intro: z.string(),
  Source: z.enum(ANNOUNCEMENT_SOURCES),
  BatchID: z.number().int().nullable(),
  BatchNo: z.string(),
  DateFrom: z.string().nullable(),
  DateTo: z.string().nullable(),
  TitleCount: z.number().int(),
  Published: z.boolean(),
  PublishedAt: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Which titles an announcement lists: those of one acquisition batch, or those first shelved between two days. */
const sourceFields = {
  Source: z.enum(ANNOUNCEMENT_SOURCES).default('dates'),
  BatchID: idField(undefined, { coerce: true }).nullable().optional(),
  DateFrom: dateField().nullable().optional(),
  DateTo: dateField().nullable().optional(),
};
type SourceValue = { Source: string; BatchID?: number | null | undefined; DateFrom?: string | null | undefined; DateTo?: string | null | undefined };
/** zod 4's refine keeps the object's type, so forms and the client still see its fields. */
function checkSource<S extends z.ZodObject>(s: S): S {
  return s.refine((v) => (v as SourceValue).Source !== 'batch' || (v as SourceValue).BatchID != null, { error: 'validation:required.batch', path: ['BatchID'] })
    .refine((v) => { const x = v as SourceValue; return x.Source !== 'dates' || (x.DateFrom != null && x.DateTo != null); }, { error: 'validation:libraryInfo.dates', path: ['DateTo'] })
    .refine((v) => { const x = v as SourceValue; return x.Source !== 'dates' || x.DateFrom == null || x.DateTo == null || x.DateFrom <= x.DateTo; }, { error: 'validation:libraryInfo.dateOrder', path: ['DateTo'] });
}
export const announcementSourceInput = checkSource(z.object(sourceFields));
export const announcementInput = checkSource(z.object({
  ID: idField().optional(),
  Title: text({ max: 100, required: 'validation:required.announcementTitle' }),
  Intro: optionalText(1000, true),
  ...sourceFields,
}));
export type AnnouncementInput = z.input<typeof announcementInput>;

/** One listed title as a reader sees it (no price, no barcode). */
export const announcedTitleSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  PubYear: z.number().int().nullable(),
  CallNo: z.string(),
  Copies: z.number().int(),
  Available: z.number().int(),
});
export type AnnouncedTitle = z.infer<typeof announcedTitleSchema>;
export const announcementDetailSchema = announcementSchema.extend({ Titles: z.array(announcedTitleSchema) });
export type AnnouncementDetail = z.infer<typeof announcementDetailSchema>;

// ---- hardware and desktop apps ----
export const APP_PLATFORMS = ['windows', 'linux', 'mac'] as const;
export const hardwareAppSchema = z.object({
  /** The releases folder's name: desk, label-station, guide-kiosk, self-check, or the school's own. */
  Code: z.string(),
  Name: z.string(),
  EnName: z.string(),
  Version: z.string(),
  ReleaseDate: z.string().nullable(),
  ReleaseNotes: z.string(),
  Downloads: z.array(z.object({ Platform: z.enum(APP_PLATFORMS), FileName: z.string(), Size: z.number().int().nullable(), Url: z.string(), Sha512: z.string() })),
});
export type HardwareApp = z.infer<typeof hardwareAppSchema>;

export const libraryInfoCalls = {
  getProfile: defineCall({ ...pub, id: 'libraryInfo.getProfile', path: P('GetProfile'), input: z.object({}), data: profileSchema }),
  updateProfile: defineCall({ ...staff, id: 'libraryInfo.updateProfile', path: P('UpdateProfile'), perm: PROFILE_PERM, input: profileInput, data: profileSchema }),
  /** One gallery picture (JPEG or PNG up to 2 MB, checked by its bytes), stored with the upload domain's image store. */
  addPicture: defineCall({
    ...staff, id: 'libraryInfo.addPicture', path: P('AddPicture'), perm: PROFILE_PERM,
    input: z.object({
      FileName: text({ max: 255 }).regex(/\.(jpe?g|png)$/i, 'validation:upload.imageType'),
      Content: base64Field(IMAGE_MAX_BYTES, 'validation:upload.imageTooLarge'),
      ...captionFields,
    }),
    data: pictureSchema,
  }),
  updatePicture: defineCall({
    ...staff, id: 'libraryInfo.updatePicture', path: P('UpdatePicture'), perm: PROFILE_PERM,
    input: z.object({ ID: idField(), ...captionFields, Sort: intField(0, 9999).default(0) }), data: pictureSchema,
  }),
  deletePicture: defineCall({ ...staff, id: 'libraryInfo.deletePicture', path: P('DeletePicture'), perm: PROFILE_PERM, input: byId, data: z.null() }),

  getResources: defineCall({
    ...pub, id: 'libraryInfo.getResources', path: P('GetNetworkResources'), input: z.object({}),
    data: z.array(networkResourceSchema),
  }),
  resourceList: defineCall({
    ...staff, id: 'libraryInfo.resource.list', path: P('GetNetworkResourceList'),
    input: pageQuerySchema.extend({ Category: z.enum(RESOURCE_CATEGORIES).optional() }), data: pageOf(networkResourceSchema),
  }),
  resourceAdd: defineCall({ ...staff, id: 'libraryInfo.resource.add', path: P('AddNetworkResource'), perm: LINKS_PERM, input: networkResourceInput, data: networkResourceSchema }),
  resourceUpdate: defineCall({
    ...staff, id: 'libraryInfo.resource.update', path: P('UpdateNetworkResource'), perm: LINKS_PERM,
    input: networkResourceInput.extend({ ID: idField() }), data: networkResourceSchema,
  }),
  resourceDelete: defineCall({ ...staff, id: 'libraryInfo.resource.delete', path: P('DeleteNetworkResource'), perm: LINKS_PERM, input: byId, data: z.null() }),

  announcementList: defineCall({ ...staff, id: 'libraryInfo.announcement.list', path: P('GetAnnouncementList'), input: pageQuerySchema, data: pageOf(announcementSchema) }),
  announcementGet: defineCall({ ...staff, id: 'libraryInfo.announcement.get', path: P('GetAnnouncement'), input: byId, data: announcementDetailSchema }),
  /** The titles a batch or a date range would list, before saving (the first 50 and how many in all). */
  announcementPreview: defineCall({
    ...staff, id: 'libraryInfo.announcement.preview', path: P('PreviewAnnouncementTitles'), perm: ANNOUNCEMENTS_PERM,
    input: announcementSourceInput, data: pageOf(announcedTitleSchema),
  }),
  /** Adds (no ID) or updates an announcement; its titles are picked again from the source and kept with it. */
  announcementSave: defineCall({
    ...staff, id: 'libraryInfo.announcement.save', path: P('SaveAnnouncement'), perm: ANNOUNCEMENTS_PERM,
    input: announcementInput, data: announcementDetailSchema,
  }),
  announcementPublish: defineCall({
    ...staff, id: 'libraryInfo.announcement.publish', path: P('PublishAnnouncement'), perm: ANNOUNCEMENTS_PERM,
    input: z.object({ ID: idField(), Published: z.boolean() }), data: announcementSchema,
  }),
  announcementDelete: defineCall({ ...staff, id: 'libraryInfo.announcement.delete', path: P('DeleteAnnouncement'), perm: ANNOUNCEMENTS_PERM, input: byId, data: z.null() }),
  /** Published announcements, newest first. */
  publishedList: defineCall({ ...pub, id: 'libraryInfo.published.list', path: P('GetPublishedAnnouncements'), input: pageQuerySchema.pick({ Page: true, Rows: true }), data: pageOf(announcementSchema) }),
  publishedGet: defineCall({ ...pub, id: 'libraryInfo.published.get', path: P('GetPublishedAnnouncement'), input: byId, data: announcementDetailSchema }),

  /**
   * The school's hardware and desktop apps (circulation desk, label station, reading-guide kiosk,
   * self-check) with the latest version the gateway offers: read from electron-builder's
   * latest*.yml files in <data>/releases/<app>/. They are the installation's, the same for
   * every school, so the SchoolID header is optional here.
   */
  hardwareApps: defineCall({
    id: 'libraryInfo.hardwareApps', method: 'GET', path: '/micro/dc/open/library/apps/getcompanyhardwareappslist',
    auth: 'optional', rateLimit: 'public', spec: true, input: z.object({}), data: z.array(hardwareAppSchema),
  }),
  /** One file of a release listed by its latest*.yml (nothing else in the folder is served). */
  appDownload: defineCall({
    id: 'libraryInfo.appDownload', method: 'GET', path: `${LIB}/Apps/Download`, auth: 'none', spec: false, raw: true, rateLimit: 'public',
    input: z.object({
      App: text({ max: 40 }).regex(/^[a-z0-9][a-z0-9-]*$/, 'validation:text.codeFormat'),
      File: text({ max: 200 }).regex(/^[A-Za-z0-9][A-Za-z0-9._ -]*$/, 'validation:text.codeFormat'),
    }),
    data: z.unknown(),
  }),
} as const;
