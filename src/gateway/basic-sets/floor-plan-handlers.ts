import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool } from '../access/call-context.ts';
import { branchScope } from '../access/access-scope.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import { checkPlan, floorPlanOf, savePlan } from './floor-plan-store.ts';

/** Floor plans (contract: basicSetsCalls.floorPlan*): a branch's grid with its shelf areas placed on it. */

async function ownBranch(db: Db, schoolId: number, branchId: number) {
  const b = await db.selectFrom('branches').select('id').where('school_id', '=', schoolId).where('id', '=', branchId).executeTakeFirst();
  if (!b) throw AppError.notFound();
}

export const floorPlanHandlers = {
  'basic.floorPlan.get': handler(C.floorPlanGet, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await ownBranch(ctx.app.db, schoolId, input.BranchID);
    return (await floorPlanOf(ctx.app.db, schoolId, input.BranchID, false))!;
  }),
  'basic.floorPlan.save': handler(C.floorPlanSave, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await ownBranch(ctx.app.db, schoolId, input.BranchID);
    (await branchScope(ctx)).require(input.BranchID);
    checkPlan(input);
    await writeTx(ctx.app.db, (trx) => savePlan(trx, schoolId, ctx.principal?.userId ?? null, input));
    return (await floorPlanOf(ctx.app.db, schoolId, input.BranchID, false))!;
  }),
  'basic.floorPlan.public': handler(C.floorPlanPublic, async (input, ctx) => floorPlanOf(ctx.app.db, requireSchool(ctx), input.BranchID, true)),
} satisfies HandlerMapFor<typeof C>;
