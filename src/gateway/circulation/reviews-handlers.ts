import type { Kysely } from 'kysely';
import { REVIEW_MENU, REVIEW_STATES, reviewCalls as R, type BookReview, type ReviewState } from '../../shared/api/circulation-reviews.ts';
import { inList } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { holds } from '../access/permissions.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';

/**
 * Readers' book reviews (contract: shared/api/circulation-reviews.ts). A reader writes their own
 * (self-service: the rows are theirs); staff holding the book-review menu read every state, and
 * with its operation pass or reject. Others read passed reviews, the reviewer's name masked.
 */

type Db = Kysely<Database>;

interface ReviewFilter {
  schoolId: number;
  userId?: number;
  titleId?: number;
  states: readonly ReviewState[];
  ids?: readonly number[];
}

/** "李子轩" → "李**": a classmate's review is shown, not who wrote it. */
const masked = (name: string) => { const chars = [...name]; return chars.length ? chars[0] + '*'.repeat(Math.max(1, chars.length - 1)) : ''; };

async function findReviews(db: Db, f: ReviewFilter, page: number, rows: number, o: { lang: CallContext['lang']; viewer: number; staff: boolean }) {
  let q = db.selectFrom('book_reviews as r')
    .innerJoin('titles as t', 't.id', 'r.title_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('departments as d', 'd.id', 'u.dept_id')
    .where('r.school_id', '=', f.schoolId)
    .where('r.state', 'in', [...f.states]);
  if (f.userId != null) q = q.where('r.user_id', '=', f.userId);
  if (f.titleId != null) q = q.where('r.title_id', '=', f.titleId);
  if (f.ids) q = q.where('r.id', 'in', inList(f.ids));
  const [count, list] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    q.select(['r.id', 'r.title_id', 't.title', 'r.user_id', 'u.name', 'd.name as dept_name', 'd.en_name as dept_en_name', 'r.rating', 'r.text', 'r.state', 'r.created_at', 'r.updated_at'])
      .orderBy('r.updated_at', 'desc').orderBy('r.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  return {
    Total: Number(count.n),
    List: list.map((r): BookReview => ({
      ID: r.id, TitleID: r.title_id, Title: r.title,
      ReaderName: o.staff || r.user_id === o.viewer ? r.name : masked(r.name),
      ClassName: (o.lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
      Rating: r.rating, Text: r.text, State: r.state, CreatedAt: r.created_at, UpdatedAt: r.updated_at,
    })),
  };
}

export const reviewHandlers = {
  'circulationReviews.borrowingBookReviews': handler(R.borrowingBookReviews, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    let savedId: number | null = null;
    const draft = input.Review;
    if (draft) {
      const title = await db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('id', '=', draft.TitleID).executeTakeFirst();
      if (!title) throw AppError.notFound('circulation-reviews:refused.titleNotFound');
      // A loan of any copy of the title by this reader, open or returned (an undone one does not count).
      const loan = await db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select('l.id')
        .where('l.school_id', '=', schoolId).where('l.user_id', '=', userId).where('c.title_id', '=', draft.TitleID).where('l.cancelled', '=', 0)
        .limit(1).executeTakeFirst();
      if (!loan) throw AppError.conflict('circulation-reviews:refused.notBorrowed');
      const now = new Date().toISOString();
      savedId = await db.transaction().execute(async (trx) => {
        const inserted = await trx.insertInto('book_reviews')
          .values({ school_id: schoolId, title_id: draft.TitleID, user_id: userId, rating: draft.Rating, text: draft.Text, state: 'pending', created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(['school_id', 'title_id', 'user_id']).doNothing())
          .returning('id').executeTakeFirst();
        if (inserted) return inserted.id;
        const mine = await trx.selectFrom('book_reviews').select(['id', 'state'])
          .where('school_id', '=', schoolId).where('title_id', '=', draft.TitleID).where('user_id', '=', userId).executeTakeFirstOrThrow();
        if (mine.state !== 'pending') throw AppError.conflict('circulation-reviews:refused.decided');
        await trx.updateTable('book_reviews').set({ rating: draft.Rating, text: draft.Text, updated_at: now })
          .where('id', '=', mine.id).where('school_id', '=', schoolId).where('state', '=', 'pending').execute();
        return mine.id;
      });
    }
    const view = { lang: ctx.lang, viewer: userId, staff: false };
    const page = await findReviews(db, { schoolId, userId, states: REVIEW_STATES }, input.Page, input.Rows, view);
    const saved = savedId == null ? null : (await findReviews(db, { schoolId, userId, states: REVIEW_STATES, ids: [savedId] }, 1, 1, view)).List[0] ?? null;
    return { ...page, Saved: saved };
  }),

  'circulationReviews.literatureReviews': handler(R.literatureReviews, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const staff = holds(await ctx.app.permissions.of(userId, schoolId), REVIEW_MENU);
    if (!staff && input.State && input.State !== 'passed') throw AppError.forbidden();
    if (input.TitleID != null) {
      const title = await ctx.app.db.selectFrom('titles').select('id').where('school_id', '=', schoolId).where('id', '=', input.TitleID).executeTakeFirst();
      if (!title) throw AppError.notFound('circulation-reviews:refused.titleNotFound');
    }
    const states: readonly ReviewState[] = !staff ? ['passed'] : input.State ? [input.State] : REVIEW_STATES;
    return findReviews(ctx.app.db, { schoolId, titleId: input.TitleID, states }, input.Page, input.Rows, { lang: ctx.lang, viewer: userId, staff });
  }),

  'circulationReviews.moderate': handler(R.moderate, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const ids = [...new Set(input.IDs)];
    const changed = await ctx.app.db.updateTable('book_reviews')
      .set({ state: input.State, reviewed_by: userId, reviewed_at: new Date().toISOString() })
      .where('school_id', '=', schoolId).where('id', 'in', ids).where('state', '!=', input.State)
      .returning('id').execute();
    return { Changed: changed.map((r) => r.id).sort((a, b) => a - b) };
  }),
} satisfies HandlerMapFor<typeof R>;
