import { sql, type Kysely } from 'kysely';
import type { AnnouncedTitle, Announcement, AnnouncementDetail } from '../../shared/api/library-info.ts';
import { MAX_ANNOUNCEMENT_TITLES } from '../../shared/api/library-info.ts';
import { STORAGE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import type { Database } from '../db/schema.ts';
import { dayStart } from '../circulation/records-store.ts';
import { publicTitles } from '../search/public-titles.ts';
import { containsText } from '../db/like.ts';

type Db = Kysely<Database>;
const WEEDED = STORAGE_AREAS.weeded;

export interface TitleSource {
  Source: 'batch' | 'dates';
  BatchID?: number | null | undefined;
  DateFrom?: string | null | undefined;
  DateTo?: string | null | undefined;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The titles a source lists, in class-number order (how a library shelves and announces them):
 * every title with a copy of the batch, or every title whose first copy was catalogued between the
 * two local days. Weeded copies never count. At most `limit`; `total` counts all of them.
 */
export async function sourceTitleIds(db: Db, schoolId: number, s: TitleSource, utcOffsetMinutes: number, limit: number): Promise<{ ids: number[]; total: number }> {
  let picked;
  if (s.Source === 'batch') {
    picked = sql`select distinct c.title_id as id from copies c where c.school_id = ${schoolId} and c.batch_id = ${s.BatchID ?? 0} and c.storage_area <> ${WEEDED}`;
  } else {
    const from = dayStart(s.DateFrom!, utcOffsetMinutes);
    const to = dayStart(nextDay(s.DateTo!), utcOffsetMinutes);
    picked = sql`select distinct c.title_id as id from copies c where c.school_id = ${schoolId} and c.created_at >= ${from} and c.created_at < ${to}
      and c.storage_area <> ${WEEDED} and not exists (select 1 from copies o where o.title_id = c.title_id and o.created_at < ${from} and o.storage_area <> ${WEEDED})`;
  }
  const [rows, count] = await Promise.all([
    sql<{ id: number }>`select t.id from titles t where t.school_id = ${schoolId} and t.id in (${picked}) order by t.class_no, t.title, t.id limit ${sql.lit(limit)}`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from (${picked}) p`.execute(db),
  ]);
  return { ids: rows.rows.map((r) => Number(r.id)), total: Number(count.rows[0]?.n ?? 0) };
}

export async function announcedTitles(db: Db, schoolId: number, ids: readonly number[]): Promise<AnnouncedTitle[]> {
  const out: AnnouncedTitle[] = [];
  // publicTitles is built for pages of 50: ask in pages.
  for (let i = 0; i < ids.length; i += 50) {
    const page = await publicTitles(db, schoolId, ids.slice(i, i + 50));
    for (const x of page) out.push({ ID: x.ID, Title: x.Title, Author: x.Author, Publisher: x.Publisher, PubYear: x.PubYear, CallNo: x.CallNo, Copies: x.Copies, Available: x.Available });
  }
  return out;
}

const base = (db: Db, schoolId: number) => db.selectFrom('newbook_announcements as a')
  .leftJoin('batches as b', (j) => j.onRef('b.id', '=', 'a.batch_id').onRef('b.school_id', '=', 'a.school_id'))
  .select(['a.id', 'a.title', 'a.intro', 'a.source', 'a.batch_id', 'a.date_from', 'a.date_to', 'a.published_at', 'a.updated_at', 'b.batch_no'])
  .select((eb) => eb.selectFrom('newbook_announcement_titles as x').select((e) => e.fn.countAll<number>().as('n')).whereRef('x.announcement_id', '=', 'a.id').as('title_count'))
  .where('a.school_id', '=', schoolId);

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
const toAnnouncement = (r: Row): Announcement => ({
  ID: r.id, Title: r.title, Intro: r.intro, Source: r.source, BatchID: r.batch_id, BatchNo: r.batch_no ?? '',
  DateFrom: r.date_from, DateTo: r.date_to, TitleCount: Number(r.title_count ?? 0), Published: r.published_at != null,
  PublishedAt: r.published_at, UpdatedAt: r.updated_at,
});

export async function announcementPage(db: Db, schoolId: number, o: { page: number; rows: number; publishedOnly: boolean; key?: string | undefined }) {
  let q = base(db, schoolId);
  if (o.publishedOnly) q = q.where('a.published_at', 'is not', null);
  if (o.key) q = q.where(containsText('a.title', o.key));
  const [rows, total] = await Promise.all([
    q.orderBy(o.publishedOnly ? 'a.published_at' : 'a.updated_at', 'desc').orderBy('a.id', 'desc').limit(o.rows).offset((o.page - 1) * o.rows).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { List: rows.map(toAnnouncement), Total: Number(total.n) };
}

export async function announcementById(db: Db, schoolId: number, id: number, publishedOnly: boolean): Promise<AnnouncementDetail | null> {
  let q = base(db, schoolId).where('a.id', '=', id);
  if (publishedOnly) q = q.where('a.published_at', 'is not', null);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const ids = (await db.selectFrom('newbook_announcement_titles').select('title_id').where('announcement_id', '=', id).orderBy('sort').execute()).map((r) => r.title_id);
  return { ...toAnnouncement(row), Titles: await announcedTitles(db, schoolId, ids) };
}

export { MAX_ANNOUNCEMENT_TITLES };
