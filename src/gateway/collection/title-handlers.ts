import { titleCalls as C, type TitleRow } from '../../shared/api/collection.ts';
import { composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { PLACEABLE_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { reindexTitles, searchTitleIds } from '../search/title-index.ts';
import { countFiltered, pageIds } from '../search/catalogue-query.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope, inList } from '../access/access-scope.ts';
import { spellTitle, takeBarcodes, type Db } from '../catalogue/catalogue-store.ts';
import { copyById, toCopyRow } from './collection-store.ts';

/** Titles of the catalogue (/resource-mana/resource/catalog): list, edit, delete an empty one, its copies. */

async function titleRows(db: Db, schoolId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('titles').selectAll().where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  // By title id alone (the ids are of this school's titles): with school_id too, SQLite may walk
  // the school's whole copies index instead of copies_title_ix.
  const counts = rows.length
    ? await db.selectFrom('copies').select(['title_id', (e) => e.fn.countAll().as('n'), (e) => e.fn.sum<number>(e.case().when('circ_state', '=', 'available').then(1).else(0).end()).as('free')])
      .where('title_id', 'in', rows.map((r) => r.id)).groupBy('title_id').execute()
    : [];
  const by = new Map(counts.map((c) => [c.title_id, c]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // In the order asked for (the search's ranking).
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{
      ID: r.id, Title: r.title, Author: r.author, Publisher: r.publisher, PubYear: r.pub_year, ISBN: r.isbn, ClassNo: r.class_no,
      CallNo: composeCallNumber({ classNo: r.class_no, bookNo: r.book_no, addNo: r.add_no }), Price: Number(r.price), Language: r.language,
      Copies: Number(by.get(r.id)?.n ?? 0), Available: Number(by.get(r.id)?.free ?? 0), UpdateTime: String(r.updated_at || r.created_at),
    } satisfies TitleRow] : [];
  });
}

/** Titles matching a query, ranked (search/title-index.ts), a page of them with copy counts. */
export async function searchTitles(db: Db, schoolId: number, input: { SearchKey?: string; ClassNo?: string; Page: number; Rows: number }) {
  const match = searchTitleIds(db, schoolId, { key: input.SearchKey });
  const filters = { classNo: input.ClassNo };
  const [page, total] = await Promise.all([pageIds(db, match, filters, 'relevance', input.Page, input.Rows), countFiltered(db, match, filters)]);
  return { List: await titleRows(db, schoolId, page), Total: total };
}

export const titleHandlers = {
  'collection.titles.list': handler(C.list, async (input, ctx) => searchTitles(ctx.app.db, requireUser(ctx).schoolId, input)),
  'collection.titles.copies': handler(C.copies, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    const title = await ctx.app.db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('id', '=', input.ItemID).executeTakeFirst();
    if (!title) throw AppError.notFound();
    const ids = (await ctx.app.db.selectFrom('copies').select('id').where('school_id', '=', schoolId).where('title_id', '=', title.id)
      .$if(scope.ids != null, (q) => q.where('branch_id', 'in', inList(scope.ids!))).orderBy('barcode').limit(1000).execute()).map((r) => r.id);
    const rows = await Promise.all(ids.map((id) => copyById(ctx.app.db, schoolId, scope.ids, id)));
    return rows.filter((r) => r != null).map(toCopyRow);
  }),
  'collection.titles.addCopy': handler(C.addCopy, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const scope = await branchScope(ctx);
    try {
      const id = await writeTx(ctx.app.db, async (trx) => {
        const title = await trx.selectFrom('titles').selectAll().where('school_id', '=', schoolId).where('id', '=', input.ItemID).executeTakeFirst();
        const area = await trx.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', '=', input.AreaID).executeTakeFirst();
        if (!title || !area) throw AppError.notFound();
        scope.require(area.branch_id);
        // A new copy is 'available': not in an area of weeded or lost copies (only events lead there).
        if (!(PLACEABLE_AREAS as readonly number[]).includes(area.storage_area)) {
          throw AppError.refused('collection:errors.areaNotPlaceable', { area: ctx.lang === 'en-US' && area.en_name ? area.en_name : area.name });
        }
        let barcode = input.Barcode;
        if (!barcode) {
          const seq = await trx.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();
          if (!seq) throw AppError.refused('catalogue:errors.noSequence');
          barcode = (await takeBarcodes(trx, schoolId, seq, 1))[0]!;
        }
        const at = new Date().toISOString();
        const price = input.Price ?? Number(title.price);
        const row = await trx.insertInto('copies').values({
          school_id: schoolId, title_id: title.id, barcode, rfid: null, branch_id: area.branch_id, area_id: area.id,
          call_no: composeCallNumber({ classNo: title.class_no, bookNo: title.book_no, addNo: title.add_no }), storage_area: area.storage_area, circ_state: 'available',
          price, discount_price: price, shelf_mark: input.ShelfMark ?? '', created_at: at, updated_at: at,
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('copy_events').values({ school_id: schoolId, copy_id: row.id, barcode, event: 'catalogue', user_id: userId, at, detail: JSON.stringify({ titleId: title.id }) }).execute();
        return row.id;
      });
      return toCopyRow((await copyById(ctx.app.db, schoolId, scope.ids, id))!);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict('catalogue:errors.barcodeDuplicated', { barcode: input.Barcode ?? '—' });
      throw err;
    }
  }),
  'collection.titles.update': handler(C.update, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const r = await trx.updateTable('titles').set({
        title: input.Title, author: input.Author, publisher: input.Publisher, pub_year: input.PubYear, price: input.Price,
        ...(input.Summary != null ? { summary: input.Summary } : {}), ...(input.Subjects != null ? { subjects: input.Subjects } : {}), ...(input.Series != null ? { series: input.Series } : {}),
        ...spellTitle(input.Title), updated_at: new Date().toISOString(),
      }).where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw AppError.notFound();
      await reindexTitles(trx, ctx.app.dbHandle.sqlite, schoolId, [input.ID]);
    });
    return (await titleRows(ctx.app.db, schoolId, [input.ID]))[0]!;
  }),
  /** Only a title without copies goes (its copies are weeded or deleted first). */
  'collection.titles.delete': handler(C.delete, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const copies = await trx.selectFrom('copies').select('id').where('school_id', '=', schoolId).where('title_id', '=', input.ID).executeTakeFirst();
      if (copies) throw AppError.refused('collection:errors.titleHasCopies');
      const gone = await trx.deleteFrom('titles').where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw AppError.notFound();
    });
    return null;
  }),
} satisfies HandlerMapFor<typeof C>;
