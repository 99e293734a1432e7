import {
  MAX_STAT_DAYS, STAT_COLUMNS, STATISTICS_ALL_CLASSES, STATISTICS_MENUS, statisticsCalls as C,
  type ClassifyQuery, type GroupBorrowQuery, type StatisticsExportQuery, type ZeroBookQuery, type ZeroReaderQuery,
} from '../../shared/api/statistics.ts';
import { addDays, daysBetween } from '../../shared/domain/borrowing/local-days.ts';
import { branchFilter, typeFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { classScope } from '../access/class-scope.ts';
import { holds } from '../access/permissions.ts';
import { localDayStartUtc } from '../charts/rank-period.ts';
import { deptOptions, deptSubtree } from '../circulation/records-store.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { classifyReport } from './classify-store.ts';
import { circulationReport } from './circulation-store.ts';
import { collectionReport, resourceCirc } from './collection-store.ts';
import { zeroBorrowBookChunks, zeroBorrowBooks, type ZeroBookFilter } from './zero-books-store.ts';
import type { StatFilter } from './holdings.ts';
import { groupBorrow, zeroBorrowReaders, type ReaderFilter } from './readers-store.ts';
import { reportExportJob, type RowChunks } from './statistics-export.ts';

/**
 * Statistics (contract: shared/api/statistics.ts). Each report needs its menu (the contract's
 * perm); the branch and resource-type scopes of the caller's roles refuse a filter outside them;
 * the reader lists and class figures are class-scoped: head teachers and class librarians see
 * their own classes, library staff (STATISTICS_ALL_CLASSES, or '*') every class.
 */
interface Base {
  userId: number;
  schoolId: number;
  offset: number;
}

async function baseOf(ctx: CallContext): Promise<Base> {
  const { userId, schoolId } = requireUser(ctx);
  const offset = (await ctx.app.schoolRules.of(schoolId)).rules.Calendar.UtcOffsetMinutes;
  return { userId, schoolId, offset };
}

async function filterOf(ctx: CallContext, b: Base, q: { From?: string; To?: string; BranchID?: number | undefined; ResourceTypeID?: number | undefined; AreaID?: number | undefined }): Promise<StatFilter> {
  const [branches, types] = await Promise.all([branchFilter(ctx), typeFilter(ctx)]);
  if (q.BranchID != null && branches && !branches.includes(q.BranchID)) throw AppError.forbidden();
  if (q.ResourceTypeID != null && types && !types.includes(q.ResourceTypeID)) throw AppError.forbidden();
  const now = new Date().toISOString();
  let startUtc = '0000';
  let endUtc = now;
  if (q.From && q.To) {
    if (daysBetween(q.From, q.To) + 1 > MAX_STAT_DAYS) throw AppError.badRequest('validation:charts.periodTooLong', { max: MAX_STAT_DAYS });
    startUtc = localDayStartUtc(q.From, b.offset);
    endUtc = localDayStartUtc(addDays(q.To, 1), b.offset);
  }
  return { schoolId: b.schoolId, startUtc, endUtc, branchId: q.BranchID, resourceTypeId: q.ResourceTypeID, areaId: q.AreaID };
}

const tOf = (ctx: CallContext) => (k: string, params?: Record<string, string | number>) => ctx.app.i18n.t(ctx.lang, k, params);

/** The departments a reader list covers: the one asked for (and all under it) within the caller's classes. */
async function readerFilterOf(ctx: CallContext, b: Base, q: { DeptID?: number | undefined; Identity?: ReaderFilter['identity'] }): Promise<ReaderFilter> {
  const scope = await classScope(ctx, STATISTICS_ALL_CLASSES);
  let deptIds: number[] | null = null;
  if (q.DeptID != null) {
    deptIds = await deptSubtree(ctx.app.db, b.schoolId, q.DeptID);
    if (!deptIds) throw AppError.notFound('validation:reader.deptNotFound');
  }
  if (scope.ids) deptIds = (deptIds ?? scope.ids).filter((d) => scope.allows(d));
  return { deptIds, identity: q.Identity };
}

const classify = async (ctx: CallContext, q: ClassifyQuery, level: 'part5' | 'class22') => {
  const b = await baseOf(ctx);
  return classifyReport(ctx.app.db, await filterOf(ctx, b, q), level, tOf(ctx));
};

async function zeroReaders(ctx: CallContext, q: ZeroReaderQuery) {
  const b = await baseOf(ctx);
  const [f, r] = await Promise.all([filterOf(ctx, b, q), readerFilterOf(ctx, b, q)]);
  return (page: number, rows: number) => zeroBorrowReaders(ctx.app.db, f, r, ctx.lang, page, rows);
}

async function zeroBooks(ctx: CallContext, q: ZeroBookQuery) {
  const b = await baseOf(ctx);
  const f = await filterOf(ctx, b, q);
  return (page: number, rows: number) => zeroBorrowBooks(ctx.app.db, f, zeroFilterOf(q, b.offset), ctx.lang, b.offset, page, rows);
}

const zeroFilterOf = (q: ZeroBookQuery, offset: number): ZeroBookFilter => ({
  unit: q.Unit, classCode: q.ClassCode, registeredBeforeUtc: q.RegisteredBefore ? localDayStartUtc(q.RegisteredBefore, offset) : undefined,
});

async function groups(ctx: CallContext, q: GroupBorrowQuery, screen: 'dept' | 'class') {
  const b = await baseOf(ctx);
  const level = screen === 'class' ? 'class' : q.Level === 'class' ? 'grade' : q.Level;
  const [f, r] = await Promise.all([filterOf(ctx, b, q), readerFilterOf(ctx, b, q)]);
  // Grades and staff departments are whole-school figures: for library staff only.
  if (screen === 'dept' && r.deptIds) throw AppError.forbidden();
  return groupBorrow(ctx.app.db, f, level, r, ctx.lang);
}

async function reportRows(ctx: CallContext, input: StatisticsExportQuery): Promise<{ columns: readonly string[]; total: number; chunks: RowChunks }> {
  const once = (rows: Array<Record<string, unknown>>) => ({ total: rows.length, chunks: async function* () { yield rows; } });
  const paged = async (page: (p: number, rows: number) => Promise<{ List: Array<Record<string, unknown>>; Total: number }>) => {
    const first = await page(1, 1);
    return {
      total: first.Total,
      chunks: async function* (size: number) {
        for (let p = 1; (p - 1) * size < first.Total; p++) {
          const { List } = await page(p, size);
          if (!List.length) return;
          yield List;
        }
      },
    };
  };
  const b = await baseOf(ctx);
  switch (input.Report) {
    case 'classify5': return { columns: STAT_COLUMNS.classify5, ...once((await classify(ctx, input.Params, 'part5')).List) };
    case 'classify22': return { columns: STAT_COLUMNS.classify22, ...once((await classify(ctx, input.Params, 'class22')).List) };
    case 'zeroPerson': return { columns: STAT_COLUMNS.zeroPerson, ...(await paged(await zeroReaders(ctx, input.Params))) };
    case 'zeroBook': {
      // The total from the report's first page; the rows from one walk in its order (not page by page).
      const q = input.Params;
      const { Total } = await (await zeroBooks(ctx, q))(1, 1);
      const f = await filterOf(ctx, b, q);
      const chunks = zeroBorrowBookChunks(ctx.app.db, f, zeroFilterOf(q, b.offset), ctx.lang, b.offset) as RowChunks;
      return { columns: q.Unit === 'title' ? STAT_COLUMNS.zeroBookTitle : STAT_COLUMNS.zeroBookCopy, total: Total, chunks };
    }
    case 'deptBorrow': return { columns: STAT_COLUMNS.deptBorrow, ...once(await groups(ctx, input.Params, 'dept')) };
    case 'classBorrow': return { columns: STAT_COLUMNS.classBorrow, ...once(await groups(ctx, input.Params, 'class')) };
    case 'collection': return { columns: STAT_COLUMNS.collection, ...once(await collectionReport(ctx.app.db, await filterOf(ctx, b, input.Params), input.Params.GroupBy, ctx.lang, tOf(ctx))) };
    case 'resourceCirc': return { columns: STAT_COLUMNS.resourceCirc, ...once(await resourceCirc(ctx.app.db, await filterOf(ctx, b, input.Params), ctx.lang, tOf(ctx))) };
    default: {
      const q = input.Params;
      return { columns: STAT_COLUMNS.circulation, ...once(await circulationReport(ctx.app.db, await filterOf(ctx, b, q), q.From, q.To, q.Step, b.offset)) };
    }
  }
}

async function requireAnyMenu(ctx: CallContext, b: { userId: number; schoolId: number }, menus: readonly string[]) {
  const perms = await ctx.app.permissions.of(b.userId, b.schoolId);
  if (!menus.some((m) => holds(perms, m))) throw AppError.forbidden();
}

export const statisticsHandlers = {
  'statistics.classify5': handler(C.classify5, (q, ctx) => classify(ctx, q, 'part5')),
  'statistics.classify22': handler(C.classify22, (q, ctx) => classify(ctx, q, 'class22')),
  'statistics.zeroBorrowReaders': handler(C.zeroBorrowReaders, async (q, ctx) => (await zeroReaders(ctx, q))(q.Page, q.Rows)),
  'statistics.zeroBorrowBooks': handler(C.zeroBorrowBooks, async (q, ctx) => (await zeroBooks(ctx, q))(q.Page, q.Rows)),
  'statistics.deptBorrow': handler(C.deptBorrow, (q, ctx) => groups(ctx, q, 'dept')),
  'statistics.classBorrow': handler(C.classBorrow, (q, ctx) => groups(ctx, q, 'class')),
  'statistics.collection': handler(C.collection, async (q, ctx) => {
    const b = await baseOf(ctx);
    return collectionReport(ctx.app.db, await filterOf(ctx, b, q), q.GroupBy, ctx.lang, tOf(ctx));
  }),
  'statistics.resourceCirc': handler(C.resourceCirc, async (q, ctx) => {
    const b = await baseOf(ctx);
    return resourceCirc(ctx.app.db, await filterOf(ctx, b, q), ctx.lang, tOf(ctx));
  }),
  'statistics.circulation': handler(C.circulation, async (q, ctx) => {
    const b = await baseOf(ctx);
    return circulationReport(ctx.app.db, await filterOf(ctx, b, q), q.From, q.To, q.Step, b.offset);
  }),
  'statistics.export': handler(C.export, async (input, ctx) => {
    const b = requireUser(ctx);
    await requireAnyMenu(ctx, b, [STATISTICS_MENUS[input.Report]]);
    const rows = await reportRows(ctx, input);
    const DataID = await ctx.app.jobs.start(reportExportJob({ app: ctx.app, lang: ctx.lang, schoolId: b.schoolId, userId: b.userId, report: input.Report, ...rows }));
    return { DataID };
  }),
  'statistics.getOptions': handler(C.getOptions, async ({ Kind }, ctx) => {
    const b = requireUser(ctx);
    await requireAnyMenu(ctx, b, Object.values(STATISTICS_MENUS));
    const db = ctx.app.db;
    const en = ctx.lang === 'en-US';
    const named = (rows: Array<{ id: number; name: string; en_name: string }>) => rows.map((r) => ({ ID: r.id, Name: (en && r.en_name) || r.name }));
    if (Kind === 'dept') {
      const scope = await classScope(ctx, STATISTICS_ALL_CLASSES);
      return (await deptOptions(db, b.schoolId, ctx.lang)).filter((d) => scope.allows(d.ID));
    }
    if (Kind === 'branch') {
      const ids = await branchFilter(ctx);
      return named(await db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', b.schoolId)
        .$if(ids != null, (q) => q.where('id', 'in', ids!.length ? ids! : [-1])).orderBy('sort').orderBy('id').execute());
    }
    if (Kind === 'area') {
      return named(await db.selectFrom('collection_areas').select(['id', 'name', 'en_name']).where('school_id', '=', b.schoolId).orderBy('branch_id').orderBy('sort').orderBy('id').execute());
    }
    const types = await typeFilter(ctx);
    return named(await db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', b.schoolId)
      .$if(types != null, (q) => q.where('id', 'in', types!.length ? types! : [-1])).orderBy('sort').orderBy('id').execute());
  }),
} satisfies HandlerMapFor<typeof C>;
