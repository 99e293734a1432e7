import { sql, type Kysely } from 'kysely';
import { holdCalls as C, type Hold } from '../../shared/api/holds.ts';
import { toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { LENDING_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { staffOf, nowIso } from '../circulation/desk-operations.ts';
import { writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { activeHoldOfCopy, cancelHold, fetchAnotherFor, expireDue, placeHold, releaseCopy, shelveFor, type HoldActor, type HoldRow } from './hold-store.ts';
import { changeCopy } from '../collection/copy-change.ts';

/**
 * /reservation (contract: shared/api/holds.ts). Lists expire what is past its pickup day first, so
 * the screen never shows a copy as waiting when its reader's time is up.
 */

export async function actorOf(ctx: CallContext): Promise<HoldActor> {
  const { userId, schoolId } = staffOf(ctx);
  const cal = await loadCalendar(ctx.app.db, schoolId);
  return { userId, schoolId, now: nowIso(), calendar: cal.calendar };
}

export const expireNow = (ctx: CallContext, a: HoldActor) => expireDue(ctx.app.db, a, (fn) => writeTx(ctx.app.db, fn));

export function holdRows(db: Kysely<Database>, schoolId: number, lang: Language) {
  const en = lang === 'en-US';
  return db.selectFrom('holds as h')
    .innerJoin('titles as t', 't.id', 'h.title_id')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('departments as d', 'd.id', 'u.dept_id')
    .leftJoin('copies as c', 'c.id', 'h.copy_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .leftJoin('collection_areas as ca', 'ca.id', 'c.area_id')
    .select([
      'h.id', 'h.title_id', 'h.user_id', 'h.state', 'h.copy_id', 'h.placed_at', 'h.expires_at', 'h.closed_at', 'h.note',
      't.title', 'u.reader_id', 'u.name as reader_name', 'c.barcode', 'c.call_no',
      (en ? sql<string>`coalesce(nullif(d.en_name, ''), d.name)` : sql<string>`d.name`).as('class_name'),
      (en ? sql<string>`coalesce(nullif(b.en_name, ''), b.name)` : sql<string>`b.name`).as('branch_name'),
      (en ? sql<string>`coalesce(nullif(ca.en_name, ''), ca.name)` : sql<string>`ca.name`).as('area_name'),
      // 1 for the next reader to get a copy: queued holds of the title up to this one.
      sql<number | null>`case when h.state = 'notFound' and h.copy_id is null then (select count(*) from holds q where q.school_id = h.school_id and q.title_id = h.title_id and q.state = 'notFound' and q.copy_id is null and q.id <= h.id) end`.as('queue_position'),
    ])
    .where('h.school_id', '=', schoolId);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof holdRows>['executeTakeFirstOrThrow']>>;

export function toHold(r: ListedRow, offset: number): Hold {
  return {
    ID: r.id, TitleID: r.title_id, Title: r.title, UserID: r.user_id, ReaderID: r.reader_id, ReaderName: r.reader_name,
    ClassName: r.class_name ?? '', State: r.state as Hold['State'],
    QueuePosition: r.queue_position == null ? null : Number(r.queue_position),
    Barcode: r.barcode ?? '', CallNo: r.call_no ?? '',
    Location: [r.branch_name, r.area_name].filter(Boolean).join(' · '),
    PlacedAt: r.placed_at,
    ExpiresDay: r.state === 'found' && r.expires_at ? toLocalDay(r.expires_at, offset) : '',
    ClosedAt: r.closed_at, Note: r.note,
  };
}

async function holdById(ctx: CallContext, a: HoldActor, id: number): Promise<Hold> {
  const r = await holdRows(ctx.app.db, a.schoolId, ctx.lang).where('h.id', '=', id).executeTakeFirst();
  if (!r) throw AppError.notFound();
  return toHold(r, a.calendar.UtcOffsetMinutes);
}

function activeHold(trx: Kysely<Database>, schoolId: number, id: number): Promise<HoldRow | undefined> {
  return trx.selectFrom('holds').selectAll().where('school_id', '=', schoolId).where('id', '=', id).where('state', 'in', ['notFound', 'found']).executeTakeFirst();
}

export const holdsHandlers = {
  'holds.list': handler(C.list, async (input, ctx) => {
    const a = await actorOf(ctx);
    await expireNow(ctx, a);
    let q = holdRows(ctx.app.db, a.schoolId, ctx.lang);
    if (input.State) q = q.where('h.state', '=', input.State);
    if (input.TitleID) q = q.where('h.title_id', '=', input.TitleID);
    if (input.Stage === 'queue') q = q.where('h.state', '=', 'notFound').where('h.copy_id', 'is', null);
    else if (input.Stage === 'fetch') q = q.where('h.state', '=', 'notFound').where('h.copy_id', 'is not', null);
    else if (input.Stage === 'shelf') q = q.where('h.state', '=', 'found');
    else if (input.Stage === 'closed') q = q.where('h.state', 'in', ['received', 'expired', 'cancelled']);
    const key = input.SearchKey?.trim();
    if (key) {
      const like = `%${key.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      q = q.where((eb) => eb.or([
        eb('u.reader_id', '=', key), eb('c.barcode', '=', key),
        eb(sql`t.title`, 'like', sql`${like} escape '\\'`), eb(sql`u.name`, 'like', sql`${like} escape '\\'`),
      ]));
    }
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // The pull list and the shelf read best by place; queues and history by age.
    const rows = await q.orderBy(input.Stage === 'fetch' ? 'c.call_no' : 'h.id', input.Stage === 'closed' || !input.Stage ? 'desc' : 'asc')
      .limit(input.Rows).offset((input.Page - 1) * input.Rows).execute();
    return { List: rows.map((r) => toHold(r, a.calendar.UtcOffsetMinutes)), Total: Number(total.n) };
  }),

  'holds.place': handler(C.place, async (input, ctx) => {
    const a = await actorOf(ctx);
    const db = ctx.app.db;
    const reader = await db.selectFrom('users').select(['id', 'status']).where('school_id', '=', a.schoolId).where('reader_id', '=', input.ReaderID).executeTakeFirst();
    if (!reader) throw AppError.notFound('circulation:reason.readerNotFound');
    const title = await db.selectFrom('titles').select(['id', 'title']).where('school_id', '=', a.schoolId).where('id', '=', input.TitleID).executeTakeFirst();
    if (!title) throw AppError.notFound();
    const id = await placeHold(db, a, reader.id, title);
    return { Hold: await holdById(ctx, a, id) };
  }),

  'holds.shelve': handler(C.shelve, async (input, ctx) => {
    const a = await actorOf(ctx);
    await expireNow(ctx, a);
    const db = ctx.app.db;
    const id = await writeTx(db, async (trx) => {
      const copy = await trx.selectFrom('copies').select(['id', 'school_id', 'barcode', 'storage_area', 'circ_state', 'area_id', 'title_id'])
        .where('school_id', '=', a.schoolId).where('barcode', '=', input.Barcode).executeTakeFirst();
      if (!copy) throw AppError.refused('circulation:reason.copyNotFound', { barcode: input.Barcode });
      const bound = await activeHoldOfCopy(trx, a.schoolId, copy.id);
      // Scanned again: already on the shelf for its reader.
      if (bound?.state === 'found') return bound.id;
      let hold = bound;
      if (!hold && copy.circ_state === 'available') {
        hold = await trx.selectFrom('holds').selectAll().where('school_id', '=', a.schoolId).where('title_id', '=', copy.title_id)
          .where('state', '=', 'notFound').orderBy('id').limit(1).executeTakeFirst();
        // The first reader may have another copy to fetch: this one goes on the shelf instead, that one is released below.
      }
      if (!hold) throw AppError.refused('holds:refused.nobodyWaits', { barcode: copy.barcode });
      const previous = hold.copy_id;
      await shelveFor(trx, a, copy, hold);
      // The hold had another copy to fetch: that one is not needed for it any more.
      if (previous != null && previous !== copy.id) await releaseCopy(trx, a, previous, hold.id);
      return hold.id;
    });
    return { Hold: await holdById(ctx, a, id) };
  }),

  'holds.notOnShelf': handler(C.notOnShelf, async (input, ctx) => {
    const a = await actorOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const hold = await activeHold(trx, a.schoolId, input.HoldID);
      if (!hold || hold.state !== 'notFound' || hold.copy_id == null) throw AppError.refused('holds:refused.notFetching');
      const copy = await trx.selectFrom('copies').select(['id', 'school_id', 'barcode', 'storage_area', 'circ_state', 'area_id', 'title_id'])
        .where('school_id', '=', a.schoolId).where('id', '=', hold.copy_id).executeTakeFirstOrThrow();
      // Free again, as far as the system knows; the missing book is the loss screens' business.
      if (copy.circ_state === 'reserving') await changeCopy(trx, copy, 'cancelReservation', { userId: a.userId, at: a.now, detail: { holdId: hold.id, notOnShelf: true } });
      await fetchAnotherFor(trx, a, hold, copy.id);
    });
    return { Hold: await holdById(ctx, a, input.HoldID) };
  }),

  'holds.cancel': handler(C.cancel, async (input, ctx) => {
    const a = await actorOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const hold = await activeHold(trx, a.schoolId, input.HoldID);
      if (!hold) throw AppError.refused('holds:refused.notActive');
      await cancelHold(trx, a, hold, input.Note ?? '');
    });
    return { Hold: await holdById(ctx, a, input.HoldID) };
  }),

  'holds.titles': handler(C.titles, async (input, ctx) => {
    const { schoolId } = staffOf(ctx);
    const key = input.SearchKey.trim();
    const isbn = toIsbn13(key);
    const like = `%${key.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const count = (where: string) => sql<number>`(select count(*) from copies c where c.school_id = t.school_id and c.title_id = t.id and c.storage_area in (${sql.join([...LENDING_AREAS])})${sql.raw(where)})`;
    const rows = await ctx.app.db.selectFrom('titles as t')
      .select([
        't.id', 't.title', 't.author',
        count('').as('copies'),
        count(` and c.circ_state = 'available'`).as('available'),
        sql<number>`(select count(*) from holds h where h.school_id = t.school_id and h.title_id = t.id and h.state in ('notFound', 'found'))`.as('waiting'),
      ])
      .where('t.school_id', '=', schoolId)
      .where((eb) => (isbn ? eb('t.isbn13', '=', isbn) : eb(sql`t.title`, 'like', sql`${like} escape '\\'`)))
      .orderBy('t.title').limit(20).execute();
    return { List: rows.map((r) => ({ ID: r.id, Title: r.title, Author: r.author, Copies: Number(r.copies), Available: Number(r.available), Waiting: Number(r.waiting) })) };
  }),
} satisfies HandlerMapFor<typeof C>;
