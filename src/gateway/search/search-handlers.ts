import type { CatalogueQuery, ComplexQuery, SearchResult } from '../../shared/api/search.ts';
import { searchCalls as C } from '../../shared/api/search.ts';
import { complexTitleIds, searchTitleIds, type TitleMatch } from './title-index.ts';
import { pageIds, runSearch, type SearchFilters } from './catalogue-query.ts';
import { namedFacets, publicTitles } from './public-titles.ts';
import { hiddenResourceTypes } from './hidden-types.ts';
import { titleDetail } from './title-detail.ts';
import { cachedLibraryFigures, classTree, recommended } from './library-figures.ts';
import { recordSearch } from '../search-admin/search-log.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { branchScope } from '../access/access-scope.ts';
import { listCopies } from '../collection/collection-store.ts';
import { noticeById, noticePage, noticeText } from '../home/notice-store.ts';

/**
 * The catalogue as readers see it (Search/*): anonymous callers name their school by the SchoolID
 * header, signed-in ones are answered for their token's school; every branch's copies are shown
 * (a reader may walk to any of them). Search/Collection stays a staff call (copies with staff
 * data, within the caller's branches).
 */

function filtersOf(input: CatalogueQuery | ComplexQuery, hiddenTypes: readonly number[]): SearchFilters {
  const f: SearchFilters = {
    language: input.Language, classNo: input.ClassNo, branchId: input.BranchID, availableOnly: input.AvailableOnly,
    resourceTypeId: input.ResourceTypeID, hiddenTypes,
  };
  if ('YearFrom' in input) Object.assign(f, { yearFrom: input.YearFrom, yearTo: input.YearTo });
  return f;
}

/** A page of a search's result with its total and facets (catalogue-query.ts runSearch). */
async function searchResult(ctx: CallContext, schoolId: number, match: TitleMatch, input: CatalogueQuery | ComplexQuery): Promise<SearchResult> {
  const sort = input.Sort ?? (match.rank ? 'relevance' : 'newest');
  const found = await runSearch(ctx.app.db, schoolId, match, filtersOf(input, await hiddenResourceTypes(ctx.app.db, schoolId)), sort, input.Page, input.Rows);
  const [List, Facets] = await Promise.all([publicTitles(ctx.app.db, schoolId, found.ids), namedFacets(ctx.app, schoolId, found.facets)]);
  return { List, Total: found.total, Facets };
}

const userIdOf = (ctx: CallContext) => ctx.principal?.userId ?? null;

/** Text of a notice without markup, for a list: tags dropped, the common entities read, spaces folded, about 120 characters. */
function excerpt(html: string, max = 120): string {
  const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
  const text = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (_m, e: string) => entities[e] ?? ' ').replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

export const searchHandlers = {
  /** The one search box; each first page is logged for /search-mana after the answer is ready, not waited for. */
  'search.catalogue': handler(C.catalogue, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const found = await searchResult(ctx, schoolId, searchTitleIds(ctx.app.db, schoolId, { key: input.SearchKey, field: input.Field }), input);
    recordSearch(ctx.app, { schoolId, userId: userIdOf(ctx), key: input.SearchKey, page: input.Page, hits: found.Total });
    return found;
  }),
  'search.complexCatalogue': handler(C.complexCatalogue, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return searchResult(ctx, schoolId, complexTitleIds(ctx.app.db, schoolId, input.Conditions), input);
  }),
  'search.catalogueDetail': handler(C.catalogueDetail, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    // The school's offset from the rules the desk keeps in memory (borrow-rules/rules-cache.ts):
    // loading it is the calendar's rows, on every kiosk tap otherwise.
    const offset = (await ctx.app.schoolRules.of(schoolId)).rules.Calendar.UtcOffsetMinutes;
    const detail = await titleDetail(ctx.app.db, schoolId, input.ItemID, offset, await hiddenResourceTypes(ctx.app.db, schoolId));
    if (!detail) throw AppError.notFound();
    return detail;
  }),
  'search.collection': handler(C.collection, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return listCopies(ctx.app.db, schoolId, (await branchScope(ctx)).ids, input);
  }),
  'search.statfile': handler(C.statfile, async (_input, ctx) => cachedLibraryFigures(ctx.app.db, requireSchool(ctx))),
  'search.recommend': handler(C.recommend, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return recommended(ctx.app.db, schoolId, { kind: input.Kind, days: input.Days, rows: input.Rows, classNo: input.ClassNo, hiddenTypes: await hiddenResourceTypes(ctx.app.db, schoolId) });
  }),
  'search.classify': handler(C.classify, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return classTree(ctx.app.db, schoolId, input.ParentCode, await hiddenResourceTypes(ctx.app.db, schoolId));
  }),
  'search.bulletinCatalog': handler(C.bulletinCatalog, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const en = ctx.lang === 'en-US';
    const page = await noticePage(ctx.app.db, schoolId, { publicOnly: !ctx.principal, searchKey: input.SearchKey, page: input.Page, rows: input.Rows });
    return {
      Total: page.total,
      List: page.rows.map((r) => {
        const text = noticeText(r, en);
        return { ID: r.id, Title: text.title, Excerpt: excerpt(text.content), PublishTime: r.publish_time, Top: r.top === 1 };
      }),
    };
  }),
  'search.bulletinContent': handler(C.bulletinContent, async (input, ctx) => {
    const r = await noticeById(ctx.app.db, requireSchool(ctx), input.ID, !ctx.principal);
    if (!r) throw AppError.notFound();
    const text = noticeText(r, ctx.lang === 'en-US');
    return { ID: r.id, Title: text.title, Content: text.content, PublishTime: r.publish_time, Top: r.top === 1 };
  }),
  /** The first letters typed: the ten best titles of the search for them. */
  'search.suggest': handler(C.suggest, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const match = searchTitleIds(ctx.app.db, schoolId, { key: input.Prefix });
    const ids = await pageIds(ctx.app.db, match, { hiddenTypes: await hiddenResourceTypes(ctx.app.db, schoolId) }, 'relevance', 1, 10);
    if (!ids.length) return [];
    const rows = new Map((await ctx.app.db.selectFrom('titles').select(['id', 'title', 'author']).where('school_id', '=', schoolId).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    return ids.flatMap((id) => { const r = rows.get(id); return r ? [{ ItemID: r.id, Title: r.title, Author: r.author }] : []; });
  }),
} satisfies HandlerMapFor<typeof C>;
