import type { Transaction } from 'kysely';
import { readerCardCalls, type CardEvent } from '../../shared/api/reader-cards.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { publicCardStatus } from './public-card-status.ts';
import { findReader, roleNames, toReader, type UserRow } from '../readers/reader-store.ts';
import { requireUser } from '../access/call-context.ts';

/**
 * The card desk. Each action is one transaction: read the reader, check the card's state, update
 * it and write the history row (who, when, old/new number, deposit before/after) together.
 */
type Action = CardEvent['Action'];
interface Change {
  set: Partial<{ reader_id: string; status: string; deposit: number; expire_at: string | null }>;
  note?: string;
}

async function cardAction(ctx: CallContext, id: number, action: Action, decide: (r: UserRow, trx: Transaction<Database>) => Promise<Change> | Change) {
  const { userId, schoolId } = requireUser(ctx);
  try {
    await writeTx(ctx.app.db, async (trx) => {
      const r = await findReader(trx, schoolId, id);
      if (!r) throw AppError.notFound('errors:readerNotFound');
      const { set, note } = await decide(r, trx);
      const at = new Date().toISOString();
      await trx.updateTable('users').set({ ...set, updated_at: at }).where('school_id', '=', schoolId).where('id', '=', id).execute();
      const operator = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
      await trx.insertInto('reader_card_events').values({
        school_id: schoolId, user_id: id, action,
        old_card_no: r.reader_id, new_card_no: set.reader_id ?? r.reader_id,
        deposit_before: r.deposit, deposit_after: set.deposit ?? r.deposit,
        operator_id: userId, operator_name: operator?.name ?? '', note: note ?? '', created_at: at,
      }).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict('validation:reader.readerIdTaken');
    throw err;
  }
  const row = (await findReader(ctx.app.db, schoolId, id))!;
  const roles = await roleNames(ctx.app.db, schoolId, [id], ctx.lang);
  return toReader(row, { lang: ctx.lang, dataDir: ctx.app.config.dataDir, roles, maskPhone: true });
}

/** The new number must be free in the school (the unique index is the last word in a race). */
async function assertCardFree(trx: Transaction<Database>, schoolId: number, cardNo: string, selfId: number) {
  const owner = await trx.selectFrom('users').select('id').where('school_id', '=', schoolId).where('reader_id', '=', cardNo).executeTakeFirst();
  if (owner && owner.id !== selfId) throw AppError.conflict('validation:reader.readerIdTaken');
}

const cents = (n: number) => Math.round(n * 100) / 100;

export const readerCardsHandlers = {
  'cards.issue': handler(readerCardCalls.issue, (input, ctx) =>
    cardAction(ctx, input.ID, 'issue', async (r, trx) => {
      // A lost card is replaced (its number is retired), not issued again.
      if (r.status === 'lost') throw AppError.refused('errors:cardLostReplace');
      await assertCardFree(trx, r.school_id, input.CardNo, r.id);
      return {
        set: {
          reader_id: input.CardNo, status: 'active', deposit: cents(r.deposit + input.Deposit),
          ...(input.ExpireAt !== undefined ? { expire_at: input.ExpireAt ? `${input.ExpireAt}T00:00:00.000Z` : null } : {}),
        },
      };
    })),
  'cards.replace': handler(readerCardCalls.replace, (input, ctx) =>
    cardAction(ctx, input.ID, 'replace', async (r, trx) => {
      if (r.status === 'disabled') throw AppError.refused('errors:cardDisabled');
      if (input.CardNo === r.reader_id) throw AppError.refused('errors:cardSameNumber');
      await assertCardFree(trx, r.school_id, input.CardNo, r.id);
      // The new card works at once; an expired card stays expired until it is issued again.
      return { set: { reader_id: input.CardNo, status: r.status === 'lost' ? 'active' : r.status }, note: input.Note };
    })),
  'cards.reportLost': handler(readerCardCalls.reportLost, (input, ctx) =>
    cardAction(ctx, input.ID, 'lost', (r) => {
      if (r.status === 'lost') throw AppError.refused('errors:cardAlreadyLost');
      if (r.status === 'disabled') throw AppError.refused('errors:cardDisabled');
      return { set: { status: 'lost' }, note: input.Note };
    })),
  'cards.returnDeposit': handler(readerCardCalls.returnDeposit, (input, ctx) =>
    cardAction(ctx, input.ID, 'refund', async (r, trx) => {
      if (r.deposit <= 0) throw AppError.refused('errors:cardNoDeposit');
      // Books still out are what the deposit secures.
      const open = await trx.selectFrom('loans').select('id').where('school_id', '=', r.school_id).where('user_id', '=', r.id).where('returned_at', 'is', null).limit(1).executeTakeFirst();
      if (open) throw AppError.refused('errors:cardOpenLoans');
      return { set: { deposit: 0, status: 'disabled' }, note: input.Note };
    })),
  'cards.history': handler(readerCardCalls.history, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    if (!(await findReader(ctx.app.db, schoolId, input.ID))) throw AppError.notFound('errors:readerNotFound');
    const q = ctx.app.db.selectFrom('reader_card_events').where('school_id', '=', schoolId).where('user_id', '=', input.ID);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return {
      Total: Number(n),
      List: rows.map((e) => ({
        ID: e.id, Action: e.action as Action, OldCardNo: e.old_card_no, NewCardNo: e.new_card_no, DepositBefore: e.deposit_before,
        DepositAfter: e.deposit_after, OperatorName: e.operator_name, Note: e.note, CreateTime: e.created_at,
      })),
    };
  }),
  'cards.publicStatus': handler(readerCardCalls.publicStatus, (input, ctx) => publicCardStatus(ctx.app, ctx.request.ip, input)),
} satisfies HandlerMapFor<typeof readerCardCalls>;
