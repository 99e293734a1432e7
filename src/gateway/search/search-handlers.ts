import { searchCalls as C } from '../../shared/api/search.ts';
import { searchTitleIds } from './title-index.ts';
import { recordSearch } from '../search-admin/search-log.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { searchTitles, titleById } from '../collection/title-handlers.ts';
import { copyById, listCopies, toCopyRow } from '../collection/collection-store.ts';

export const searchHandlers = {
  /** The portal's catalogue search: each first page is logged for /search-mana after the answer is ready, not waited for. */
  'search.catalogue': handler(C.catalogue, async (input, ctx) => {
    const { schoolId, userId } = requireUser(ctx);
    const found = await searchTitles(ctx.app.db, schoolId, input);
    recordSearch(ctx.app, { schoolId, userId, key: input.SearchKey, page: input.Page, hits: found.Total });
    return found;
  }),
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
  /** The first letters typed: the ten best titles of the staff search for them. */
  'search.suggest': handler(C.suggest, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const ids = (await searchTitleIds(ctx.app.db, schoolId, { key: input.Prefix }).ranked.limit(10).execute()).map((r) => r.title_id);
    if (!ids.length) return [];
    const rows = new Map((await ctx.app.db.selectFrom('titles').select(['id', 'title', 'author']).where('school_id', '=', schoolId).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    return ids.flatMap((id) => { const r = rows.get(id); return r ? [{ ItemID: r.id, Title: r.title, Author: r.author }] : []; });
  }),
} satisfies HandlerMapFor<typeof C>;
