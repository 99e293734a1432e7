import type { Kysely, Transaction } from 'kysely';
import { basicSetsCalls as C, type PositionPlan } from '../../shared/api/basic-sets.ts';
import { positionCode, positionsOf } from '../../shared/domain/shelf-positions.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { containsText } from '../db/like.ts';
import { requireSchool } from '../access/call-context.ts';
import { branchFilter, branchScope, inList, type BranchScope } from '../access/access-scope.ts';
import { guardWrite } from './basic-sets-guards.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Shelf areas (书架区域), shelves (书架号) and shelf positions (架位号). */

function zoneQuery(db: Db, schoolId: number) {
  return db.selectFrom('shelf_areas as z').innerJoin('collection_areas as a', 'a.id', 'z.area_id').where('z.school_id', '=', schoolId).select((eb) => [
    'z.id', 'z.area_id', 'a.name as area_name', 'z.code', 'z.name', 'z.en_name', 'z.sort',
    eb.selectFrom('shelves as s').whereRef('s.shelf_area_id', '=', 'z.id').select((e) => e.fn.countAll<number>().as('n')).as('shelves'),
    eb.selectFrom('shelves as s').whereRef('s.shelf_area_id', '=', 'z.id').select((e) => e.fn.sum<number>('s.width_cm').as('w')).as('width'),
  ]);
}
type ZoneRow = Awaited<ReturnType<ReturnType<typeof zoneQuery>['executeTakeFirstOrThrow']>>;
const zoneDto = (r: ZoneRow) => ({
  ID: r.id, AreaID: r.area_id, AreaName: r.area_name, Code: r.code, Name: r.name, EnName: r.en_name, Sort: r.sort,
  ShelfCount: Number(r.shelves ?? 0), TotalWidthCm: Number(r.width ?? 0), InUse: Number(r.shelves ?? 0) > 0,
});

function shelfQuery(db: Db, schoolId: number) {
  return db.selectFrom('shelves as s').innerJoin('collection_areas as a', 'a.id', 's.area_id').leftJoin('shelf_areas as z', 'z.id', 's.shelf_area_id')
    .where('s.school_id', '=', schoolId).select((eb) => [
      's.id', 's.area_id', 'a.name as area_name', 's.shelf_area_id', 'z.name as zone_name', 's.code', 's.name', 's.width_cm',
      's.faces', 's.layers', 's.columns', 's.sort',
      eb.selectFrom('shelf_positions as p').whereRef('p.shelf_id', '=', 's.id').select((e) => e.fn.countAll<number>().as('n')).as('positions'),
    ]);
}
type ShelfRow = Awaited<ReturnType<ReturnType<typeof shelfQuery>['executeTakeFirstOrThrow']>>;
const shelfDto = (r: ShelfRow) => ({
  ID: r.id, AreaID: r.area_id, AreaName: r.area_name, ShelfAreaID: r.shelf_area_id, ShelfAreaName: r.zone_name ?? '', Code: r.code, Name: r.name,
  WidthCm: r.width_cm, Faces: r.faces, Layers: r.layers, Columns: r.columns, Sort: r.sort, PositionCount: Number(r.positions ?? 0),
});

/** The collection area must be the school's (else not found) and in the caller's branches (else 403). */
async function ownArea(scope: BranchScope, db: Db, schoolId: number, areaId: number) {
  const a = await db.selectFrom('collection_areas').select('branch_id').where('school_id', '=', schoolId).where('id', '=', areaId).executeTakeFirst();
  if (!a) throw AppError.notFound();
  scope.require(a.branch_id);
}

/** The branches of some shelves (through their collection areas), for the branch scope. */
async function shelfBranches(db: Db, schoolId: number, shelfIds: readonly number[]): Promise<number[]> {
  if (!shelfIds.length) return [];
  const rows = await db.selectFrom('shelves as s').innerJoin('collection_areas as a', 'a.id', 's.area_id')
    .select('a.branch_id').where('s.school_id', '=', schoolId).where('s.id', 'in', [...shelfIds]).execute();
  return [...new Set(rows.map((r) => r.branch_id))];
}

/** A shelf's zone must be in the same collection area (and the same school). */
async function checkZone(db: Db, schoolId: number, areaId: number, zoneId: number | null) {
  if (zoneId == null) return;
  const z = await db.selectFrom('shelf_areas').select('area_id').where('school_id', '=', schoolId).where('id', '=', zoneId).executeTakeFirst();
  if (!z) throw AppError.notFound();
  if (z.area_id !== areaId) throw AppError.refused('errors:basic.zoneOtherArea');
}

const pageSlice = <T>(rows: T[], input: { Page: number; Rows: number }) => rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows);

