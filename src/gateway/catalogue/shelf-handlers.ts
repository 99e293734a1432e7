import { sql, type Transaction } from 'kysely';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { compareCallNumbers, composeCallNumber } from '../../shared/domain/catalogue/call-number.ts';
import { toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';
import { branchScope, requireType, typeFilter } from '../access/access-scope.ts';
import { cancelHold, type HoldActor } from '../holds/hold-store.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import type { Database } from '../db/schema.ts';
import { callClass, editingConfigOf } from './catalogue-handlers.ts';
import { peekSequenceNumber, type Db } from './catalogue-store.ts';
import { startsWith } from '../search/title-index.ts';
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

/** Classes under the one asked for that the screen lists (the rest: ask for a narrower class). */
const SUBCLASSES = 60;

const COLS = ['id', 'title', 'author', 'isbn', 'class_no', 'book_no', 'add_no', 'publisher'] as const;

/**
 * How a title is compared for duplicates: its pinyin, or, for a title without Chinese (whose
 * pinyin is empty), the title lower-cased.
 */
const spelling = sql<string>`coalesce(nullif(pinyin, ''), lower(title))`;

export const shelfHandlers = {
  'catalogue.sameClass': handler(C.getEqualIndexNumItem, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    // Shelf order needs every title's call number (a big school's I247.5 holds thousands): the
    // numbers are read for the whole class and sorted, then only the page's titles are read whole.
    const numbers = await ctx.app.db.selectFrom('titles').select(['id', 'class_no', 'book_no', 'add_no']).where('school_id', '=', schoolId).where('class_no', '=', input.ClassNo).execute();
    const shelf = numbers.map((r) => ({ id: r.id, callNo: composeCallNumber({ classNo: r.class_no, bookNo: r.book_no, addNo: r.add_no }) }))
      .sort((a, b) => compareCallNumbers(a.callNo, b.callNo) || a.id - b.id);
    const pageIds = shelf.slice((input.Page - 1) * input.Rows, input.Page * input.Rows).map((r) => r.id);
    const rows = pageIds.length ? await ctx.app.db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where('id', 'in', pageIds).execute() : [];
    const at = new Map(pageIds.map((id, k) => [id, k]));
    const list = (await withCopies(ctx.app.db, schoolId, rows)).sort((a, b) => at.get(a.ItemID)! - at.get(b.ItemID)!).map(({ Publisher: _p, ...x }) => x);
    // The classes under it: in CLC every extension of a notation is a subdivision of it.
    const under = await ctx.app.db.selectFrom('titles').select(['class_no', (e) => e.fn.countAll().as('n')])
      .where('school_id', '=', schoolId).where(startsWith('class_no', input.ClassNo)).where('class_no', '!=', input.ClassNo)
      .groupBy('class_no').orderBy('class_no').limit(SUBCLASSES + 1).execute();
    const subclasses = under.slice(0, SUBCLASSES).map((r) => ({ ClassNo: r.class_no, Titles: Number(r.n) })).sort((a, b) => compareCallNumbers(a.ClassNo, b.ClassNo));
    return { Next: await peekSequenceNumber(ctx.app.db, schoolId, input.ClassNo), Total: shelf.length, List: list, Subclasses: subclasses, MoreSubclasses: under.length > SUBCLASSES };
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
        ? await ctx.app.db.selectFrom('titles').select(['id', 'title', 'author']).where('school_id', '=', schoolId).where(spelling, 'like', `${key}%`).limit(3000).execute()
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
    const titleKey = sql<string>`${spelling} || '|' || author`;
    const byTitle = await db.selectFrom('titles').select([titleKey.as('k'), sql<string>`'title'`.as('reason')]).where('school_id', '=', schoolId).where(spelling, '!=', '')
      .groupBy(titleKey).having((e) => e.fn.countAll(), '>', 1).execute();
    const groups = [...byIsbn, ...byTitle];
    const page = groups.slice((input.Page - 1) * input.Rows, input.Page * input.Rows);
    const list = [];
    for (const g of page) {
      const rows = g.reason === 'isbn'
        ? await db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where('isbn13', '=', g.k).orderBy('id').execute()
        : await db.selectFrom('titles').select([...COLS]).where('school_id', '=', schoolId).where(titleKey, '=', g.k).orderBy('id').execute();
      list.push({ Reason: g.reason as 'isbn' | 'title', Items: (await withCopies(db, schoolId, rows)).map(({ Publisher: _p, ...x }) => x) });
    }
    return { Total: groups.length, List: list };
  }),
  'catalogue.merge': handler(C.mergeTitles, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    if (input.KeepID === input.MergeID) throw AppError.badRequest('catalogue:errors.mergeSelf');
    // The same scopes as the save: a role limited to some resource types or branches merges only those.
    const [scope, types, config] = await Promise.all([branchScope(ctx), typeFilter(ctx), editingConfigOf(ctx, schoolId)]);
    return writeTx(ctx.app.db, async (trx) => {
      const [keep, gone] = await Promise.all([input.KeepID, input.MergeID].map((id) => trx.selectFrom('titles')
        .select(['id', 'class_no', 'book_no', 'add_no', 'language', 'dewey_no', 'resource_type_id']).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()));
      if (!keep || !gone) throw AppError.notFound();
      requireType(types, ...[keep.resource_type_id, gone.resource_type_id].filter((x): x is number => x != null));
      const goneCopies = await trx.selectFrom('copies').select(['id', 'barcode', 'branch_id']).where('school_id', '=', schoolId).where('title_id', '=', gone.id).execute();
      // The moved copies change call number: each must be in a branch the caller may edit.
      scope.require(...goneCopies.map((c) => c.branch_id));
      // The call number the save gives the kept title (Dewey for English books when the school says so).
      const callNo = composeCallNumber({ classNo: callClass(config, { language: keep.language, classNo: keep.class_no, deweyNo: keep.dewey_no }), bookNo: keep.book_no, addNo: keep.add_no });
      const at = new Date().toISOString();
      if (goneCopies.length) {
        await trx.updateTable('copies').set({ title_id: keep.id, call_no: callNo, updated_at: at }).where('school_id', '=', schoolId).where('title_id', '=', gone.id).execute();
        await trx.insertInto('copy_events').values(goneCopies.map((c) => ({
          school_id: schoolId, copy_id: c.id, barcode: c.barcode, event: 'merge', user_id: userId, at, detail: JSON.stringify({ fromTitle: gone.id, toTitle: keep.id, callNo }),
        }))).execute();
      }
      await repointTitleLinks(trx, { schoolId, userId, now: at }, gone.id, keep.id);
      await trx.deleteFrom('titles').where('id', '=', gone.id).where('school_id', '=', schoolId).execute();
      return { ItemID: keep.id, Moved: goneCopies.length };
    });
  }),
} satisfies HandlerMapFor<typeof C>;

