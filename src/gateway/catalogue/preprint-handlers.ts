import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { catalogueCalls as C, type Preprint } from '../../shared/api/catalogue.ts';
import type { Database } from '../db/schema.ts';
import { writeTx } from '../db/connect.ts';
import { containsText } from '../db/like.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { acceptsCopies } from '../../shared/domain/batch-rules.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { takeBarcodes } from './catalogue-store.ts';

/**
 * Barcode ranges for pre-printed labels (/preprint). Koha and dp2 print barcode ranges before the
 * books arrive; here the range is also taken from the sequence, so the numbers on the labels are
 * never handed to another copy, and kept, so the library knows which labels exist. A browser
 * without the desktop app prints through the no-login view, opened by a token for 30 minutes.
 */
const VIEW_TTL_MS = 30 * 60_000;
const newToken = () => randomBytes(24).toString('base64url');
const expiry = () => new Date(Date.now() + VIEW_TTL_MS).toISOString();

function listQuery(db: Kysely<Database>, schoolId: number) {
  return db.selectFrom('barcode_preprints as p')
    .innerJoin('users as u', 'u.id', 'p.created_by')
    .leftJoin('batches as b', 'b.id', 'p.batch_id')
    .where('p.school_id', '=', schoolId);
}
const COLUMNS = [
  'p.id', 'p.sequence_name', 'p.batch_id', 'b.batch_no', 'p.first_barcode', 'p.last_barcode', 'p.count', 'p.note', 'u.name as created_by',
  'p.created_at', 'p.view_token', 'p.view_expires_at',
] as const;
type Row = { id: number; sequence_name: string; batch_id: number | null; batch_no: string | null; first_barcode: string; last_barcode: string; count: number; note: string; created_by: string; created_at: string; view_token: string; view_expires_at: string };
const toPreprint = (r: Row): Preprint => ({
  ID: r.id, Sequence: r.sequence_name, BatchID: r.batch_id, BatchNo: r.batch_no ?? '', First: r.first_barcode, Last: r.last_barcode, Count: Number(r.count),
  Note: r.note, CreatedBy: r.created_by, CreatedAt: r.created_at, ViewToken: r.view_token, ViewExpires: r.view_expires_at,
});

export const preprintHandlers = {
  'catalogue.preprint.reserve': handler(C.reservePreprint, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const id = await writeTx(ctx.app.db, async (trx) => {
      const seq = await trx.selectFrom('barcode_sequences').select(['id', 'name', 'prefix', 'width']).where('school_id', '=', schoolId).where('id', '=', input.SequenceID).executeTakeFirst();
      if (!seq) throw AppError.notFound('catalogue:errors.noSuchSequence');
      if (input.BatchID != null) {
        const batch = await trx.selectFrom('batches').select(['state', 'batch_no']).where('school_id', '=', schoolId).where('id', '=', input.BatchID).executeTakeFirst();
        if (!batch) throw AppError.notFound('catalogue:errors.noSuchBatch');
        // Labels for copies still to come: a closed batch takes none (cataloguing's batch rule).
        if (!acceptsCopies(batch.state)) throw AppError.conflict('acquisition:errors.closedNoCopies', { no: batch.batch_no });
      }
      const barcodes = await takeBarcodes(trx, schoolId, seq, input.Count);
      if (barcodes.length < input.Count) throw AppError.refused('catalogue:errors.sequenceExhausted', { name: seq.name });
      const row = await trx.insertInto('barcode_preprints').values({
        school_id: schoolId, sequence_name: seq.name, batch_id: input.BatchID ?? null, first_barcode: barcodes[0]!, last_barcode: barcodes.at(-1)!,
        count: barcodes.length, barcodes: JSON.stringify(barcodes), note: input.Note ?? '', created_by: userId, created_at: new Date().toISOString(),
        view_token: newToken(), view_expires_at: expiry(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
    return preprintWithBarcodes(ctx.app.db, schoolId, id, false);
  }),
  'catalogue.preprint.list': handler(C.preprints, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    let q = listQuery(ctx.app.db, schoolId);
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('p.first_barcode', key), containsText('p.last_barcode', key), containsText('p.note', key), containsText('b.batch_no', key)]));
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.select([...COLUMNS]).orderBy('p.id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute();
    return { Total: Number(total.n), List: rows.map(toPreprint) };
  }),
  'catalogue.preprint.barcodes': handler(C.preprintBarcodes, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return preprintWithBarcodes(ctx.app.db, schoolId, input.ID, true);
  }),
  'catalogue.preprint.view': handler(C.preprintView, async (input, ctx) => {
    const row = await ctx.app.db.selectFrom('barcode_preprints as p').innerJoin('schools as s', 's.id', 'p.school_id')
      .select(['p.first_barcode', 'p.last_barcode', 'p.barcodes', 'p.view_expires_at', 's.name', 's.en_name'])
      .where('p.view_token', '=', input.Token).executeTakeFirst();
    if (!row || row.view_expires_at < new Date().toISOString()) throw AppError.refused('catalogue:errors.printExpired');
    return {
      School: ctx.lang === 'en-US' && row.en_name ? row.en_name : row.name, First: row.first_barcode, Last: row.last_barcode,
      Barcodes: JSON.parse(row.barcodes) as string[], ViewExpires: row.view_expires_at,
    };
  }),
} satisfies HandlerMapFor<typeof C>;

/** A range with its barcodes; `renew` gives its printable view a new token for another 30 minutes. */
async function preprintWithBarcodes(db: Kysely<Database>, schoolId: number, id: number, renew: boolean) {
  if (renew) {
    const r = await db.updateTable('barcode_preprints').set({ view_token: newToken(), view_expires_at: expiry() }).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw AppError.notFound();
  }
  const row = await listQuery(db, schoolId).select([...COLUMNS, 'p.barcodes']).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return { ...toPreprint(row), Barcodes: JSON.parse(row.barcodes) as string[] };
}
