import { labelCalls as C } from '../../shared/api/collection.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { containsText } from '../db/like.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { copyByCode, toCopyRow } from './collection-store.ts';

/**
 * Label transfer (换标): a copy whose barcode label or RFID tag is damaged gets a new one. The copy,
 * its loans and its history stay; a 'relabel' history row keeps the old and the new value. A new
 * value another copy uses is refused by the unique indexes, also when two desks race.
 */
export const labelHandlers = {
  'collection.label.transfer': handler(C.transfer, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    if (!input.NewBarcode && !input.NewRFID) throw AppError.badRequest('collection:errors.nothingNew');
    const copy = await copyByCode(ctx.app.db, schoolId, scope.ids, input.Code, true);
    if (!copy) throw AppError.notFound('collection:errors.noCopyFor', { code: input.Code });
    const rfid = input.NewRFID ? input.NewRFID.toUpperCase() : undefined;
    const at = new Date().toISOString();
    try {
      await writeTx(ctx.app.db, async (trx) => {
        await trx.updateTable('copies').set({ ...(input.NewBarcode ? { barcode: input.NewBarcode } : {}), ...(rfid ? { rfid } : {}), updated_at: at })
          .where('id', '=', copy.id).where('school_id', '=', schoolId).execute();
        await trx.insertInto('copy_events').values({
          school_id: schoolId, copy_id: copy.id, barcode: input.NewBarcode ?? copy.barcode, event: 'relabel', user_id: userId, at,
          detail: JSON.stringify({ barcode: input.NewBarcode ? { from: copy.barcode, to: input.NewBarcode } : undefined, rfid: rfid ? { from: copy.rfid ?? '', to: rfid } : undefined }),
        }).execute();
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const clash = input.NewBarcode && await ctx.app.db.selectFrom('copies').select('id').where('school_id', '=', schoolId).where('barcode', '=', input.NewBarcode).executeTakeFirst();
        if (clash || !rfid) throw AppError.conflict('catalogue:errors.barcodeDuplicated', { barcode: input.NewBarcode });
        throw AppError.conflict('catalogue:errors.rfidDuplicated', { rfid });
      }
      throw err;
    }
    return toCopyRow((await copyByCode(ctx.app.db, schoolId, scope.ids, input.NewBarcode ?? copy.barcode, false))!);
  }),
  'collection.label.history': handler(C.history, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    let q = ctx.app.db.selectFrom('copy_events as e').leftJoin('copies as c', 'c.id', 'e.copy_id').leftJoin('titles as t', 't.id', 'c.title_id').leftJoin('users as u', 'u.id', 'e.user_id')
      .where('e.school_id', '=', schoolId).where('e.event', '=', 'relabel');
    if (scope.ids) q = q.where('c.branch_id', 'in', inList(scope.ids));
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([eb('e.barcode', '=', key), containsText('e.detail', key), containsText('t.title', key)]));
    const [rows, total] = await Promise.all([
      q.select(['e.id', 'e.at', 'e.detail', 't.title', 'u.name']).orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
      q.select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      Total: Number(total.n),
      List: rows.map((r) => {
        const d = JSON.parse(r.detail) as { barcode?: { from: string; to: string }; rfid?: { from: string; to: string } };
        return { ID: r.id, At: r.at, Title: r.title ?? '', OldBarcode: d.barcode?.from ?? '', NewBarcode: d.barcode?.to ?? '', OldRFID: d.rfid?.from ?? '', NewRFID: d.rfid?.to ?? '', User: r.name ?? '' };
      }),
    };
  }),
} satisfies HandlerMapFor<typeof C>;
