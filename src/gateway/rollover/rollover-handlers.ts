import type { Selectable } from 'kysely';
import { rolloverCalls, type RolloverBatch } from '../../shared/api/rollover.ts';
import type { RolloverBatchesTable } from '../db/schema-roles.ts';
import { writeRulesTx } from '../borrow-rules/rules-cache.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { planRollover } from './rollover-plan.ts';
import { applyRollover, undoRollover } from './rollover-apply.ts';
import { requireSchool, requireUser } from '../access/call-context.ts';

function toDto(r: Selectable<RolloverBatchesTable>, latestApplied: number | null, who: Map<number, string>): RolloverBatch {
  const s = JSON.parse(r.summary) as Partial<Record<'promoted' | 'graduated' | 'expired' | 'moved', number>>;
  return {
    ID: r.id, CreatedAt: r.created_at, CreatedBy: r.created_by != null ? (who.get(r.created_by) ?? '') : '',
    State: r.state === 'undone' ? 'undone' : 'applied',
    Promoted: s.promoted ?? 0, Graduated: s.graduated ?? 0, Expired: s.expired ?? 0, Moved: s.moved ?? 0,
    CanUndo: r.state === 'applied' && r.id === latestApplied, UndoneAt: r.undone_at,
  };
}

async function batchDtos(db: Parameters<typeof planRollover>[0], schoolId: number, rows: Selectable<RolloverBatchesTable>[]) {
  const latest = await db.selectFrom('rollover_batches').select('id').where('school_id', '=', schoolId).where('state', '=', 'applied').orderBy('id', 'desc').executeTakeFirst();
  const ids = [...new Set(rows.map((r) => r.created_by).filter((x): x is number => x != null))];
  const users = ids.length ? await db.selectFrom('users').select(['id', 'name']).where('school_id', '=', schoolId).where('id', 'in', ids).execute() : [];
  const who = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((r) => toDto(r, latest?.id ?? null, who));
}

export const rolloverHandlers = {
  'rollover.preview': handler(rolloverCalls.preview, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return (await planRollover(ctx.app.db, schoolId, new Date(), input.GroupMap)).dto;
  }),
  'rollover.commit': handler(rolloverCalls.commit, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    const now = new Date();
    // The rollover moves group assignments: writeRulesTx drops the desk's cached rules of the school.
    return writeRulesTx(ctx.app, schoolId, async (trx) => {
      const plan = await planRollover(trx, schoolId, now, input.GroupMap);
      if (plan.dto.Fingerprint !== input.Fingerprint) throw AppError.conflict('errors:rolloverStale');
      if (!plan.moves.length && !plan.graduating.length) throw AppError.conflict('errors:rolloverNothing');
      const id = await applyRollover(trx, schoolId, userId, plan, now);
      const row = await trx.selectFrom('rollover_batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return (await batchDtos(trx, schoolId, [row]))[0]!;
    });
  }),
  'rollover.history': handler(rolloverCalls.history, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const q = ctx.app.db.selectFrom('rollover_batches').where('school_id', '=', schoolId);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id', 'desc').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return { Total: Number(n), List: await batchDtos(ctx.app.db, schoolId, rows) };
  }),
  'rollover.undo': handler(rolloverCalls.undo, async (input, ctx) => {
    const { userId, schoolId } = requireUser(ctx);
    return writeRulesTx(ctx.app, schoolId, async (trx) => {
      await undoRollover(trx, schoolId, userId, input.ID, new Date());
      const row = await trx.selectFrom('rollover_batches').selectAll().where('id', '=', input.ID).executeTakeFirstOrThrow();
      return (await batchDtos(trx, schoolId, [row]))[0]!;
    });
  }),
} satisfies HandlerMapFor<typeof rolloverCalls>;
