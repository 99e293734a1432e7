import type { Transaction } from 'kysely';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { writeSetting } from '../db/school-settings.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool } from '../access/call-context.ts';
import { formatBarcode, sharedBarcode } from '../../shared/domain/catalogue/barcode-sequence.ts';
import { EDITING_CONFIG_KEY, editingConfigOf } from './catalogue-handlers.ts';

/**
 * Barcode sequences (/book-editing-rule). A number once issued is never issued again, so the next
 * number may be raised (to skip a pre-printed roll) but never lowered; a sequence's digits must
 * hold its next number. One sequence is the default; prefixes are unique per school (index).
 */
const toSequence = (r: { id: number; name: string; prefix: string; width: number; next_number: number; is_default: number }) => ({
  ID: r.id, Name: r.name, Prefix: r.prefix, Width: r.width, NextNumber: r.next_number, IsDefault: r.is_default === 1,
  Next: formatBarcode(r.prefix, r.width, r.next_number),
});

function checkWidth(input: { Width: number; NextNumber: number }) {
  if (String(input.NextNumber).length > input.Width) {
    throw AppError.badRequest('catalogue:errors.sequenceTooNarrow', { width: input.Width, next: input.NextNumber });
  }
}

/**
 * Two sequences must never issue the same barcode (a pre-printed label of one would be given to
 * a copy by the other): T with 8 digits and T0 with 7 are refused side by side.
 */
async function assertNoOverlap(trx: Transaction<Database>, schoolId: number, input: { Prefix: string; Width: number }, self?: number) {
  let q = trx.selectFrom('barcode_sequences').select(['name', 'prefix', 'width']).where('school_id', '=', schoolId);
  if (self != null) q = q.where('id', '!=', self);
  // The same prefix is the unique index's refusal (prefixTaken), which says it better.
  for (const other of await q.where('prefix', '!=', input.Prefix).execute()) {
    const example = sharedBarcode({ prefix: input.Prefix, width: input.Width }, other);
    if (example) throw AppError.conflict('catalogue:errors.sequenceOverlaps', { name: other.name, prefix: other.prefix || '—', width: other.width, example });
  }
}

const prefixTaken = (prefix: string) => AppError.conflict('catalogue:errors.prefixTaken', { prefix: prefix || '—' });

export const sequenceHandlers = {
  'catalogue.sequence.add': handler(C.addBarcodeSequence, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    checkWidth(input);
    try {
      return await writeTx(ctx.app.db, async (trx) => {
        await assertNoOverlap(trx, schoolId, input);
        if (input.IsDefault) await trx.updateTable('barcode_sequences').set({ is_default: 0 }).where('school_id', '=', schoolId).execute();
        const row = await trx.insertInto('barcode_sequences').values({
          school_id: schoolId, name: input.Name, prefix: input.Prefix, width: input.Width, next_number: input.NextNumber, is_default: input.IsDefault ? 1 : 0,
        }).returningAll().executeTakeFirstOrThrow();
        return toSequence(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw prefixTaken(input.Prefix);
      throw err;
    }
  }),
  'catalogue.sequence.update': handler(C.updateBarcodeSequence, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    checkWidth(input);
    try {
      return await writeTx(ctx.app.db, async (trx) => {
        const row = await trx.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
        if (!row) throw AppError.notFound();
        if (input.NextNumber < row.next_number) {
          throw AppError.refused('catalogue:errors.sequenceBackwards', { next: formatBarcode(row.prefix, row.width, row.next_number) });
        }
        await assertNoOverlap(trx, schoolId, input, row.id);
        if (input.IsDefault) await trx.updateTable('barcode_sequences').set({ is_default: 0 }).where('school_id', '=', schoolId).execute();
        const next = await trx.updateTable('barcode_sequences')
          .set({ name: input.Name, prefix: input.Prefix, width: input.Width, next_number: input.NextNumber, is_default: input.IsDefault ? 1 : 0 })
          .where('school_id', '=', schoolId).where('id', '=', input.ID)
          .returningAll().executeTakeFirstOrThrow();
        return toSequence(next);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw prefixTaken(input.Prefix);
      throw err;
    }
  }),
  'catalogue.sequence.delete': handler(C.deleteBarcodeSequence, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const gone = await trx.deleteFrom('barcode_sequences').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw AppError.notFound();
    });
    // The editing settings must not point at a sequence that is gone.
    const config = await editingConfigOf(ctx, schoolId);
    if (config.DefaultSequenceID === input.ID) await writeSetting(ctx.app.db, schoolId, EDITING_CONFIG_KEY, { ...config, DefaultSequenceID: null });
    return { ID: input.ID };
  }),
} satisfies HandlerMapFor<typeof C>;
