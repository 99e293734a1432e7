import { guideCalls as G, type GuideReaderCard } from '../../shared/api/guide.ts';
import { daysBetween, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool } from '../access/call-context.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { readerByCard } from '../circulation/circulation-store.ts';
import { checkPin, verifyModeOf } from '../circulation/verify-store.ts';

/**
 * The kiosk's card page (contract: shared/api/guide.ts). Every way a card can fail (unknown, not
 * active, PIN missing, wrong, unset or locked) is the same refusal, so the kiosk cannot be used to
 * find out which card numbers exist or whose PIN is close.
 */
const refused = () => AppError.refused('errors:guideCardRefused');

/** A card as typed on the on-screen keyboard (lower case) or scanned (as printed). */
async function readerOfCard(db: Db, schoolId: number, card: string) {
  return (await readerByCard(db, schoolId, card)) ?? (card !== card.toUpperCase() ? readerByCard(db, schoolId, card.toUpperCase()) : undefined);
}

async function cardPage(db: Db, schoolId: number, reader: { id: number; name: string; dept_id: number | null }, offset: number, now: Date): Promise<GuideReaderCard> {
  const today = toLocalDay(now.toISOString(), offset);
  const [dept, loans, holds] = await Promise.all([
    reader.dept_id == null ? undefined : db.selectFrom('departments').select(['name', 'en_name']).where('school_id', '=', schoolId).where('id', '=', reader.dept_id).executeTakeFirst(),
    db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
      .select(['t.title', 't.author', 'l.due_at']).where('l.school_id', '=', schoolId).where('l.user_id', '=', reader.id).where('l.returned_at', 'is', null)
      .orderBy('l.due_at').orderBy('l.id').execute(),
    db.selectFrom('holds as h').innerJoin('titles as t', 't.id', 'h.title_id').leftJoin('copies as c', 'c.id', 'h.copy_id').leftJoin('branches as b', 'b.id', 'c.branch_id')
      .select(['t.title', 'h.expires_at', 'b.name as branch_name', 'b.en_name as branch_en_name'])
      .where('h.school_id', '=', schoolId).where('h.user_id', '=', reader.id).where('h.state', '=', 'found').orderBy('h.expires_at').execute(),
  ]);
  return {
    Name: reader.name,
    ClassName: dept?.name ?? '',
    ClassEnName: dept?.en_name || dept?.name || '',
    Loans: loans.map((l) => {
      const due = toLocalDay(l.due_at, offset);
      return { Title: l.title, Author: l.author, DueDate: due, DaysOverdue: Math.max(0, daysBetween(due, today)) };
    }),
    HoldsReady: holds.map((h) => ({ Title: h.title, BranchName: h.branch_name ?? '', BranchEnName: h.branch_en_name || h.branch_name || '', Until: h.expires_at ? toLocalDay(h.expires_at, offset) : null })),
  };
}

export const guideHandlers = {
  'guide.cardSettings': handler(G.cardSettings, async (_input, ctx) => ({ PinRequired: (await verifyModeOf(ctx.app.db, requireSchool(ctx))) === 'password' })),

  'guide.readerCard': handler(G.readerCard, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const db = ctx.app.db;
    const [reader, mode] = await Promise.all([readerOfCard(db, schoolId, input.CardNo), verifyModeOf(db, schoolId)]);
    if (!reader || reader.status !== 'active') throw refused();
    if (mode === 'password') {
      if (!input.Pin) throw refused();
      if (!(await checkPin(db, schoolId, reader.id, input.Pin)).ok) throw refused();
    }
    const offset = (await ctx.app.schoolRules.of(schoolId)).rules.Calendar.UtcOffsetMinutes;
    return cardPage(db, schoolId, reader, offset, new Date());
  }),
} satisfies HandlerMapFor<typeof G>;
