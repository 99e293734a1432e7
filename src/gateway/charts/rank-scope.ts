import { RANK_OPS, type RankQuery } from '../../shared/api/charts.ts';
import type { Identity } from '../../shared/domain/identities.ts';
import { branchFilter } from '../access/access-scope.ts';
import { requireUser } from '../access/call-context.ts';
import { classScope } from '../access/class-scope.ts';
import { deptSubtree } from '../circulation/records-store.ts';
import { AppError } from '../http/app-error.ts';
import type { CallContext } from '../http/handler-types.ts';
import { rankPeriod } from './rank-period.ts';
import type { RankFilter } from './rank-store.ts';
import type { ReaderPopulation } from './reader-rank-store.ts';

/**
 * The staff rankings' filter: the token's school, the period in its calendar offset, and the
 * caller's branch scope (a branch outside it is refused, none named means the branches it holds).
 */
export async function staffFilter(ctx: CallContext, q: Pick<RankQuery, 'Period' | 'From' | 'To' | 'BranchID' | 'ResourceTypeID'>): Promise<RankFilter & { userId: number }> {
  const { schoolId, userId } = requireUser(ctx);
  const offset = (await ctx.app.schoolRules.of(schoolId)).rules.Calendar.UtcOffsetMinutes;
  const branchIds = await branchFilter(ctx);
  if (q.BranchID != null && branchIds && !branchIds.includes(q.BranchID)) throw AppError.forbidden();
  return { schoolId, userId, period: rankPeriod(q, offset), branchId: q.BranchID, resourceTypeId: q.ResourceTypeID, branchIds };
}

/** Which readers a reader ranking names: a class, a grade, a department (with its sub-departments) or the school. */
export interface ReaderSelection {
  gradeId?: number | undefined;
  classId?: number | undefined;
  deptId?: number | undefined;
  identity?: Identity | undefined;
}

/**
 * The readers a caller may rank. Library staff (RANK_OPS.allClasses) rank anyone; a head teacher
 * or class librarian only the readers of their classes: another class is refused (403), a grade
 * or department narrows to their classes in it (403 when it has none of them), no selection
 * means their classes.
 */
export async function readerPopulation(ctx: CallContext, schoolId: number, sel: ReaderSelection): Promise<ReaderPopulation> {
  const db = ctx.app.db;
  const scope = await classScope(ctx, RANK_OPS.allClasses);
  let ids: number[] | undefined;
  if (sel.classId != null) {
    const c = await db.selectFrom('departments').select(['id', 'parent_id', 'kind']).where('school_id', '=', schoolId).where('id', '=', sel.classId).executeTakeFirst();
    if (!c || c.kind !== 'class') throw AppError.notFound('charts:errors.classNotFound');
    if (sel.gradeId != null && c.parent_id !== sel.gradeId) throw AppError.badRequest('charts:errors.classNotInGrade');
    scope.require(c.id);
    ids = [c.id];
  } else if (sel.gradeId != null || sel.deptId != null) {
    const id = (sel.gradeId ?? sel.deptId)!;
    if (sel.gradeId != null) {
      const g = await db.selectFrom('departments').select('kind').where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
      if (g?.kind !== 'grade') throw AppError.notFound('charts:errors.gradeNotFound');
    }
    const sub = await deptSubtree(db, schoolId, id);
    if (!sub) throw AppError.notFound('charts:errors.deptNotFound');
    ids = sub;
  }
  if (scope.ids) {
    const allowed = ids ? ids.filter((d) => scope.allows(d)) : [...scope.ids];
    if (!allowed.length) throw AppError.forbidden();
    ids = allowed;
  }
  return { deptIds: ids, identity: sel.identity };
}
