import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope } from '../access/access-scope.ts';
import { copyByCode } from '../collection/collection-store.ts';

/** The tag step of cataloguing: the UID of a tag the desktop wrote and read back joins its copy. */
export const tagHandlers = {
  'catalogue.linkTag': handler(C.linkTag, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const rfid = input.RFID.toUpperCase();
    const copy = await copyByCode(ctx.app.db, schoolId, scope.ids, input.Barcode, false);
    if (!copy) throw AppError.notFound('collection:errors.noCopyFor', { code: input.Barcode });
    if (copy.rfid === rfid) return { ID: copy.id, Barcode: copy.barcode, RFID: rfid };
    if (copy.rfid) throw AppError.conflict('catalogue:errors.tagTaken', { barcode: copy.barcode, rfid: copy.rfid });
    const at = new Date().toISOString();
    try {
      await writeTx(ctx.app.db, async (trx) => {
        // Only while the copy still has no tag: two desks linking at once cannot both win.
        const r = await trx.updateTable('copies').set({ rfid, updated_at: at }).where('id', '=', copy.id).where('school_id', '=', schoolId).where('rfid', 'is', null).executeTakeFirst();
        if (!Number(r.numUpdatedRows)) throw AppError.conflict('catalogue:errors.tagTaken', { barcode: copy.barcode, rfid: '?' });
        await trx.insertInto('copy_events').values({ school_id: schoolId, copy_id: copy.id, barcode: copy.barcode, event: 'tag', user_id: userId, at, detail: JSON.stringify({ rfid }) }).execute();
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict('catalogue:errors.rfidDuplicated', { rfid });
      throw err;
    }
    return { ID: copy.id, Barcode: copy.barcode, RFID: rfid };
  }),
} satisfies HandlerMapFor<typeof C>;