/** Missing positions of the given shelves (all of them the school's, else not found). */
async function plan(db: Db, schoolId: number, shelfIds: readonly number[]) {
  const ids = [...new Set(shelfIds)];
  const shelves = await db.selectFrom('shelves').select(['id', 'code', 'faces', 'layers', 'columns']).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  if (shelves.length !== ids.length) throw AppError.notFound();
  const existing = await db.selectFrom('shelf_positions').select(['shelf_id', 'face', 'layer', 'col']).where('school_id', '=', schoolId).where('shelf_id', 'in', ids).execute();
  const have = new Set(existing.map((p) => `${p.shelf_id}:${p.face}:${p.layer}:${p.col}`));
  return shelves.map((s) => {
    const all = positionsOf(s);
    return { shelf: s, all, missing: all.filter((p) => !have.has(`${s.id}:${p.face}:${p.layer}:${p.col}`)) };
  });
}

export const shelvesHandlers = {
  'basic.shelfArea.list': handler(C.shelfAreaList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = zoneQuery(ctx.app.db, schoolId);
    if (input.AreaID) q = q.where('z.area_id', '=', input.AreaID);
    const scope = await branchFilter(ctx);
    if (scope) q = q.where('a.branch_id', 'in', inList(scope));
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('z.code', key), containsText('z.name', key), containsText('z.en_name', key)]));
    const rows = await q.orderBy('z.sort').orderBy('z.id').execute();
    return { Total: rows.length, List: pageSlice(rows, input).map(zoneDto) };
  }),
  'basic.shelfArea.add': handler(C.shelfAreaAdd, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      await ownArea(scope, trx, schoolId, input.AreaID);
      const { id } = await guardWrite(input.Code, null, () => trx.insertInto('shelf_areas').values({
        school_id: schoolId, area_id: input.AreaID, code: input.Code, name: input.Name, en_name: input.EnName, sort: input.Sort,
      }).returning('id').executeTakeFirstOrThrow());
      return zoneDto(await zoneQuery(trx, schoolId).where('z.id', '=', id).executeTakeFirstOrThrow());
    });
  }),
  'basic.shelfArea.update': handler(C.shelfAreaUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      await ownArea(scope, trx, schoolId, input.AreaID);
      const current = await zoneQuery(trx, schoolId).where('z.id', '=', input.ID).executeTakeFirst();
      if (!current) throw AppError.notFound();
      await ownArea(scope, trx, schoolId, current.area_id);
      // Its shelves stand in the old area: moving the zone alone would put them in two places.
      if (current.area_id !== input.AreaID && Number(current.shelves ?? 0) > 0) throw AppError.conflict('errors:basic.zoneMoveInUse');
      await guardWrite(input.Code, null, () => trx.updateTable('shelf_areas')
        .set({ area_id: input.AreaID, code: input.Code, name: input.Name, en_name: input.EnName, sort: input.Sort })
        .where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
      return zoneDto(await zoneQuery(trx, schoolId).where('z.id', '=', input.ID).executeTakeFirstOrThrow());
    });
  }),
  'basic.shelfArea.delete': handler(C.shelfAreaDelete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await zoneQuery(trx, schoolId).where('z.id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound();
      await ownArea(scope, trx, schoolId, row.area_id);
      if (Number(row.shelves ?? 0) > 0) throw AppError.conflict('errors:basic.zoneInUse', { shelves: Number(row.shelves) });
      await guardWrite(null, 'errors:basic.zoneInUse', () => trx.deleteFrom('shelf_areas').where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
    });
    return null;
  }),

  'basic.shelf.list': handler(C.shelfList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = shelfQuery(ctx.app.db, schoolId);
    if (input.AreaID) q = q.where('s.area_id', '=', input.AreaID);
    if (input.ShelfAreaID) q = q.where('s.shelf_area_id', '=', input.ShelfAreaID);
    const scope = await branchFilter(ctx);
    if (scope) q = q.where('a.branch_id', 'in', inList(scope));
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('s.code', key), containsText('s.name', key)]));
    const rows = await q.orderBy('a.sort').orderBy('s.code').execute();
    return { Total: rows.length, List: pageSlice(rows, input).map(shelfDto) };
  }),
  'basic.shelf.add': handler(C.shelfAdd, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      await ownArea(scope, trx, schoolId, input.AreaID);
      await checkZone(trx, schoolId, input.AreaID, input.ShelfAreaID);
      const { id } = await guardWrite(input.Code, null, () => trx.insertInto('shelves').values({
        school_id: schoolId, area_id: input.AreaID, shelf_area_id: input.ShelfAreaID, code: input.Code, name: input.Name,
        width_cm: input.WidthCm, faces: input.Faces, layers: input.Layers, columns: input.Columns, sort: input.Sort,
      }).returning('id').executeTakeFirstOrThrow());
      return shelfDto(await shelfQuery(trx, schoolId).where('s.id', '=', id).executeTakeFirstOrThrow());
    });
  }),
  'basic.shelf.update': handler(C.shelfUpdate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      const current = await trx.selectFrom('shelves').select(['id', 'code', 'area_id']).where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!current) throw AppError.notFound();
      await ownArea(scope, trx, schoolId, current.area_id);
      await ownArea(scope, trx, schoolId, input.AreaID);
      await checkZone(trx, schoolId, input.AreaID, input.ShelfAreaID);
      await guardWrite(input.Code, null, () => trx.updateTable('shelves').set({
        area_id: input.AreaID, shelf_area_id: input.ShelfAreaID, code: input.Code, name: input.Name,
        width_cm: input.WidthCm, faces: input.Faces, layers: input.Layers, columns: input.Columns, sort: input.Sort,
      }).where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
      // Positions outside a smaller shape go; a new code renames the labels of the rest.
      await trx.deleteFrom('shelf_positions').where('shelf_id', '=', input.ID)
        .where((eb) => eb.or([eb('face', '>', input.Faces), eb('layer', '>', input.Layers), eb('col', '>', input.Columns)])).execute();
      if (current.code !== input.Code) {
        const kept = await trx.selectFrom('shelf_positions').select(['id', 'face', 'layer', 'col']).where('shelf_id', '=', input.ID).execute();
        for (const p of kept) {
          const code = positionCode(input.Code, p.face, p.layer, p.col);
          await guardWrite(code, null, () => trx.updateTable('shelf_positions').set({ code }).where('id', '=', p.id).execute());
        }
      }
      return shelfDto(await shelfQuery(trx, schoolId).where('s.id', '=', input.ID).executeTakeFirstOrThrow());
    });
  }),
  'basic.shelf.delete': handler(C.shelfDelete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const row = await trx.selectFrom('shelves').select(['id', 'area_id']).where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw AppError.notFound();
      await ownArea(scope, trx, schoolId, row.area_id);
      // Its positions are part of it (labels only); they go with it.
      await trx.deleteFrom('shelf_positions').where('school_id', '=', schoolId).where('shelf_id', '=', row.id).execute();
      await guardWrite(null, 'errors:basic.shelfInUse', () => trx.deleteFrom('shelves').where('school_id', '=', schoolId).where('id', '=', row.id).execute());
    });
    return null;
  }),

  'basic.shelfPosition.list': handler(C.positionList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('shelf_positions as p').innerJoin('shelves as s', 's.id', 'p.shelf_id').innerJoin('collection_areas as a', 'a.id', 's.area_id')
      .where('p.school_id', '=', schoolId);
    if (input.ShelfID) q = q.where('p.shelf_id', '=', input.ShelfID);
    const scope = await branchFilter(ctx);
    if (scope) q = q.where('a.branch_id', 'in', inList(scope));
    const key = input.SearchKey?.trim();
    if (key) q = q.where(containsText('p.code', key));
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select(['p.id', 'p.shelf_id', 's.code as shelf_code', 'a.name as area_name', 'p.code', 'p.face', 'p.layer', 'p.col'])
        .orderBy('s.code').orderBy('p.face').orderBy('p.layer').orderBy('p.col')
        .limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return {
      Total: Number(n),
      List: rows.map((r) => ({ ID: r.id, ShelfID: r.shelf_id, ShelfCode: r.shelf_code, AreaName: r.area_name, Code: r.code, Face: r.face, Layer: r.layer, Column: r.col })),
    };
  }),
  'basic.shelfPosition.preview': handler(C.positionPreview, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    const plans = await plan(ctx.app.db, schoolId, input.ShelfIDs);
    scope.require(...(await shelfBranches(ctx.app.db, schoolId, input.ShelfIDs)));
    return plans.map((p): PositionPlan => ({
      ShelfID: p.shelf.id, ShelfCode: p.shelf.code, Total: p.all.length, New: p.missing.length, Sample: p.missing.slice(0, 3).map((m) => m.code),
    }));
  }),
  'basic.shelfPosition.generate': handler(C.positionGenerate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    // One transaction: the batch creates every missing position or, on any conflict, none.
    return writeTx(ctx.app.db, async (trx) => {
      const plans = await plan(trx, schoolId, input.ShelfIDs);
      scope.require(...(await shelfBranches(trx, schoolId, input.ShelfIDs)));
      const rows = plans.flatMap((p) => p.missing.map((m) => ({ school_id: schoolId, shelf_id: p.shelf.id, code: m.code, face: m.face, layer: m.layer, col: m.col })));
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        try {
          await trx.insertInto('shelf_positions').values(chunk).execute();
        } catch (err) {
          // Another shelf's labels already use one of these codes (e.g. shelves "A1" and "A1-1").
          if (isUniqueViolation(err)) throw AppError.conflict('errors:basic.positionCodeClash');
          throw err;
        }
      }
      return { Created: rows.length, Shelves: plans.length };
    });
  }),
  'basic.shelfPosition.delete': handler(C.positionDelete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await branchScope(ctx);
    const r = await writeTx(ctx.app.db, async (trx) => {
      const pos = await trx.selectFrom('shelf_positions').select('shelf_id').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (pos) scope.require(...(await shelfBranches(trx, schoolId, [pos.shelf_id])));
      return guardWrite(null, 'errors:basic.positionInUse', () =>
        trx.deleteFrom('shelf_positions').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst());
    });
    if (Number(r.numDeletedRows) === 0) throw AppError.notFound();
    return null;
  }),
} satisfies HandlerMapFor<typeof C>;
