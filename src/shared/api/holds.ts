import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, idField, text } from '../domain/fields.ts';

/**
 * Holds (预约, issue 9 §2, /reservation): a queue per title. A reader asks for a title; the first
 * copy that becomes free is kept for the first reader in the queue on the hold shelf until a pickup
 * day, and lent to nobody else. As in Koha and FOLIO, a hold is on a title, not a copy, and a copy
 * is bound to a hold only when it is on its way to the hold shelf:
 *
 * - notFound (未到书, "waiting to receive"): queued; no copy yet, or a copy on the shelf that staff
 *   are to fetch (the copy is `reserving`: it appears on the pull list).
 * - found (已到书待取, "Found"): the copy is on the hold shelf (`reserved`) until ExpiresDay.
 * - received (已取书): the reader borrowed it (any copy of the title ends their hold).
 * - expired (逾期未取, "overdue (not collected)"): the pickup day passed; the copy went to the next
 *   reader in the queue or back to the shelf.
 * - cancelled (已取消): by staff, or by the reader.
 *
 * A returned copy whose title has a queue goes to the hold shelf instead of the shelves: the
 * return's reply says for whom (`Hold`), and the desk says so.
 */

export const HOLD_MENU = '/reservation';
export const HOLD_OPS = { place: 'circulation.holds.place', manage: 'circulation.holds.manage' } as const;

export const HOLD_STATES = ['notFound', 'found', 'received', 'expired', 'cancelled'] as const;
export type HoldState = (typeof HOLD_STATES)[number];
export const ACTIVE_HOLD_STATES: readonly HoldState[] = ['notFound', 'found'];

/** Days a copy waits on the hold shelf (the pickup day is the last, the school's open days counted). */
export const HOLD_PICKUP_OPEN_DAYS = 3;
/** Active holds one reader may have at once. */
export const MAX_ACTIVE_HOLDS = 5;

/** Where a hold stands, for the screen's filter: queued, copy to fetch, on the shelf, closed. */
export const HOLD_STAGES = ['queue', 'fetch', 'shelf', 'closed'] as const;

export const holdSchema = z.object({
  ID: z.number().int(),
  TitleID: z.number().int(),
  Title: z.string(),
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  ClassName: z.string().meta({ identifier: true }),
  State: z.enum(HOLD_STATES),
  /** 1 for the next reader to get a copy; null once the hold is not queued. */
  QueuePosition: z.number().int().nullable(),
  /** The copy kept (or being fetched) for this hold, '' when none. */
  Barcode: z.string(),
  CallNo: z.string(),
  /** Where the copy to fetch stands: branch and collection area, '' when none. */
  Location: z.string(),
  PlacedAt: z.string().meta({ widget: 'datetime' }),
  /** The last day to collect it (the school's local day), '' unless on the hold shelf. */
  ExpiresDay: z.string().meta({ widget: 'date' }),
  ClosedAt: z.string().meta({ widget: 'datetime' }).nullable(),
  /** Why it was cancelled, or '' . */
  Note: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdListQuery = pageQuerySchema.extend({
  Stage: z.enum(HOLD_STAGES).optional(),
  State: z.enum(HOLD_STATES).optional(),
  TitleID: idField().optional(),
});

/** What the hold shelf scan did with a copy. */
export const holdShelfResultSchema = z.object({ Hold: holdSchema });

/** The hold a returned copy now waits for (in the return's reply). */
export const heldForSchema = z.object({
  HoldID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  ClassName: z.string(),
  ExpiresDay: z.string(),
});
export type HeldFor = z.infer<typeof heldForSchema>;

const noteField = () => text({ max: 200 }).optional();

export const holdCalls = {
  list: defineCall({
    id: 'holds.list', method: 'POST', path: `${LIB}/Reservation/GetList`, auth: 'user', spec: false, perm: HOLD_MENU,
    input: holdListQuery,
    data: pageOf(holdSchema),
  }),
  /** Places a hold for a reader (looked up by card number) on a title. */
  place: defineCall({
    id: 'holds.place', method: 'POST', path: `${LIB}/Reservation/Place`, auth: 'user', spec: false, perm: HOLD_OPS.place,
    input: z.object({
      ReaderID: codeText({ max: 64, required: 'validation:required.readerId', patternError: 'validation:reader.readerIdFormat' }),
      TitleID: idField('validation:required.title'),
    }),
    data: holdShelfResultSchema,
  }),
  /** The hold shelf: a fetched (or any free) copy scanned for the queue of its title. */
  shelve: defineCall({
    id: 'holds.shelve', method: 'POST', path: `${LIB}/Reservation/Shelve`, auth: 'user', spec: false, perm: HOLD_OPS.manage,
    input: z.object({ Barcode: barcodeField('validation:required.barcode') }),
    data: holdShelfResultSchema,
  }),
  /** The copy to fetch was not on the shelf: another free copy is tried, else the hold waits in the queue. */
  notOnShelf: defineCall({
    id: 'holds.notOnShelf', method: 'POST', path: `${LIB}/Reservation/NotOnShelf`, auth: 'user', spec: false, perm: HOLD_OPS.manage,
    input: z.object({ HoldID: idField() }),
    data: holdShelfResultSchema,
  }),
  cancel: defineCall({
    id: 'holds.cancel', method: 'POST', path: `${LIB}/Reservation/Cancel`, auth: 'user', spec: false, perm: HOLD_OPS.manage,
    input: z.object({ HoldID: idField(), Note: noteField() }),
    data: holdShelfResultSchema,
  }),
  /** Titles for the place-a-hold picker: words of the title, or an ISBN, with copies and free copies. */
  titles: defineCall({
    id: 'holds.titles', method: 'POST', path: `${LIB}/Reservation/Titles`, auth: 'user', spec: false, perm: HOLD_MENU,
    input: z.object({ SearchKey: text({ max: 200, required: 'validation:required.title' }) }),
    data: z.object({
      List: z.array(z.object({ ID: z.number().int(), Title: z.string(), Author: z.string(), Copies: z.number().int(), Available: z.number().int(), Waiting: z.number().int() })),
    }),
  }),
};
