import { searchCalls as C } from '../../shared/api/search.ts';
import { containsText } from '../db/like.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { searchTitles, titleById } from '../collection/title-handlers.ts';
import { copyById, listCopies, toCopyRow } from '../collection/collection-store.ts';

export const searchHandlers = {
  'search.catalogue': handler(C.catalogue, async (input, ctx) => searchTitles(ctx.app.db, requireUser(ctx).schoolId, input)),
  'search.catalogueDetail': handler(C.catalogueDetail, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const title = await titleById(ctx.app.db, schoolId, input.ItemID);
    if (!title) throw AppError.notFound();
    let q = ctx.app.db.selectFrom('copies').select('id').where('school_id', '=', schoolId).where('title_id', '=', title.ID);
    if (scope.ids) q = q.where('branch_id', 'in', inList(scope.ids));
    const ids = (await q.orderBy('barcode').limit(500).execute()).map((r) => r.id);
    const rows = await Promise.all(ids.map((id) => copyById(ctx.app.db, schoolId, scope.ids, id)));
    return { ...title, CopiesList: rows.filter((r) => r != null).map(toCopyRow) };
  }),
  'search.collection': handler(C.collection, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return listCopies(ctx.app.db, schoolId, (await branchScope(ctx)).ids, input);
  }),
  /** The first letters typed: titles starting with them, or whose pinyin or initials do (at most 10). */
  'search.suggest': handler(C.suggest, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const p = input.Prefix.trim();
    const esc = p.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const latin = /^[a-z0-9]+$/i.test(p);
    const rows = await ctx.app.db.selectFrom('titles').select(['id', 'title', 'author']).where('school_id', '=', schoolId)
      .where((eb) => eb.or([
        eb('title', 'like', `${esc}%`),
        ...(latin ? [eb('initials', 'like', `${esc}%`), eb('pinyin', 'like', `${esc}%`)] : [containsText('title', p)]),
      ]))
      .orderBy('title').limit(10).execute();
    return rows.map((r) => ({ ItemID: r.id, Title: r.title, Author: r.author }));
  }),
} satisfies HandlerMapFor<typeof C>;
