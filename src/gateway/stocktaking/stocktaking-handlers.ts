import { sql } from 'kysely';
import { stocktakingCalls as C, type Stocktake, type StocktakeState } from '../../shared/api/stocktaking.ts';
import { branchFilter, inList } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { closeStocktake, undoClose } from './stocktaking-close.ts';
import { exportReportJob } from './stocktaking-export.ts';
import { scanCode } from './stocktaking-scan.ts';
import { countRows, countsOf, findItems, notExpectedByFoundArea, snapshotExpected, stocktakeAreas, stocktakeRow, unknownCounts } from './stocktaking-store.ts';

/**
 * Stocktaking (contract: shared/api/stocktaking.ts). A stocktake belongs to the branches of its
 * areas: staff limited to some branches see and run only stocktakes wholly inside them, and may
 * start one only over their own areas.
 */

const nowIso = () => new Date().toISOString();
const pick = (lang: string, zh: string | null | undefined, en: string | null | undefined) => (lang === 'en-US' && en) || zh || '';

export interface Owned {
  schoolId: number;
  userId: number;
  row: NonNullable<Awaited<ReturnType<typeof stocktakeRow>>>;
  areas: Awaited<ReturnType<typeof stocktakeAreas>>;
}

/** The stocktake of the caller's school, inside their branches, or 404/403. */
export async function ownStocktake(ctx: CallContext, id: number): Promise<Owned> {
  const { schoolId, userId } = requireUser(ctx);
  const [row, areas, branches] = await Promise.all([stocktakeRow(ctx.app.db, schoolId, id), stocktakeAreas(ctx.app.db, schoolId, id), branchFilter(ctx)]);
  if (!row) throw AppError.notFound('stocktaking:refused.notFound');
  if (branches && areas.some((a) => !branches.includes(a.branch_id))) throw AppError.forbidden();
  return { schoolId, userId, row, areas };
}

export async function stocktakeView(ctx: CallContext, o: Pick<Owned, 'schoolId' | 'row' | 'areas'>, known?: Stocktake['Counts']): Promise<Stocktake> {
  const [counts, starter] = await Promise.all([
    known ?? countsOf(ctx.app.db, o.schoolId, o.row.id),
    ctx.app.db.selectFrom('users').select('name').where('id', '=', o.row.started_by).executeTakeFirst(),
  ]);
  return {
    ID: o.row.id, Name: o.row.name, State: o.row.state as StocktakeState,
    Areas: o.areas.map((a) => ({ ID: a.id, Name: `${pick(ctx.lang, a.branch_name, a.branch_en_name)} · ${pick(ctx.lang, a.name, a.en_name)}` })),
    StartedAt: o.row.started_at, StartedBy: starter?.name ?? '', ClosedAt: o.row.closed_at, Marked: o.row.marked, Undone: o.row.undone === 1, Counts: counts,
  };
}

async function reload(ctx: CallContext, id: number) {
  return stocktakeView(ctx, await ownStocktake(ctx, id));
}

/** The list of stocktakes inside the caller's branches, newest first, with their main counts. */
async function listStocktakes(ctx: CallContext, input: { Page: number; Rows: number; State?: StocktakeState }) {
  const { schoolId } = requireUser(ctx);
  const db = ctx.app.db;
  const branches = await branchFilter(ctx);
  let base = db.selectFrom('stocktakes as s').where('s.school_id', '=', schoolId);
  if (input.State) base = base.where('s.state', '=', input.State);
  if (branches) {
    base = base.where((eb) => eb.not(eb.exists(eb.selectFrom('stocktake_areas as sa').innerJoin('collection_areas as a', 'a.id', 'sa.area_id')
      .select(sql.lit(1).as('x')).whereRef('sa.stocktake_id', '=', 's.id').where('a.branch_id', 'not in', inList(branches)))));
  }
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.leftJoin('users as u', 'u.id', 's.started_by').selectAll('s').select('u.name as starter')
      .orderBy('s.id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const [counts, areas] = await Promise.all([
    countRows(db, schoolId, ids),
    ids.length ? db.selectFrom('stocktake_areas as sa').innerJoin('collection_areas as a', 'a.id', 'sa.area_id')
      .select(['sa.stocktake_id', 'a.name', 'a.en_name']).where('sa.school_id', '=', schoolId).where('sa.stocktake_id', 'in', ids).orderBy('a.sort').execute() : [],
  ]);
  return {
    Total: Number(total.n),
    List: rows.map((r) => {
      const c = counts.find((x) => x.stocktakeId === r.id);
      return {
        ID: r.id, Name: r.name, State: r.state as StocktakeState, StartedAt: r.started_at, StartedBy: r.starter ?? '', ClosedAt: r.closed_at,
        Marked: r.marked, Undone: r.undone === 1,
        AreaNames: areas.filter((a) => a.stocktake_id === r.id).map((a) => pick(ctx.lang, a.name, a.en_name)).join('、'),
        Expected: c?.expected ?? 0, Found: (c?.found ?? 0) + (c?.misplaced ?? 0), Missing: c?.missing ?? 0,
      };
    }),
  };
}

