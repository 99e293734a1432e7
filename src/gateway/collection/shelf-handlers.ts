import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { shelfCalls as C, type BatchResult } from '../../shared/api/collection.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { changeMany } from './change-many.ts';
import { listCopies } from './collection-store.ts';
import { exportCollectionJob } from './collection-export.ts';

/** Print selections: what the label printer will print, for 30 minutes (spec: "invalid or expired, please select again"). */
const PRINT_TTL_MS = 30 * 60_000;
const prints = new Map<string, { schoolId: number; userId: number; expires: number; barcodes: string[] }>();

export const collectionShelfHandlers = {
  'collection.shelfNumbers': handler(C.shelfNumbers, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    let q = ctx.app.db.selectFrom('copies').select(['shelf_mark', (e) => e.fn.countAll().as('n')]).where('school_id', '=', schoolId).where('shelf_mark', '!=', '');
    if (input.AreaID) q = q.where('area_id', '=', input.AreaID);
    if (scope.ids) q = q.where('branch_id', 'in', inList(scope.ids));
    const rows = await q.groupBy('shelf_mark').orderBy('shelf_mark').limit(5000).execute();
    return rows.map((r) => ({ ShelfMark: r.shelf_mark, Copies: Number(r.n) }));
  }),
  'collection.shelfItems': handler(C.shelfItems, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return listCopies(ctx.app.db, schoolId, (await branchScope(ctx)).ids, input);
  }),
  'collection.updateLocation': handler(C.updateLocation, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const area = await ctx.app.db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', schoolId).where('id', '=', input.AreaID).executeTakeFirst();
    if (!area) throw AppError.notFound();
    scope.require(area.branch_id);
    const t = (k: string, p?: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, k, p);
    const wanted = [...new Set(input.Barcodes)];
    let q = ctx.app.db.selectFrom('copies').select(['id', 'barcode', 'area_id', 'shelf_mark']).where('school_id', '=', schoolId).where('barcode', 'in', wanted);
    if (scope.ids) q = q.where('branch_id', 'in', inList(scope.ids));
    const rows = await q.execute();
    const known = new Set(rows.map((r) => r.barcode));
    const refused: BatchResult['Refused'] = wanted.filter((b) => !known.has(b)).map((b) => ({ ID: 0, Barcode: b, Message: t('collection:errors.noCopyFor', { code: b }) }));
    // Already in the area: only the shelf mark changes. Elsewhere: a move through the state machine.
    const here = rows.filter((r) => r.area_id === area.id);
    // Copies already there with that shelf mark change nothing and are not counted.
    const relabel = here.filter((r) => r.shelf_mark !== input.ShelfMark);
    const at = new Date().toISOString();
    await writeTx(ctx.app.db, async (trx) => {
      for (const r of relabel) {
        await trx.updateTable('copies').set({ shelf_mark: input.ShelfMark, updated_at: at }).where('id', '=', r.id).execute();
        await trx.insertInto('copy_events').values({ school_id: schoolId, copy_id: r.id, barcode: r.barcode, event: 'edit', user_id: userId, at, detail: JSON.stringify({ changes: { shelf_mark: { from: r.shelf_mark, to: input.ShelfMark } } }) }).execute();
      }
    });
    const moved = await changeMany(ctx, rows.filter((r) => r.area_id !== area.id).map((r) => r.id), 'allocate', { branchId: area.branch_id, areaId: area.id, storage: area.storage_area }, () => ({ shelf_mark: input.ShelfMark }));
    return { Changed: relabel.length + moved.Changed, Refused: [...refused, ...moved.Refused] };
  }),
  /**
   * Copies needing a librarian's look: a call number shared by different titles, circulating
   * copies without a shelf mark, copies lost for more than 180 days, copies without a price.
   */
  'collection.warnings': handler(C.warnings, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const t = (k: string, p?: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, k, p);
    const db = ctx.app.db;
    const kinds = input.Kind ? [input.Kind] : ['sharedCallNo', 'noShelfMark', 'lostLong', 'zeroPrice'];
    const base = () => {
      let q = db.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id').where('c.school_id', '=', schoolId);
      if (scope.ids) q = q.where('c.branch_id', 'in', inList(scope.ids));
      return q;
    };
    const longAgo = new Date(Date.now() - 180 * 86_400_000).toISOString();
    const parts = kinds.map((k) => {
      let q = base();
      if (k === 'sharedCallNo') {
        const shared = db.selectFrom('copies').select('call_no').where('school_id', '=', schoolId).where('call_no', '!=', '').groupBy('call_no').having(sql`count(distinct title_id)`, '>', 1);
        q = q.where('c.call_no', 'in', shared);
      } else if (k === 'noShelfMark') q = q.where('c.shelf_mark', '=', '').where('c.storage_area', 'in', [2, 5]);
      else if (k === 'lostLong') q = q.where('c.circ_state', '=', 'lost').where('c.updated_at', '<', longAgo);
      else q = q.where('c.price', '<=', 0);
      return { kind: k, q };
    });
    const totals = await Promise.all(parts.map((p) => p.q.select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()));
    const total = totals.reduce((s, r) => s + Number(r.n), 0);
    // Pages run across the kinds in order.
    let skip = (input.Page - 1) * input.Rows;
    const out = [];
    for (const [i, p] of parts.entries()) {
      const n = Number(totals[i]!.n);
      if (skip >= n) { skip -= n; continue; }
      const rows = await p.q.select(['c.id', 'c.barcode', 'c.call_no', 't.title', 'c.updated_at']).orderBy('c.call_no').orderBy('c.barcode').limit(input.Rows - out.length).offset(skip).execute();
      skip = 0;
      out.push(...rows.map((r) => ({ Kind: p.kind, CopyID: r.id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no, Detail: t(`collection:warning.${p.kind}`, { since: String(r.updated_at).slice(0, 10) }) })));
      if (out.length >= input.Rows) break;
    }
    return { Total: total, List: out };
  }),
  'collection.print.select': handler(C.printSelect, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const now = Date.now();
    for (const [k, v] of prints) if (v.expires < now) prints.delete(k);
    const id = randomUUID();
    const expires = now + PRINT_TTL_MS;
    prints.set(id, { schoolId, userId, expires, barcodes: [...new Set(input.Barcodes)] });
    return { PrintID: id, Count: new Set(input.Barcodes).size, Expires: new Date(expires).toISOString() };
  }),
  'collection.print.data': handler(C.printData, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const sel = prints.get(input.PrintID);
    if (!sel || sel.schoolId !== schoolId || sel.userId !== userId || sel.expires < Date.now()) throw AppError.refused('collection:errors.printExpired');
    const scope = await branchScope(ctx);
    const school = await ctx.app.db.selectFrom('schools').select(['name', 'en_name']).where('id', '=', schoolId).executeTakeFirstOrThrow();
    const labels = [];
    for (let i = 0; i < sel.barcodes.length; i += 500) {
      let q = ctx.app.db.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id').leftJoin('collection_areas as a', 'a.id', 'c.area_id')
        .select(['c.barcode', 'c.call_no', 't.title', 'c.shelf_mark', 'a.name']).where('c.school_id', '=', schoolId).where('c.barcode', 'in', sel.barcodes.slice(i, i + 500));
      if (scope.ids) q = q.where('c.branch_id', 'in', inList(scope.ids));
      labels.push(...(await q.execute()).map((r) => ({ Barcode: r.barcode, CallNo: r.call_no, Title: r.title, ShelfMark: r.shelf_mark, Area: r.name ?? '' })));
    }
    const order = new Map(sel.barcodes.map((b, i) => [b, i]));
    return { School: ctx.lang === 'en-US' && school.en_name ? school.en_name : school.name, Labels: labels.sort((a, b) => order.get(a.Barcode)! - order.get(b.Barcode)!) };
  }),
  'collection.export': handler(C.exportCollection, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const DataID = await ctx.app.jobs.start(exportCollectionJob({ app: ctx.app, lang: ctx.lang, schoolId, userId, branchIds: scope.ids, filters: input, fileId: randomUUID() }));
    return { DataID };
  }),
} satisfies HandlerMapFor<typeof C>;
