import type { z } from 'zod';
import { bulkCalls as C, BULK_FIELDS, copyUpdateInput, type BulkField, type BulkResult } from '../../shared/api/collection.ts';
import { settlesCopies } from '../../shared/domain/batch-rules.ts';
import { parseMessageKey, type Translate } from '../../shared/domain/issue-messages.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { readSheet } from '../import/xlsx-sheet.ts';
import { changeMany } from './change-many.ts';
import { checkCopyChange } from './copy-change.ts';
import { copyTies } from './copy-ties.ts';

/**
 * Bulk editing (/bulk-editing) and bulk deletion (/delete-records-bulk). A preview and the apply
 * run the same code, so the apply does exactly what the preview showed: every copy's before →
 * after, and every barcode refused with its reason. The apply writes all its changes in one
 * transaction (with one history row per copy) and reports what it could not change.
 */
const COLUMN: Record<BulkField, 'shelf_mark' | 'price' | 'discount_price' | 'call_no' | 'note'> = {
  ShelfMark: 'shelf_mark', Price: 'price', DiscountPrice: 'discount_price', CallNo: 'call_no', Note: 'note',
};
/** Spreadsheet headers accepted for each field, in both languages. */
const HEADERS: Record<BulkField | 'Barcode', string[]> = {
  Barcode: ['条码', 'barcode'], ShelfMark: ['架位号', 'shelf mark', 'shelfmark'], Price: ['单价', '价格', 'price'],
  DiscountPrice: ['实价', 'discount price', 'price paid'], CallNo: ['索书号', 'call number', 'callno'], Note: ['备注', 'note'],
};

type Change = { barcode: string; field: BulkField; value: string };

/** The copy edit form's fields: a bulk edit keeps to the same limits, so the form can save the copy afterwards. */
const FORM_FIELD: Partial<Record<BulkField, z.ZodType>> = {
  ShelfMark: copyUpdateInput.shape.ShelfMark, Price: copyUpdateInput.shape.Price, DiscountPrice: copyUpdateInput.shape.DiscountPrice, Note: copyUpdateInput.shape.Note,
};

/** The stored value of a field from its text, or what is wrong with it (in the caller's language). */
function parseValue(field: BulkField, value: string, t: Translate): { ok: true; value: string | number } | { ok: false; message: string } {
  let parsed: string | number = value.trim();
  if (field === 'Price' || field === 'DiscountPrice') {
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(value.trim())) return { ok: false, message: t('collection:errors.badPrice', { value }) };
    parsed = Number(value);
  }
  if (field === 'ShelfMark' && !/^[A-Za-z0-9_-]{0,64}$/.test(value.trim())) return { ok: false, message: t('collection:errors.badShelfMark', { value }) };
  if (field === 'CallNo' && (!value.trim() || value.length > 100)) return { ok: false, message: t('collection:errors.badCallNo', { value }) };
  const schema = FORM_FIELD[field];
  if (schema) {
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      const issue = checked.error.issues[0]!.message;
      const key = parseMessageKey(issue);
      return { ok: false, message: key ? t(key.key, { ...key.params, field: t(`collection:resources.copy.fields.${field}`) }) : issue };
    }
    parsed = checked.data as string | number;
  }
  return { ok: true, value: parsed };
}

