import { allocationCalls as C } from '../../shared/api/allocation.ts';
import type { BatchResult } from '../../shared/api/collection.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { containsText } from '../db/like.ts';
import { changeMany } from '../collection/change-many.ts';
import { copyByCode, toCopyRow } from '../collection/collection-store.ts';

/** The target area, which must be this school's and within the caller's branches. */
async function targetOf(ctx: CallContext, schoolId: number, areaId: number) {
  const area = await ctx.app.db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area', 'name']).where('school_id', '=', schoolId).where('id', '=', areaId).executeTakeFirst();
  if (!area) throw AppError.notFound();
  (await branchScope(ctx)).require(area.branch_id);
  return { branchId: area.branch_id, areaId: area.id, storage: area.storage_area };
}

export const allocationHandlers = {
  /** A list of barcodes to one area: each copy moved or refused with its reason, in one transaction. */
  'allocation.allocate': handler(C.allocate, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const target = await targetOf(ctx, schoolId, input.AreaID);
    const t = (k: string, p?: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, k, p);
    const wanted = [...new Set(input.Barcodes)];
    // Scoped here, so a copy of another branch is "unknown" under its own barcode (changeMany
    // would refuse it by id alone).
    const scope = await branchScope(ctx);
    const rows = [];
    for (let i = 0; i < wanted.length; i += 500) {
      rows.push(...await ctx.app.db.selectFrom('copies').select(['id', 'barcode', 'area_id', 'shelf_mark']).where('school_id', '=', schoolId).where('barcode', 'in', wanted.slice(i, i + 500))
        .$if(scope.ids != null, (q) => q.where('branch_id', 'in', inList(scope.ids!))).execute());
    }
    const byBarcode = new Map(rows.map((r) => [r.barcode, r]));
    const unknown: BatchResult['Refused'] = wanted.filter((b) => !byBarcode.has(b)).map((b) => ({ ID: 0, Barcode: b, Message: t('collection:errors.noCopyFor', { code: b }) }));
    // Already there (and no new shelf mark): not a move, as the scan says.
    const here = rows.filter((r) => r.area_id === target.areaId && (input.ShelfMark == null || input.ShelfMark === r.shelf_mark));
    const stay: BatchResult['Refused'] = here.map((r) => ({ ID: r.id, Barcode: r.barcode, Message: t('allocation:errors.alreadyThere', { barcode: r.barcode }) }));
    const patch = input.ShelfMark != null ? () => ({ shelf_mark: input.ShelfMark! }) : undefined;
    const r = await changeMany(ctx, rows.filter((x) => !here.includes(x)).map((x) => x.id), 'allocate', target, patch);
    return { Changed: r.Changed, Refused: [...unknown, ...stay, ...r.Refused] };
  }),
  /** One scanned copy into the chosen area (/allocation-scan): the copy as it now is, or why not. */
  'allocation.scan': handler(C.scan, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const target = await targetOf(ctx, schoolId, input.AreaID);
    const scope = await branchScope(ctx);
    const row = await copyByCode(ctx.app.db, schoolId, scope.ids, input.Barcode, true);
    if (!row) throw AppError.notFound('collection:errors.noCopyFor', { code: input.Barcode });
    if (row.area_id === target.areaId && (input.ShelfMark == null || input.ShelfMark === row.shelf_mark)) throw AppError.refused('allocation:errors.alreadyThere', { barcode: row.barcode });
    const r = await changeMany(ctx, [row.id], 'allocate', target, input.ShelfMark != null ? () => ({ shelf_mark: input.ShelfMark! }) : undefined);
    if (r.Refused.length) throw AppError.refused('allocation:errors.refused', { reason: r.Refused[0]!.Message });
    return toCopyRow((await copyByCode(ctx.app.db, schoolId, scope.ids, row.barcode, false))!);
  }),
  /** The moves, newest first, from the copies' history (copy_events 'allocate'). */
  'allocation.records': handler(C.records, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    let q = ctx.app.db.selectFrom('copy_events as e')
      .leftJoin('copies as c', 'c.id', 'e.copy_id')
      .leftJoin('titles as t', 't.id', 'c.title_id')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .where('e.school_id', '=', schoolId).where('e.event', '=', 'allocate');
    if (scope.ids) q = q.where('c.branch_id', 'in', inList(scope.ids));
    if (input.DateFrom) q = q.where('e.at', '>=', input.DateFrom);
    if (input.DateTo) q = q.where('e.at', '<', `${input.DateTo}T99`);
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([eb('e.barcode', '=', key), containsText('t.title', key), containsText('u.name', key)]));
    const [rows, total] = await Promise.all([
      q.select(['e.id', 'e.at', 'e.barcode', 'e.detail', 't.title', 'u.name']).orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
      q.select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    const areaIds = new Set<number>();
    const details = rows.map((r) => {
      const d = JSON.parse(r.detail) as { from?: { storage?: number }; to?: { storage?: number }; fromArea?: number; toArea?: number };
      if (d.fromArea) areaIds.add(d.fromArea);
      if (d.toArea) areaIds.add(d.toArea);
      return d;
    });
    const areas = areaIds.size ? await ctx.app.db.selectFrom('collection_areas').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', 'in', [...areaIds]).execute() : [];
    const name = (id: number | undefined) => {
      const a = areas.find((x) => x.id === id);
      return a ? (ctx.lang === 'en-US' && a.en_name ? a.en_name : a.name) : '';
    };
    return {
      Total: Number(total.n),
      List: rows.map((r, i) => ({
        ID: r.id, At: r.at, Barcode: r.barcode, Title: r.title ?? '', User: r.name ?? '',
        FromArea: name(details[i]!.fromArea), ToArea: name(details[i]!.toArea),
        FromStorage: details[i]!.from?.storage ?? 0, ToStorage: details[i]!.to?.storage ?? 0,
      })),
    };
  }),
} satisfies HandlerMapFor<typeof C>;
