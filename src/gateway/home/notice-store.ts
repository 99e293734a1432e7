import type { Selectable } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { NoticesTable } from '../db/schema.ts';
import { containsText } from '../db/like.ts';

/**
 * The school's notices as every list shows them (the home page's LibNotice/GetNoticeList, the
 * portal's and kiosk's Search/GetBulletinCatalog): top first, then newest; a caller without a
 * token sees only those the school marked public.
 */
export interface NoticeQuery {
  publicOnly: boolean;
  searchKey?: string | undefined;
  page: number;
  rows: number;
}

function scoped(db: Db, schoolId: number, publicOnly: boolean) {
  const q = db.selectFrom('notices').where('school_id', '=', schoolId);
  return publicOnly ? q.where('is_public', '=', 1) : q;
}

export async function noticePage(db: Db, schoolId: number, o: NoticeQuery): Promise<{ total: number; rows: Array<Selectable<NoticesTable>> }> {
  let q = scoped(db, schoolId, o.publicOnly);
  if (o.searchKey) {
    const key = o.searchKey;
    q = q.where((eb) => eb.or([containsText('title', key), containsText('en_title', key)]));
  }
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('top', 'desc').orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(o.rows).offset((o.page - 1) * o.rows).execute(),
  ]);
  return { total: Number(n), rows };
}

/** One notice, if the caller may see it (a non-public one is not there for an anonymous caller). */
export function noticeById(db: Db, schoolId: number, id: number, publicOnly: boolean) {
  return scoped(db, schoolId, publicOnly).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Title and text in the caller's language: the English ones when asked for in English and filled. */
export function noticeText(r: Selectable<NoticesTable>, en: boolean): { title: string; content: string } {
  return { title: en && r.en_title ? r.en_title : r.title, content: en && r.en_content ? r.en_content : r.content };
}
