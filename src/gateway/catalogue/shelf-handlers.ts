import { sql } from 'kysely';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { compareCallNumbers, composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { peekSequenceNumber, type Db } from './catalogue-store.ts';
import { candidateKey, LIKELY_DUPLICATE, titleSimilarity } from './title-similarity.ts';

type TitleLike = { id: number; title: string; author: string; isbn: string; class_no: string; book_no: string; add_no: string; publisher: string };

async function withCopies(db: Db, schoolId: number, rows: TitleLike[]) {
  const counts = rows.length
    ? await db.selectFrom('copies').select(['title_id', (e) => e.fn.countAll().as('n')]).where('school_id', '=', schoolId).where('title_id', 'in', rows.map((r) => r.id)).groupBy('title_id').execute()
    : [];
  const n = new Map(counts.map((c) => [c.title_id, Number(c.n)]));
  return rows.map((r) => ({
    ItemID: r.id, Title: r.title, Author: r.author, ISBN: r.isbn, ClassNo: r.class_no, BookNo: r.book_no, AddNo: r.add_no,
    CallNo: composeCallNumber({ classNo: r.class_no, bookNo: r.book_no, addNo: r.add_no }), Copies: n.get(r.id) ?? 0, Publisher: r.publisher,
  }));
}

const COLS = ['id', 'title', 'author', 'isbn', 'class_no', 'book_no', 'add_no', 'publisher'] as const;

export const shelfHandlers = {
  'catalogue.sameClass': handler(C.getEqualIndexNumItem, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const rows = await ctx.app.db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where('class_no', '=', input.ClassNo).limit(2000).execute();
    const list = (await withCopies(ctx.app.db, schoolId, rows)).sort((a, b) => compareCallNumbers(a.CallNo, b.CallNo)).map(({ Publisher: _p, ...x }) => x);
    return { Next: await peekSequenceNumber(ctx.app.db, schoolId, input.ClassNo), List: list };
  }),
  'catalogue.duplicates': handler(C.checkDuplicates, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const out = new Map<number, { score: number; reason: 'isbn' | 'title' }>();
    const isbn13 = input.ISBN ? toIsbn13(input.ISBN) : null;
    if (isbn13) {
      for (const r of await ctx.app.db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('isbn13', '=', isbn13).execute()) out.set(r.id, { score: 1, reason: 'isbn' });
    }
    const title = input.Title.trim();
    if (title) {
      // A cheap prefilter by the start of the pinyin, then the pinyin-aware similarity on the few left.
      const key = candidateKey(title, 3);
      const candidates = key
        ? await ctx.app.db.selectFrom('titles').select(['id', 'title', 'author']).where('school_id', '=', schoolId).where('pinyin', 'like', `${key}%`).limit(3000).execute()
        : [];
      for (const c of candidates) {
        const score = titleSimilarity({ title, author: input.Author }, { title: c.title, author: c.author });
        if (score >= LIKELY_DUPLICATE && !out.has(c.id)) out.set(c.id, { score: Math.round(score * 100) / 100, reason: 'title' });
      }
    }
    const rows = out.size ? await ctx.app.db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where('id', 'in', [...out.keys()]).execute() : [];
    const list = (await withCopies(ctx.app.db, schoolId, rows)).map((r) => ({ ...r, Score: out.get(r.ItemID)!.score, Reason: out.get(r.ItemID)!.reason }));
    return { List: list.sort((a, b) => b.Score - a.Score).slice(0, 50) };
  }),
  'catalogue.duplicateGroups': handler(C.duplicateGroups, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const db = ctx.app.db;
    // One book catalogued twice: the same ISBN, or (without one) the same title spelling and author.
    const byIsbn = await db.selectFrom('titles').select(['isbn13 as k', sql<string>`'isbn'`.as('reason')]).where('school_id', '=', schoolId).where('isbn13', '!=', '')
      .groupBy('isbn13').having((e) => e.fn.countAll(), '>', 1).execute();
    const byTitle = await db.selectFrom('titles').select([sql<string>`pinyin || '|' || author`.as('k'), sql<string>`'title'`.as('reason')]).where('school_id', '=', schoolId).where('pinyin', '!=', '')
      .groupBy(['pinyin', 'author']).having((e) => e.fn.countAll(), '>', 1).execute();
    const groups = [...byIsbn, ...byTitle];
    const page = groups.slice((input.Page - 1) * input.Rows, input.Page * input.Rows);
    const list = [];
    for (const g of page) {
      const rows = g.reason === 'isbn'
        ? await db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where('isbn13', '=', g.k).orderBy('id').execute()
        : await db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where(sql<string>`pinyin || '|' || author`, '=', g.k).orderBy('id').execute();
      list.push({ Reason: g.reason as 'isbn' | 'title', Items: (await withCopies(db, schoolId, rows)).map(({ Publisher: _p, ...x }) => x) });
    }
    return { Total: groups.length, List: list };
  }),
  'catalogue.merge': handler(C.mergeTitles, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    if (input.KeepID === input.MergeID) throw AppError.badRequest('catalogue:errors.mergeSelf');
    return writeTx(ctx.app.db, async (trx) => {
      const [keep, gone] = await Promise.all([input.KeepID, input.MergeID].map((id) => trx.selectFrom('titles').select(['id', 'class_no', 'book_no', 'add_no']).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()));
      if (!keep || !gone) throw AppError.notFound();
      const copies = await trx.selectFrom('copies').select(['id', 'barcode']).where('school_id', '=', schoolId).where('title_id', '=', gone.id).execute();
      const callNo = composeCallNumber({ classNo: keep.class_no, bookNo: keep.book_no, addNo: keep.add_no });
      const at = new Date().toISOString();
      if (copies.length) {
        await trx.updateTable('copies').set({ title_id: keep.id, call_no: callNo, updated_at: at }).where('school_id', '=', schoolId).where('title_id', '=', gone.id).execute();
        await trx.insertInto('copy_events').values(copies.map((c) => ({
          school_id: schoolId, copy_id: c.id, barcode: c.barcode, event: 'merge', user_id: userId, at, detail: JSON.stringify({ fromTitle: gone.id, toTitle: keep.id, callNo }),
        }))).execute();
      }
      await trx.deleteFrom('titles').where('id', '=', gone.id).where('school_id', '=', schoolId).execute();
      return { ItemID: keep.id, Moved: copies.length };
    });
  }),
} satisfies HandlerMapFor<typeof C>;
