import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { idField, intField, text } from '../domain/fields.ts';

/**
 * Readers' short reviews of books they borrowed (the spec's book review: pending review, passed,
 * rejected). A reader reviews a title they have had on loan (open or returned), once per title,
 * and may edit it while it is pending; staff with the book-review menu see every state and pass or
 * reject. Everyone signed in reads the passed ones. The moderation screen is a later issue's.
 */

export const REVIEW_MENU = '/bookreview';
export const REVIEW_MODERATE = 'circulation.reviews.moderate';
export const REVIEW_STATES = ['pending', 'passed', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_MAX_CHARS = 500;

export const reviewSchema = z.object({
  ID: z.number().int(),
  TitleID: z.number().int(),
  Title: z.string(),
  /** The reviewer's name: whole for staff with the menu and for the reader's own reviews, else its first character and an asterisk per other one. */
  ReaderName: z.string(),
  ClassName: z.string(),
  Rating: z.number().int().min(1).max(5),
  Text: z.string(),
  State: z.enum(REVIEW_STATES),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type BookReview = z.infer<typeof reviewSchema>;

const paging = pageQuerySchema.omit({ SearchKey: true });

/** A review to write or rewrite (while pending) of a title the reader borrowed. */
export const reviewDraft = z.object({
  TitleID: idField('validation:required.id'),
  Rating: intField(1, 5),
  Text: text({ max: REVIEW_MAX_CHARS, required: 'circulation-reviews:required.text', multiline: true }),
});

const call = { method: 'POST', auth: 'user' } as const;
const P = (action: string) => `${LIB}/Circulation/${action}`;

export const reviewCalls = {
  /**
   * The signed-in reader's own reviews, newest first; with `Review`, first writes it (a new review,
   * or their pending one of that title rewritten), which needs a loan of that title by them.
   */
  borrowingBookReviews: defineCall({
    ...call, id: 'circulationReviews.borrowingBookReviews', path: P('BorrowingBookReviews'), spec: true,
    input: paging.extend({ Review: reviewDraft.optional() }),
    data: pageOf(reviewSchema).extend({ Saved: reviewSchema.nullable() }),
  }),
  /** The reviews of one title (or of every title), newest first: passed ones, or every state for staff with the menu. */
  literatureReviews: defineCall({
    ...call, id: 'circulationReviews.literatureReviews', path: P('LiteratureReviews'), spec: true,
    input: paging.extend({
      TitleID: idField(undefined, { coerce: true }).optional(),
      State: z.enum(REVIEW_STATES, { error: 'validation:text.type' }).optional(),
    }),
    data: pageOf(reviewSchema),
  }),
  /** Pass or reject reviews (staff); reports the ones it changed. */
  moderate: defineCall({
    ...call, id: 'circulationReviews.moderate', path: P('ModerateReviews'), spec: false, perm: REVIEW_MODERATE,
    input: z.object({ IDs: z.array(idField()).min(1).max(500), State: z.enum(['passed', 'rejected'], { error: 'validation:text.type' }) }),
    data: z.object({ Changed: z.array(z.number().int()) }),
  }),
};