export const stocktakingHandlers = {
  'stocktaking.getAreaOptions': handler(C.getAreaOptions, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const branches = await branchFilter(ctx);
    let q = ctx.app.db.selectFrom('collection_areas as a').innerJoin('branches as b', 'b.id', 'a.branch_id')
      .select(['a.id', 'a.name', 'a.en_name', 'b.name as b_name', 'b.en_name as b_en_name',
        (eb) => eb.selectFrom('copies as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.area_id', '=', 'a.id').where('c.school_id', '=', schoolId).as('copies')])
      .where('a.school_id', '=', schoolId);
    if (branches) q = q.where('a.branch_id', 'in', inList(branches));
    const rows = await q.orderBy('b.sort').orderBy('a.sort').orderBy('a.id').execute();
    return rows.map((r) => ({ ID: r.id, Name: pick(ctx.lang, r.name, r.en_name), Branch: pick(ctx.lang, r.b_name, r.b_en_name), Copies: Number(r.copies ?? 0) }));
  }),

  'stocktaking.getShelfOptions': handler(C.getShelfOptions, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('shelves').select(['id', 'code', 'name'])
      .where('school_id', '=', schoolId).where('area_id', '=', input.AreaID).orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({ ID: r.id, Name: r.name ? `${r.code} ${r.name}` : r.code }));
  }),

  'stocktaking.getList': handler(C.getList, (input, ctx) => listStocktakes(ctx, input)),
  'stocktaking.getReportList': handler(C.getReportList, (input, ctx) => listStocktakes(ctx, input)),

  'stocktaking.get': handler(C.get, (input, ctx) => reload(ctx, input.ID)),

  'stocktaking.start': handler(C.start, async (input, ctx) => {
    const { schoolId, userId } = requireUser(ctx);
    const db = ctx.app.db;
    const areaIds = [...new Set(input.AreaIDs)];
    const [areas, branches] = await Promise.all([
      db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', schoolId).where('id', 'in', areaIds).execute(),
      branchFilter(ctx),
    ]);
    if (areas.length !== areaIds.length) throw AppError.notFound('stocktaking:refused.areaNotFound');
    if (branches && areas.some((a) => !branches.includes(a.branch_id))) throw AppError.forbidden();
    const at = nowIso();
    const id = await writeTx(db, async (trx) => {
      const row = await trx.insertInto('stocktakes').values({ school_id: schoolId, name: input.Name, state: 'open', started_at: at, started_by: userId, updated_at: at, closed_at: null, closed_by: null })
        .returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('stocktake_areas').values(areaIds.map((a) => ({ stocktake_id: row.id, school_id: schoolId, area_id: a }))).execute();
      await snapshotExpected(trx, schoolId, row.id, areaIds);
      return row.id;
    });
    return reload(ctx, id);
  }),

  'stocktaking.setState': handler(C.setState, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    if (o.row.state === 'closed') throw AppError.refused('stocktaking:refused.closed', { name: o.row.name });
    await ctx.app.db.updateTable('stocktakes').set({ state: input.State, updated_at: nowIso() })
      .where('school_id', '=', o.schoolId).where('id', '=', o.row.id).where('state', '!=', 'closed').execute();
    return reload(ctx, o.row.id);
  }),

  'stocktaking.scan': handler(C.scan, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    return scanCode(ctx, o, input);
  }),

  'stocktaking.getMissing': handler(C.getMissing, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    return findItems(ctx.app.db, { schoolId: o.schoolId, id: o.row.id, kind: 'missing', areaId: input.AreaID, lang: ctx.lang, page: input.Page, rows: input.Rows });
  }),

  'stocktaking.close': handler(C.close, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    await closeStocktake(ctx.app.db, o);
    return reload(ctx, o.row.id);
  }),

  'stocktaking.undoClose': handler(C.undoClose, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    const { restored, skipped } = await undoClose(ctx.app.db, o);
    return { Restored: restored, Skipped: skipped, Stocktake: await reload(ctx, o.row.id) };
  }),

  'stocktaking.getReport': handler(C.getReport, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    const [rows, notExpected, unknown] = await Promise.all([
      countRows(ctx.app.db, o.schoolId, [o.row.id], true), notExpectedByFoundArea(ctx.app.db, o.schoolId, o.row.id), unknownCounts(ctx.app.db, o.schoolId, [o.row.id]),
    ]);
    // The totals are the sums of the rows per home area (one query for both).
    const sum = (k: 'expected' | 'found' | 'missing' | 'misplaced' | 'notExpected' | 'left') => rows.reduce((n, r) => n + r[k], 0);
    const view = await stocktakeView(ctx, o, {
      Expected: sum('expected'), Found: sum('found'), Missing: sum('missing'), Misplaced: sum('misplaced'),
      NotExpected: sum('notExpected'), Unknown: unknown.get(o.row.id) ?? 0, Left: sum('left'),
    });
    return {
      Stocktake: view,
      Areas: o.areas.map((a) => {
        const r = rows.find((x) => x.areaId === a.id);
        const expected = r?.expected ?? 0;
        return {
          AreaID: a.id, Area: pick(ctx.lang, a.name, a.en_name), Branch: pick(ctx.lang, a.branch_name, a.branch_en_name),
          Expected: expected, Found: r?.found ?? 0, Missing: r?.missing ?? 0, Misplaced: r?.misplaced ?? 0,
          NotExpected: notExpected.get(a.id) ?? 0, Left: r?.left ?? 0,
          FoundRate: expected ? Math.round(((r?.expectedSeen ?? 0) / expected) * 1000) / 10 : 0,
        };
      }),
    };
  }),

  'stocktaking.getReportItems': handler(C.getReportItems, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    return findItems(ctx.app.db, { schoolId: o.schoolId, id: o.row.id, kind: input.Kind, areaId: input.AreaID, lang: ctx.lang, page: input.Page, rows: input.Rows });
  }),

  'stocktaking.export': handler(C.export, async (input, ctx) => {
    const o = await ownStocktake(ctx, input.ID);
    const DataID = await ctx.app.jobs.start(exportReportJob({ ctx, owned: o }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
