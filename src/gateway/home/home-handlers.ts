import { sql, type Kysely } from 'kysely';
import { homeCalls, type Shortcut } from '../../shared/api/home.ts';
import type { Database } from '../db/schema.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { GROUP_URL_PREFIX, menusFor } from '../access/menu-store.ts';
import { noticePage, noticeText } from './notice-store.ts';
import { MAX_SHORTCUTS } from '../../shared/domain/ui-constants.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';

async function shortcutsOf(db: Kysely<Database>, schoolId: number, userId: number): Promise<Shortcut[]> {
  const rows = await db
    .selectFrom('shortcuts')
    .leftJoin('menus', (j) => j.onRef('menus.url', '=', 'shortcuts.url').onRef('menus.school_id', '=', 'shortcuts.school_id'))
    .select(['shortcuts.id', 'shortcuts.url', 'shortcuts.sort', 'menus.name', 'menus.en_name', 'menus.icon'])
    .where('shortcuts.school_id', '=', schoolId)
    .where('shortcuts.user_id', '=', userId)
    .orderBy('shortcuts.sort')
    .orderBy('shortcuts.id')
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    Url: r.url,
    MenuName: r.name ?? r.url,
    MenuEnName: r.en_name ?? r.url,
    Icon: r.icon ?? '',
    Sort: r.sort,
  }));
}

/** First instant of the local day, month offset by `monthDelta`, as the ISO string stored in the tables. */
function localStart(d: Date, monthDelta = 0, dayOfMonth?: number): string {
  const x = new Date(d.getFullYear(), d.getMonth() + monthDelta, dayOfMonth ?? d.getDate());
  return x.toISOString();
}

export const homeHandlers = {
  'home.getShortcuts': handler(homeCalls.getShortcuts, async (_input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    return shortcutsOf(ctx.app.db, schoolId, userId);
  }),
  'home.addShortcuts': handler(homeCalls.addShortcuts, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const urls = [...new Set(input.Urls)];
    const perms = await ctx.app.permissions.of(userId, schoolId);
    const allowed = new Set(
      (await menusFor(ctx.app.db, schoolId, perms)).filter((m) => !m.Url.startsWith(GROUP_URL_PREFIX)).map((m) => m.Url),
    );
    const refused = urls.find((u) => !allowed.has(u));
    if (refused) throw AppError.refused('errors:menuNotAllowed', { url: refused });
    await writeTx(ctx.app.db, async (trx) => {
      const existing = await trx
        .selectFrom('shortcuts')
        .select(['url', 'sort'])
        .where('school_id', '=', schoolId)
        .where('user_id', '=', userId)
        .execute();
      const have = new Set(existing.map((e) => e.url));
      const add = urls.filter((u) => !have.has(u));
      if (existing.length + add.length > MAX_SHORTCUTS) throw AppError.refused('errors:shortcutsFull', { max: MAX_SHORTCUTS });
      // New ones go after the kept ones, in the order given; a concurrent add of the same one is a no-op.
      let sort = existing.reduce((m, e) => Math.max(m, e.sort), 0);
      if (add.length) {
        await trx
          .insertInto('shortcuts')
          .values(add.map((url) => ({ school_id: schoolId, user_id: userId, url, sort: ++sort })))
          .onConflict((oc) => oc.columns(['user_id', 'url']).doNothing())
          .execute();
      }
    });
    return shortcutsOf(ctx.app.db, schoolId, userId);
  }),
  'home.updateShortcutsSort': handler(homeCalls.updateShortcutsSort, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const mine = await trx
        .selectFrom('shortcuts')
        .select(['id'])
        .where('school_id', '=', schoolId)
        .where('user_id', '=', userId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const listed = input.IDs.filter((id, i) => input.IDs.indexOf(id) === i && mine.some((m) => m.id === id));
      // Unlisted shortcuts keep their relative order after the listed ones.
      const order = [...listed, ...mine.map((m) => m.id).filter((id) => !listed.includes(id))];
      for (const [i, id] of order.entries()) {
        await trx.updateTable('shortcuts').set({ sort: i + 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
      }
    });
    return shortcutsOf(ctx.app.db, schoolId, userId);
  }),
  'home.deleteShortcuts': handler(homeCalls.deleteShortcuts, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    await ctx.app.db.deleteFrom('shortcuts').where('school_id', '=', schoolId).where('user_id', '=', userId).where('id', 'in', input.IDs).execute();
    return shortcutsOf(ctx.app.db, schoolId, userId);
  }),
  'home.getNotices': handler(homeCalls.getNotices, async (input, ctx) => {
    if (ctx.schoolId == null) return { List: [], Total: 0 };
    const en = ctx.lang === 'en-US';
    // Without a token only what the school marked public (the portal before sign-in).
    const page = await noticePage(ctx.app.db, ctx.schoolId, { publicOnly: !ctx.principal, searchKey: input.SearchKey, page: input.Page, rows: input.Rows });
    return {
      Total: page.total,
      List: page.rows.map((r) => {
        const text = noticeText(r, en);
        return { ID: r.id, Title: text.title, Content: text.content, PublishTime: r.publish_time, Top: r.top === 1, Public: r.is_public === 1 };
      }),
    };
  }),
  'home.getDashboard': handler(homeCalls.getDashboard, async (_input, ctx) => {
    const schoolId = requireSchool(ctx);
    const db = ctx.app.db;
    const now = new Date();
    const nowIso = now.toISOString();
    const today = localStart(now);
    const from = localStart(now, -11, 1);
    const count = async (p: Promise<{ n: string | number | bigint } | undefined>) => Number((await p)?.n ?? 0);
    const loans = () => db.selectFrom('loans').where('school_id', '=', schoolId);
    const [titles, copies, readers, onLoan, overdue, loansToday, returnsToday, months] = await Promise.all([
      count(db.selectFrom('titles').where('school_id', '=', schoolId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      count(db.selectFrom('copies').where('school_id', '=', schoolId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      count(db.selectFrom('users').where('school_id', '=', schoolId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      count(loans().where('returned_at', 'is', null).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      count(loans().where('returned_at', 'is', null).where('due_at', '<', nowIso).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      count(loans().where('loaned_at', '>=', today).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      count(loans().where('returned_at', '>=', today).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()),
      loans()
        .where('loaned_at', '>=', from)
        .select([sql<string>`substr(loaned_at, 1, 7)`.as('month'), (eb) => eb.fn.countAll().as('n')])
        .groupBy(sql`substr(loaned_at, 1, 7)`)
        .execute(),
    ]);
    // Months are bucketed by the stored UTC timestamp; all 12 appear, empty ones as 0.
    const byMonth = new Map(months.map((m) => [m.month, Number(m.n)]));
    const LoansByMonth = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
      const Month = d.toISOString().slice(0, 7);
      return { Month, Count: byMonth.get(Month) ?? 0 };
    });
    return {
      TitleCount: titles, CopyCount: copies, ReaderCount: readers, OnLoanCount: onLoan, OverdueCount: overdue,
      LoansToday: loansToday, ReturnsToday: returnsToday, LoansByMonth,
    };
  }),
} satisfies HandlerMapFor<typeof homeCalls>;