async function run(ctx: CallContext, changes: Change[], apply: boolean): Promise<BulkResult> {
  const { userId, schoolId } = requireUser(ctx);
  const scope = await branchScope(ctx);
  const t = (k: string, p?: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, k, p);
  const result: BulkResult = { Changes: [], Refused: [], Applied: apply };
  // A barcode scanned twice (or a sheet row repeated) is one change: the first value counts, a
  // different later one is reported, not applied over it.
  const first = new Map<string, string>();
  changes = changes.filter((c) => {
    const key = `${c.barcode}\u0000${c.field}`;
    if (!first.has(key)) {
      first.set(key, c.value);
      return true;
    }
    if (first.get(key) !== c.value) result.Refused.push({ Barcode: c.barcode, Message: t('collection:errors.duplicateBarcode', { code: c.barcode }) });
    return false;
  });
  const barcodes = [...new Set(changes.map((c) => c.barcode))];
  const work = async (db: Parameters<Parameters<typeof writeTx>[1]>[0] | typeof ctx.app.db) => {
    const rows = [];
    for (let i = 0; i < barcodes.length; i += 500) {
      let q = db.selectFrom('copies').innerJoin('titles', 'titles.id', 'copies.title_id').leftJoin('batches', 'batches.id', 'copies.batch_id')
        .select(['copies.id', 'copies.barcode', 'copies.branch_id', 'copies.shelf_mark', 'copies.price', 'copies.discount_price', 'copies.call_no', 'copies.note', 'titles.title', 'batches.state as batch_state', 'batches.batch_no'])
        .where('copies.school_id', '=', schoolId).where('copies.barcode', 'in', barcodes.slice(i, i + 500));
      if (scope.ids) q = q.where('copies.branch_id', 'in', inList(scope.ids));
      rows.push(...await q.execute());
    }
    const byBarcode = new Map(rows.map((r) => [r.barcode, r]));
    const at = new Date().toISOString();
    for (const c of changes) {
      const copy = byBarcode.get(c.barcode);
      if (!copy) {
        result.Refused.push({ Barcode: c.barcode, Message: t('collection:errors.noCopyFor', { code: c.barcode }) });
        continue;
      }
      const parsed = parseValue(c.field, c.value, t);
      if (!parsed.ok) {
        result.Refused.push({ Barcode: c.barcode, Message: parsed.message });
        continue;
      }
      const column = COLUMN[c.field];
      const before = String(copy[column] ?? '');
      const after = String(parsed.value);
      if (before === after) continue;
      // A closed batch is settled (acquisition/batch-rules.ts assertNotSettled): its copies keep their prices.
      if ((column === 'price' || column === 'discount_price') && settlesCopies(copy.batch_state)) {
        result.Refused.push({ Barcode: c.barcode, Message: t('acquisition:errors.closedCopyPrices', { barcode: copy.barcode, no: copy.batch_no }) });
        continue;
      }
      result.Changes.push({ ID: copy.id, Barcode: copy.barcode, Title: copy.title, Field: c.field, Before: before, After: after });
      if (apply) {
        await db.updateTable('copies').set({ [column]: parsed.value, updated_at: at }).where('id', '=', copy.id).where('school_id', '=', schoolId).execute();
        await db.insertInto('copy_events').values({ school_id: schoolId, copy_id: copy.id, barcode: copy.barcode, event: 'edit', user_id: userId, at, detail: JSON.stringify({ changes: { [column]: { from: before, to: after } }, bulk: true }) }).execute();
      }
    }
  };
  if (apply) await writeTx(ctx.app.db, (trx) => work(trx));
  else await work(ctx.app.db);
  return result;
}

/** The sheet's rows as changes: a barcode column and one column per field to change. */
async function changesFromSheet(ctx: CallContext, base64: string): Promise<Change[]> {
  const sheet = await readSheet(Buffer.from(base64, 'base64'), 5000);
  if ('error' in sheet) throw AppError.badRequest(sheet.error);
  const find = (names: string[]) => sheet.headers.findIndex((h) => names.includes(h.trim().toLowerCase()));
  const barcodeCol = find(HEADERS.Barcode);
  if (barcodeCol < 0) throw AppError.badRequest('collection:errors.sheetNoBarcode');
  const fields = BULK_FIELDS.map((f) => [f, find(HEADERS[f])] as const).filter(([, i]) => i >= 0);
  if (!fields.length) throw AppError.badRequest('collection:errors.sheetNoField');
  const changes: Change[] = [];
  for (const row of sheet.rows) {
    const barcode = row.cells[barcodeCol] ?? '';
    if (!barcode) continue;
    // An empty cell leaves that field as it is.
    for (const [field, i] of fields) if (row.cells[i] !== '') changes.push({ barcode, field, value: row.cells[i] ?? '' });
  }
  return changes;
}

