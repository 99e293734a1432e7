import { formatBarcode } from '../../shared/domain/catalogue/barcode-sequence.ts';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { CLC_MAIN_CLASSES, CLC_CLASSES } from '../../shared/domain/catalogue/clc-classes.ts';
import { DEWEY_CLASSES, deweyClass } from '../../shared/domain/catalogue/dewey-classes.ts';
import { authorNumber, composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { applyLengthLimit, DEFAULT_EDITING_CONFIG, editingConfigSchema, type EditingConfig } from '../../shared/domain/catalogue/editing-config.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { CIRCULATION_STATES, COPY_EVENTS, LENDING_AREAS, PLACEABLE_AREAS, STORAGE_AREAS, storageAreaName, type StorageAreaName } from '../../shared/domain/catalogue/copy-states.ts';
import { discountPrice } from '../../shared/domain/batch-rules.ts';
import { pinyin } from '../search/pinyin.ts';
import { indexNewTitles } from '../search/title-index.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { branchScope, requireType, typeFilter } from '../access/access-scope.ts';
import { assertBatchAcceptsCopies } from '../acquisition/batch-rules.ts';
import { copyCountOf, freeBarcodes, peekSequenceNumber, spellTitle, takeBarcodes, takeSequenceNumber, titleByIsbn13, toItem } from './catalogue-store.ts';

export const EDITING_CONFIG_KEY = 'editing-config';
const nowIso = () => new Date().toISOString();

export const editingConfigOf = (ctx: CallContext, schoolId: number): Promise<EditingConfig> =>
  readSetting(ctx.app.db, schoolId, EDITING_CONFIG_KEY, editingConfigSchema, DEFAULT_EDITING_CONFIG);

/** Romanised author for author numbers: pinyin for Chinese names (surname readings), as typed for Latin ones. */
function romanise(author: string): string {
  const name = author.replace(/\s*[（(].*?[)）]\s*/g, ' ').replace(/\s*(著|编著|主编|编|译|绘|撰)$/u, '').trim();
  return pinyin(name, { toneType: 'none', surname: 'head', nonZh: 'consecutive' });
}

async function bookNumberFor(ctx: CallContext, schoolId: number, config: EditingConfig, classNo: string, author: string): Promise<{ bookNo: string; scheme: 'sequence' | 'author' }> {
  if (config.BookNumberScheme === 'author' && author.trim()) return { bookNo: authorNumber(romanise(author)), scheme: 'author' };
  return { bookNo: classNo ? await peekSequenceNumber(ctx.app.db, schoolId, classNo) : '', scheme: 'sequence' };
}

/** The class part of the call number: Dewey for English books when the school says so, else CLC. */
export function callClass(config: EditingConfig, t: { language: string; classNo: string; deweyNo: string }): string {
  return config.DeweyForEnglish && t.language === 'en' && t.deweyNo ? t.deweyNo : t.classNo;
}

export const catalogueHandlers = {
  'catalogue.configData': handler(C.getConfigData, async (_input, ctx) => {
    // Names come from the locale files, so the screens and the gateway's messages say the same.
    const both = (key: string) => ({ Name: ctx.app.i18n.t('zh-CN', key), EnName: ctx.app.i18n.t('en-US', key) });
    return {
      StorageAreas: (Object.entries(STORAGE_AREAS) as [StorageAreaName, number][]).map(([name, code]) => ({
        Code: code, ...both(`catalogue:storage.${name}`),
        Placeable: (PLACEABLE_AREAS as readonly number[]).includes(code), Lending: (LENDING_AREAS as readonly number[]).includes(code),
      })),
      CirculationStates: CIRCULATION_STATES.map((c) => ({ Code: c, ...both(`catalogue:circ.${c}`) })),
      CopyEvents: COPY_EVENTS.map((e) => ({ Code: e, ...both(`catalogue:event.${e}`) })),
      Languages: editingConfigSchema.shape.DefaultLanguage.options.map((l) => ({ Code: l, ...both(`catalogue:rules.language.${l}`) })),
      BookNumberSchemes: editingConfigSchema.shape.BookNumberScheme.options.map((b) => ({ Code: b, ...both(`catalogue:rules.scheme.${b}`) })),
    };
  }),
  'catalogue.config.get': handler(C.getEditingConfig, async (_input, ctx) => editingConfigOf(ctx, requireSchool(ctx))),
  'catalogue.config.save': handler(C.saveEditingConfig, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    if (input.DefaultAreaID != null) {
      const area = await ctx.app.db.selectFrom('collection_areas').select('id').where('school_id', '=', schoolId).where('id', '=', input.DefaultAreaID).executeTakeFirst();
      if (!area) throw AppError.notFound();
    }
    if (input.DefaultSequenceID != null) {
      const seq = await ctx.app.db.selectFrom('barcode_sequences').select('id').where('school_id', '=', schoolId).where('id', '=', input.DefaultSequenceID).executeTakeFirst();
      if (!seq) throw AppError.notFound();
    }
    await writeSetting(ctx.app.db, schoolId, EDITING_CONFIG_KEY, input);
    return input;
  }),
  'catalogue.afi': handler(C.getAfi, async (_input, ctx) => {
    const config = await editingConfigOf(ctx, requireSchool(ctx));
    if (!config.AFI) throw AppError.refused('catalogue:errors.afiNotSet');
    return { AFI: config.AFI, LoanAFI: config.LoanAFI };
  }),
  'catalogue.clcTree': handler(C.getCustomClassify, async () =>
    CLC_MAIN_CLASSES.map((m) => ({
      Code: m.code, Name: m.zh, EnName: m.en,
      Children: CLC_CLASSES.filter((c) => c.code !== m.code && c.code.startsWith(m.code)).map((c) => ({ Code: c.code, Name: c.zh, EnName: c.en })),
    })),
  ),
  'catalogue.dewey': handler(C.getDeweyClassification, async (input) => {
    const match = input.Number ? deweyClass(input.Number) : null;
    return { List: DEWEY_CLASSES.map((d) => ({ Code: d.code, Name: d.zh, EnName: d.en })), Match: match ? { Code: match.code, Name: match.zh, EnName: match.en } : null };
  }),
  'catalogue.chineseAuthorNumber': handler(C.getChiIndexNum, async (input) => {
    const py = romanise(input.Author);
    return { AuthorNumber: authorNumber(py), Pinyin: py };
  }),
  'catalogue.latinAuthorNumber': handler(C.getDwIndexNum, async (input) => ({ AuthorNumber: authorNumber(input.Author) })),
  'catalogue.sequences': handler(C.getBarCodeAutoAddList, async (_input, ctx) => {
    const rows = await ctx.app.db.selectFrom('barcode_sequences').selectAll().where('school_id', '=', requireSchool(ctx)).orderBy('is_default', 'desc').orderBy('id').execute();
    return rows.map((r) => ({ ID: r.id, Name: r.name, Prefix: r.prefix, Width: r.width, NextNumber: r.next_number, IsDefault: r.is_default === 1, Next: formatBarcode(r.prefix, r.width, r.next_number) }));
  }),
  'catalogue.nextBarcodes': handler(C.getBarCodeList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const seq = await ctx.app.db.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).where('id', '=', input.SequenceID).executeTakeFirst();
    if (!seq) throw AppError.notFound();
    // A preview: the same numbers the next save takes, passing over barcodes already in use.
    const { barcodes } = await freeBarcodes(ctx.app.db, schoolId, seq, seq.next_number, input.Count);
    return { List: barcodes };
  }),
  'catalogue.callNumber': handler(C.getItemListNumCalculate, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    // The class the save will shelve by (Dewey for English books when the school says so), so the
    // preview and the saved call number agree.
    const config = await editingConfigOf(ctx, schoolId);
    const classNo = callClass(config, { language: input.Language ?? config.DefaultLanguage, classNo: input.ClassNo, deweyNo: input.DeweyNo ?? '' });
    const { bookNo, scheme } = await bookNumberFor(ctx, schoolId, config, classNo, input.Author ?? '');
    const addNo = input.AddNo ?? '';
    return { ClassNo: classNo, BookNo: bookNo, AddNo: addNo, CallNo: composeCallNumber({ classNo, bookNo, addNo }), Scheme: scheme };
  }),
  'catalogue.ourLibrary': handler(C.ourLibrary, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await titleByIsbn13(ctx.app.db, schoolId, toIsbn13(input.ISBN)!);
    if (!row) return { Found: false, Source: 'our-library', Item: null };
    return { Found: true, Source: 'our-library', Item: toItem(row, await copyCountOf(ctx.app.db, schoolId, row.id)) };
  }),
  'catalogue.save': handler(C.addItemsCatalogueInfo, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const { app } = ctx;
    const [scope, types, config] = await Promise.all([branchScope(ctx), typeFilter(ctx), editingConfigOf(ctx, schoolId)]);
    const item = input.Item;
    const copies = input.Copies;
    if (copies.Barcodes && copies.Barcodes.length !== copies.Count) throw AppError.badRequest('catalogue:errors.barcodeCount', { count: copies.Count, given: copies.Barcodes.length });
    if (copies.Barcodes && new Set(copies.Barcodes).size !== copies.Barcodes.length) {
      const dup = copies.Barcodes.find((b, i) => copies.Barcodes!.indexOf(b) !== i)!;
      throw AppError.conflict('catalogue:errors.barcodeDuplicated', { barcode: dup });
    }
    const area = await app.db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', '=', copies.AreaID).executeTakeFirst();
    if (!area) throw AppError.notFound();
    scope.require(area.branch_id);
    // New copies take the area's storage code: a weeded or lost area would make them "available" there.
    if (!(PLACEABLE_AREAS as readonly number[]).includes(area.storage_area)) {
      const storage = storageAreaName(area.storage_area);
      throw AppError.refused('catalogue:errors.areaNotPlaceable', {
        area: ctx.lang === 'en-US' && area.en_name ? area.en_name : area.name,
        storage: storage ? app.i18n.t(ctx.lang, `catalogue:storage.${storage}`) : String(area.storage_area),
      });
    }
    const isbn13 = toIsbn13(item.ISBN)!;
    const lim = config.MaxLength;
    const now = nowIso();
    const titleValues = {
      title: applyLengthLimit(item.Title, lim.Title), en_title: item.ParallelTitle ?? '', author: applyLengthLimit(item.Author ?? '', lim.Author),
      publisher: applyLengthLimit(item.Publisher ?? '', lim.Publisher), place: item.Place ?? '', pub_year: item.PubYear ?? null,
      isbn: item.ISBN, isbn13, price: item.Price, class_no: item.ClassNo, dewey_no: item.DeweyNo ?? '', add_no: item.AddNo ?? '',
      language: item.Language ?? config.DefaultLanguage, summary: applyLengthLimit(item.Summary ?? '', lim.Summary),
      subjects: applyLengthLimit(item.Subjects ?? '', lim.Subjects), series: applyLengthLimit(item.Series ?? '', lim.Series),
      edition: item.Edition ?? '', extent: item.Extent ?? '', source: item.Source ?? 'manual',
      ...spellTitle(item.Title),
    };
    const shelfClass = callClass(config, { language: titleValues.language, classNo: item.ClassNo, deweyNo: item.DeweyNo ?? '' });
    try {
      return await writeTx(app.db, async (trx) => {
        let itemId = input.ItemID;
        let created = false;
        let title;
        if (itemId != null) {
          title = await trx.selectFrom('titles').selectAll().where('school_id', '=', schoolId).where('id', '=', itemId).executeTakeFirst();
          if (!title) throw AppError.notFound();
        } else {
          const existing = await titleByIsbn13(trx, schoolId, isbn13);
          if (existing) throw AppError.conflict('catalogue:errors.isbnCatalogued', { title: existing.title }, { ItemID: existing.id });
          const bookNo = item.BookNo?.trim()
            ? item.BookNo.trim()
            : config.BookNumberScheme === 'author' && item.Author?.trim()
              ? authorNumber(romanise(item.Author))
              : shelfClass ? await takeSequenceNumber(trx, app.dbHandle.kind, schoolId, shelfClass) : '';
          title = await trx.insertInto('titles').values({ school_id: schoolId, ...titleValues, book_no: bookNo, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
          itemId = title.id;
          created = true;
          await indexNewTitles(trx, app.dbHandle.sqlite, schoolId, [title]);
        }
        if (title.resource_type_id == null && copies.BatchID != null) {
          // A title takes its resource type from the first typed batch it is bought in: that is
          // where the type is chosen (acquisition), and what the portal's facet and the desk's
          // per-type limits read. A typed title in another type's batch stays refused below.
          const typed = await trx.selectFrom('batches').select('resource_type_id').where('school_id', '=', schoolId).where('id', '=', copies.BatchID).executeTakeFirst();
          if (typed?.resource_type_id != null) {
            await trx.updateTable('titles').set({ resource_type_id: typed.resource_type_id }).where('id', '=', title.id).execute();
            title = { ...title, resource_type_id: typed.resource_type_id };
          }
        }
        if (title.resource_type_id != null) requireType(types, title.resource_type_id);
        const batch = copies.BatchID != null ? await assertBatchAcceptsCopies(trx, schoolId, copies.BatchID, { branchId: area.branch_id, resourceTypeId: title.resource_type_id }) : null;
        let barcodes = copies.Barcodes;
        if (!barcodes) {
          const seqId = copies.SequenceID ?? config.DefaultSequenceID;
          const seq = seqId != null
            ? await trx.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).where('id', '=', seqId).executeTakeFirst()
            : await trx.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();
          if (!seq) throw AppError.refused('catalogue:errors.noSequence');
          barcodes = await takeBarcodes(trx, schoolId, seq, copies.Count);
          // Never fewer copies than asked: the whole save is refused and the sequence is untouched.
          if (barcodes.length < copies.Count) throw AppError.refused('catalogue:errors.sequenceExhausted', { name: seq.name });
        } else {
          const used = await trx.selectFrom('copies').select('barcode').where('school_id', '=', schoolId).where('barcode', 'in', barcodes).executeTakeFirst();
          if (used) throw AppError.conflict('catalogue:errors.barcodeDuplicated', { barcode: used.barcode });
        }
        const callNo = composeCallNumber({ classNo: callClass(config, { language: title.language, classNo: title.class_no, deweyNo: title.dewey_no }), bookNo: title.book_no, addNo: title.add_no });
        const price = copies.Price ?? title.price;
        const paid = copies.DiscountPrice ?? (batch ? discountPrice(price, batch.discountRate) : price);
        const rows = await trx
          .insertInto('copies')
          .values(barcodes.map((barcode) => ({
            school_id: schoolId, title_id: itemId!, barcode, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: callNo,
            storage_area: area.storage_area, circ_state: 'available', price, discount_price: paid, batch_id: batch?.id ?? null,
            shelf_mark: copies.ShelfMark ?? '', created_at: now, updated_at: now,
          })))
          .returning(['id', 'barcode'])
          .execute();
        await trx.insertInto('copy_events').values(rows.map((r) => ({
          school_id: schoolId, copy_id: r.id, barcode: r.barcode, event: 'catalogue', user_id: userId, at: now,
          detail: JSON.stringify({ titleId: itemId, areaId: area.id, batchId: batch?.id ?? null }),
        }))).execute();
        return { ItemID: itemId!, Created: created, CallNo: callNo, Copies: rows.map((r) => ({ ID: r.id, Barcode: r.barcode, CallNo: callNo })) };
      });
    } catch (err) {
      // The unique index is the judge, also for two saves racing with the same barcode.
      if (isUniqueViolation(err)) throw AppError.conflict('catalogue:errors.barcodeDuplicated', { barcode: (copies.Barcodes ?? []).join(', ') || '—' });
      throw err;
    }
  }),
} satisfies HandlerMapFor<typeof C>;