/** Holds still waiting or kept on the shelf (the partial unique index of 0026). */
const ACTIVE_HOLD_STATES = ['notFound', 'found'];

/**
 * Before a merged title is deleted, what points at it moves to the kept title: booklists, activity
 * books and submissions, new-book announcements (which would otherwise cascade away), holds and
 * reviews (which would otherwise block the delete). Where the kept title is already there (the
 * same list, task, announcement or reader), the merged title's row is the duplicate and goes;
 * a reader's second active hold is cancelled, passing its copy on. Every foreign key to titles
 * (db/migrations) is here or handled by a trigger (title_terms, ledgers).
 */
async function repointTitleLinks(trx: Transaction<Database>, who: { schoolId: number; userId: number; now: string }, goneId: number, keepId: number): Promise<void> {
  const { schoolId } = who;
  await trx.deleteFrom('booklist_entries').where('title_id', '=', goneId)
    .where('booklist_id', 'in', (q) => q.selectFrom('booklist_entries').select('booklist_id').where('title_id', '=', keepId)).execute();
  await trx.updateTable('booklist_entries').set({ title_id: keepId }).where('title_id', '=', goneId).execute();
  await trx.deleteFrom('activity_task_books').where('title_id', '=', goneId)
    .where('task_id', 'in', (q) => q.selectFrom('activity_task_books').select('task_id').where('title_id', '=', keepId)).execute();
  await trx.updateTable('activity_task_books').set({ title_id: keepId }).where('title_id', '=', goneId).execute();
  await trx.deleteFrom('newbook_announcement_titles').where('title_id', '=', goneId)
    .where('announcement_id', 'in', (q) => q.selectFrom('newbook_announcement_titles').select('announcement_id').where('title_id', '=', keepId)).execute();
  await trx.updateTable('newbook_announcement_titles').set({ title_id: keepId }).where('title_id', '=', goneId).execute();
  await trx.updateTable('activity_submissions').set({ title_id: keepId }).where('school_id', '=', schoolId).where('title_id', '=', goneId).execute();
  await trx.deleteFrom('book_reviews').where('school_id', '=', schoolId).where('title_id', '=', goneId)
    .where('user_id', 'in', (q) => q.selectFrom('book_reviews').select('user_id').where('school_id', '=', schoolId).where('title_id', '=', keepId)).execute();
  await trx.updateTable('book_reviews').set({ title_id: keepId }).where('school_id', '=', schoolId).where('title_id', '=', goneId).execute();
  const twice = await trx.selectFrom('holds').selectAll().where('school_id', '=', schoolId).where('title_id', '=', goneId).where('state', 'in', ACTIVE_HOLD_STATES)
    .where('user_id', 'in', (q) => q.selectFrom('holds').select('user_id').where('school_id', '=', schoolId).where('title_id', '=', keepId).where('state', 'in', ACTIVE_HOLD_STATES))
    .execute();
  if (twice.length) {
    const actor: HoldActor = { ...who, calendar: (await loadCalendar(trx, schoolId)).calendar };
    for (const h of twice) await cancelHold(trx, actor, h, 'merged');
  }
  await trx.updateTable('holds').set({ title_id: keepId }).where('school_id', '=', schoolId).where('title_id', '=', goneId).execute();
}