export const bulkHandlers = {
  'collection.bulk.preview': handler(C.preview, async (input, ctx) => run(ctx, input.Barcodes.map((b) => ({ barcode: b, field: input.Field, value: input.Value })), false)),
  'collection.bulk.apply': handler(C.apply, async (input, ctx) => run(ctx, input.Barcodes.map((b) => ({ barcode: b, field: input.Field, value: input.Value })), true)),
  'collection.bulk.file': handler(C.file, async (input, ctx) => run(ctx, await changesFromSheet(ctx, input.Content), input.Apply)),
  /**
   * Bulk deletion: the preview lists what would go and what is refused (on loan, on hold, lent
   * before: those are weeded, not deleted; in a class corner); with Confirm the deletable copies
   * go in one transaction. Titles left without copies stay in the catalogue (their record may be
   * reused).
   */
  'collection.bulk.delete': handler(C.deleteAll, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const t = (k: string, p?: Record<string, unknown>) => ctx.app.i18n.t(ctx.lang, k, p);
    const wanted = [...new Set(input.Barcodes)];
    let q = ctx.app.db.selectFrom('copies').innerJoin('titles', 'titles.id', 'copies.title_id')
      .select(['copies.id', 'copies.school_id', 'copies.barcode', 'copies.storage_area', 'copies.circ_state', 'copies.title_id', 'titles.title'])
      .where('copies.school_id', '=', schoolId).where('copies.barcode', 'in', wanted);
    if (scope.ids) q = q.where('copies.branch_id', 'in', inList(scope.ids));
    const rows = await q.execute();
    // The same refusals the confirm's changeMany makes, so the preview shows what will happen.
    const ties = await copyTies(ctx.app.db, schoolId, rows.map((r) => r.id), 'delete');
    const found = new Map(rows.map((r) => [r.barcode, r]));
    const result: BulkResult & { TitlesLeftEmpty: number } = { Changes: [], Refused: [], Applied: input.Confirm, TitlesLeftEmpty: 0 };
    for (const b of wanted) {
      const r = found.get(b);
      if (!r) { result.Refused.push({ Barcode: b, Message: t('collection:errors.noCopyFor', { code: b }) }); continue; }
      const checked = checkCopyChange(r, 'delete');
      if (!checked.ok) { result.Refused.push({ Barcode: b, Message: t(checked.error.key, checked.error.params) }); continue; }
      const tie = ties.get(r.id);
      if (tie) { result.Refused.push({ Barcode: b, Message: t(tie) }); continue; }
      result.Changes.push({ ID: r.id, Barcode: b, Title: r.title, Field: 'delete', Before: '', After: '' });
    }
    const going = new Set(result.Changes.map((c) => c.ID));
    const titleIds = [...new Set(rows.filter((r) => going.has(r.id)).map((r) => r.title_id))];
    if (titleIds.length) {
      const counts = await ctx.app.db.selectFrom('copies').select(['title_id', (e) => e.fn.countAll().as('n')]).where('school_id', '=', schoolId).where('title_id', 'in', titleIds).groupBy('title_id').execute();
      result.TitlesLeftEmpty = counts.filter((c) => Number(c.n) === rows.filter((r) => r.title_id === c.title_id && going.has(r.id)).length).length;
    }
    if (input.Confirm && going.size) {
      const r = await changeMany(ctx, [...going], 'delete', undefined);
      // A copy that changed between preview and confirm is reported, not deleted.
      for (const x of r.Refused) {
        result.Changes = result.Changes.filter((c) => c.ID !== x.ID);
        result.Refused.push({ Barcode: x.Barcode, Message: x.Message });
      }
    }
    return result;
  }),
} satisfies HandlerMapFor<typeof C>;
